/**
 * How a feature reports what a member did: recordActivity turns it into experience, task progress
 * and achievements; addNews tells another member. Both take the caller's transaction.
 */
export { addNews, type NewsItem, removeNewsAboutComments } from './news';
export { type Activity, recordActivity } from './record';
