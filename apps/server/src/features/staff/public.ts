/**
 * Who may moderate what (docs/internals/staff-and-sanctions.md#roles): every desk endpoint asks
 * these on the server, with the role the request read from the member's row.
 */
export type { Role } from '@pixelhall/contract';
export {
  assertGlobalModerator,
  assertModeratesTopic,
  assertOutranks,
  assertStaff,
  moderatedTopics,
  RANK,
  roleOf,
} from './access';
