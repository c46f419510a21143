/**
 * What posts, comments and edits use of content filters: screening a text before it is written,
 * and the hourly limits on new writing (docs/internals/content-filters.md).
 */
export { assertWithinHourlyLimit, type Screening, screenContent } from './screening';
