/** What password reset shares with sign-in: the attempt windows and the password hash. */
export type { AttemptWindows } from './attempts';
export { hashPassword } from './passwords';
