/** What appeals use of sanctions: ending a suspension an appeal was granted against. */
export { liftSanction } from './lift';
