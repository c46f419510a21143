/** What password reset shares with sign-in: the attempt window and the password hash. */
export { slidingWindow } from './attempts';
export { hashPassword } from './passwords';
