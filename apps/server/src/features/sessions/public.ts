/** What other features use of sessions: revoking them, and the hash tokens are stored as. */
export { hashToken, type SessionsService } from './service';
