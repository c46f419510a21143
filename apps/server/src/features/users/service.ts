import { expiredCodeFor, gradeForLevel, type User } from '@pixelhall/contract';
import { AppError, fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import type { UsersRepo } from './repo';

export function usersService(repo: UsersRepo) {
  return {
    /** A profile; e-mail and balances only when members read their own. */
    async profile(viewer: Member | null, userId: number | undefined): Promise<User> {
      const id = userId ?? viewer?.id;
      if (id === undefined) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('api'));
      const row = await repo.findActive(id);
      if (!row) throw fail('errors.not_found');
      const { email, gold, diamonds, ...pub } = row;
      const profile = { ...pub, id: Number(pub.id), grade: gradeForLevel(row.level) };
      return viewer?.id === profile.id ? { ...profile, email, gold, diamonds } : profile;
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
