/**
 * What password reset shares with sign-in: the attempt windows and the password hash. Two-step
 * sign-in also checks passwords (a fresh proof) and limits its codes' guesses like the password's.
 */
export type { AttemptWindows } from './attempts';
export { loginGuard, realSleep, type Sleep } from './login-guard';
export { hashPassword, verifyPassword } from './passwords';
