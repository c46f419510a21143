import { expiredCodeFor, type User } from '@pixelhall/contract';
import { AppError, fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import { toUser } from './profile';
import type { UsersRepo } from './repo';

export function usersService(repo: UsersRepo) {
  return {
    /** A profile; e-mail, balances and sign-in details only when members read their own. */
    async profile(viewer: Member | null, userId: number | undefined): Promise<User> {
      const id = userId ?? viewer?.id;
      if (id === undefined) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('api'));
      const row = await repo.findActive(id);
      if (!row) throw fail('errors.not_found');
      return viewer?.id === Number(row.id) ? toUser(row, { providers: await repo.providersOf(id) }) : toUser(row);
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
