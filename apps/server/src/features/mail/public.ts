/** What other features use of mail: sending one. */
export type { Mailer } from './mailer';
