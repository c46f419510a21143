import { expiredCodeFor, type User } from '@pixelhall/contract';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertMayWrite } from '../../shared/may-write';
import { recordActivity } from '../activity/public';
import { fileUrl } from '../uploads/public';
import { toUser } from './profile';
import { type UsersRepo, usersRepo } from './repo';

export interface ProfileChanges {
  nickname?: string;
  signature?: string;
  avatar?: string;
}

export function usersService({ repo, clock = Date.now }: { repo: UsersRepo; clock?: () => number }) {
  async function own(id: number): Promise<User> {
    const own = await repo.findOwn(id);
    if (!own) throw fail('errors.not_found');
    return toUser(own.row, { providers: own.providers });
  }

  /**
   * A new avatar is a picture the member uploaded, at the address upload/file gave them: as with
   * a post's files, another member's upload (or none at all) can't be worn, nor earn the avatar task,
   * and neither can a file that did not go through the picture pipeline (one sent as a download).
   */
  async function assertOwnPicture(userId: number, avatar: string): Promise<void> {
    // The picture already worn may be sent back with other changes, whoever put it there.
    if ((await repo.findActive(userId))?.avatar === avatar) return;
    const sha256 = /^\/upload\/files\/([0-9a-f]{64})\./.exec(avatar)?.[1];
    const upload = sha256 ? await repo.uploadOf(userId, sha256) : undefined;
    if (!sha256 || upload?.picture !== 1 || fileUrl(sha256) !== avatar) throw fail('errors.file_unknown');
  }

  return {
    /** A profile; e-mail, balances and sign-in details only when members read their own. */
    async profile(viewer: Member | null, userId: number | undefined): Promise<User> {
      const id = userId ?? viewer?.id;
      if (id === undefined) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('api'));
      if (viewer?.id === id) return own(id);
      if (viewer) {
        // A signed-in reader also learns whether they mute this member (the profile's menu).
        const seen = await repo.findActiveSeenBy(id, viewer.id, clock());
        if (!seen) throw fail('errors.not_found');
        const profile = toUser(seen.row);
        profile.muted = seen.mute !== null;
        profile.muted_until = seen.mute?.untilAt ?? null;
        return profile;
      }
      const row = await repo.findActive(id);
      if (!row) throw fail('errors.not_found');
      return toUser(row);
    },

    /** Nickname, signature and avatar arrive trimmed and checked by the contract schema. */
    async edit(member: Member, changes: ProfileChanges) {
      // Others would see a visitor's name and picture: only members choose them.
      assertMayWrite(member, clock());
      if (changes.avatar) await assertOwnPicture(member.id, changes.avatar);
      const now = clock();
      await repo.transaction(async (trx) => {
        // Kysely leaves out fields that are undefined, so only what was sent changes.
        await usersRepo(trx).updateProfile(member.id, changes, now);
        // A picture of their own counts toward the newbie avatar task (features/progression).
        if (changes.avatar) await recordActivity(trx, member.id, { kind: 'avatar' }, now);
      });
      return answer(await own(member.id), 'users.saved');
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
