/**
 * What other features use of comments: a thread below a comment, as deleting it takes it, one
 * comment as a viewer sees it, and comments as the moderators' desk sees them.
 */
export { commentSubtree } from './repo';
export { presentComment, presentCommentsToStaff } from './service';
