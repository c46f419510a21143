import {
  gradeForLevel,
  MUTE_WORDS_MAX,
  type MuteDuration,
  type MutedMember,
  type MutedWord,
  normalizeMuteText,
  type PageQuery,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { type MutesRepo, mutesRepo } from './repo';

type RunningMute = Awaited<ReturnType<MutesRepo['running']>>[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const LENGTH_MS: Record<MuteDuration, number | null> = { day: DAY_MS, week: 7 * DAY_MS, forever: null };

/**
 * Mutes (docs/product/follows-and-blacklist.md#mute): a member quiets another member for a while
 * or for good, and words or phrases. Unlike the blacklist, the muted member is never told and
 * nothing changes for them: no follow ends, nothing they may do is refused. Everything here is the
 * caller's own; the filtering itself happens where content is listed (public.ts).
 */
export function mutesService({
  db,
  engine,
  clock = Date.now,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock?: () => number;
}) {
  const repo = mutesRepo(db);
  const lockRows = locksRows(engine);

  async function assertActiveUser(id: number): Promise<void> {
    if (!(await repo.activeUser(id))) throw fail('errors.user_not_found');
  }

  return {
    async muteUser(member: Member, userId: number, duration: MuteDuration) {
      if (userId === member.id) throw fail('errors.cannot_mute_self');
      await assertActiveUser(userId);
      const now = clock();
      const length = LENGTH_MS[duration];
      const untilAt = length === null ? null : now + length;
      await repo.mute(member.id, userId, untilAt, now);
      return answer({ muted: true as const, until_at: untilAt }, 'community.muted');
    },

    async unmuteUser(member: Member, userId: number) {
      await assertActiveUser(userId);
      await repo.unmute(member.id, userId);
      return answer({ muted: false as const }, 'community.unmuted');
    },

    async list(member: Member, query: PageQuery) {
      const now = clock();
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: RunningMute) => [Number(r.created_at), Number(r.muted_user_id)],
          2,
          (start, limit) => repo.running(member.id, now, start, limit),
        ),
        repo.runningCount(member.id, now),
      ]);
      const list: MutedMember[] = rows.map((r) => ({
        id: Number(r.muted_user_id),
        nickname: r.nickname,
        avatar: r.avatar,
        level: r.level,
        grade: gradeForLevel(r.level),
        until_at: r.until_at === null ? null : Number(r.until_at),
        muted_at: Number(r.created_at),
      }));
      return { list, total, cursor };
    },

    /** The phrase arrives trimmed and within its length (the contract's muteWordField). */
    async muteWord(member: Member, phrase: string) {
      const normalized = normalizeMuteText(phrase).trim();
      // NFKC can turn what looked like text into nothing but spaces (U+3000 and friends).
      if (!normalized) throw fail('validation.mute_word_required');
      const now = clock();
      const word = await db.transaction().execute(async (trx) => {
        const tx = mutesRepo(trx);
        if (lockRows) await tx.lockMember(member.id);
        if ((await tx.wordCount(member.id)) >= MUTE_WORDS_MAX) {
          throw fail('errors.mute_words_full', { max: MUTE_WORDS_MAX });
        }
        const row = await tx.addWord({ user_id: member.id, phrase, normalized, created_at: now });
        if (!row) throw fail('errors.mute_word_exists');
        return row;
      });
      const data: MutedWord = {
        id: Number(word.id),
        phrase: word.phrase,
        created_at: Number(word.created_at),
      };
      return answer(data, 'community.word_muted');
    },

    async unmuteWord(member: Member, id: number) {
      if (!(await repo.removeWord(member.id, id))) throw fail('errors.mute_word_not_found');
      return answer({ id }, 'community.word_unmuted');
    },

    async words(member: Member) {
      const rows = await repo.words(member.id);
      const list: MutedWord[] = rows.map((r) => ({
        id: Number(r.id),
        phrase: r.phrase,
        created_at: Number(r.created_at),
      }));
      return { list, max: MUTE_WORDS_MAX };
    },
  };
}
export type MutesService = ReturnType<typeof mutesService>;
