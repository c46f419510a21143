/**
 * What the features that show content use of mutes: the SQL that leaves a muted member's content
 * out of a viewer's lists, and the muted words that fold a text (docs/internals/mutes.md).
 */
export { foldingFor, mutedBy, mutedPhrasesOf, mutes, mutesSql } from './filters';
