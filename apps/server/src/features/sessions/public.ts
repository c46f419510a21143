/** What other features use of sessions: revoking them, the hash tokens are stored as, and where a sign-in comes from. */

export { endEverySessionOf } from './end-all';
export { LOCAL_ORIGIN, originOf, type SessionOrigin } from './origin';
export { hashToken, type SessionsService } from './service';
