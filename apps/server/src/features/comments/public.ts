/** What other features use of comments: a thread below a comment, as deleting it takes it. */
export { commentSubtree } from './repo';
