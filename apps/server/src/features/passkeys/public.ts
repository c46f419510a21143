/**
 * What other features use of passkeys (docs/internals/passkeys.md): how many a member has (a
 * passkey is a second step). Deleting an account takes its passkeys and challenges with it, by
 * the tables' `on delete cascade`.
 */
export { passkeysRepo } from './repo';
