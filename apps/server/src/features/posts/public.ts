/**
 * What other features use of posts: the paid and 18+ gate every post shown goes through, the
 * palette of styles, and the shared first pages a change must drop.
 */
export type { FirstPages } from './first-pages';
export {
  assertAdultConfirmed,
  type GatedText,
  gatedTexts,
  gateTexts,
  gateVersions,
  presentPost,
  presentPosts,
  type QuotedPost,
  type Reader,
  readableText,
} from './gate';
export { COLORS, STYLES } from './palette';
export { decodeSnapshot, type ReportSnapshot } from './report-snapshot';
