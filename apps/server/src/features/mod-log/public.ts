/**
 * How every feature that moderates writes the log, in the transaction of its change, and reads
 * it back (docs/internals/staff-and-sanctions.md#the-log).
 */
export {
  actionById,
  actionsAgainst,
  entriesAbout,
  isPublicAction,
  type ModActionInput,
  presentActions,
  recordModAction,
} from './log';
export { COLUMNS as MOD_ACTION_COLUMNS, type ModActionRow, rowOf as modActionRowOf } from './repo';
