/**
 * What appeals use of the desk: bringing back content a granted appeal was about, in the
 * appeal's transaction (docs/internals/moderation-desk.md#restore).
 */
export type { ContentTarget } from './repo';
export { restoreContent } from './restore';
