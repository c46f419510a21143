/** What other features use of users: the member's row and the profile it is shown as. */
export { toUser } from './profile';
export { type UserRow, type UsersRepo, usersRepo } from './repo';
