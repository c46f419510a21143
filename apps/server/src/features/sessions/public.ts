/** What other features use of sessions: revoking them, the hash tokens are stored as, and where a sign-in comes from. */
export { LOCAL_ORIGIN, originOf, type SessionOrigin } from './origin';
export { hashToken, type SessionsService } from './service';
