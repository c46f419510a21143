import { type ContentFilter, type FilterAction, type FilterKind, gradeForLevel } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { recordModAction } from '../mod-log/public';
import { assertStaff } from '../staff/public';
import { normalizeFilter } from './matcher';
import { contentFiltersRepo } from './repo';
import { tryFilters } from './screening';

type ListedRow = Awaited<ReturnType<ReturnType<typeof contentFiltersRepo>['listed']>>[number];

const present = (r: ListedRow): ContentFilter => ({
  id: Number(r.id),
  kind: r.kind,
  value: r.value,
  action: r.action,
  created_by:
    r.user_id === null
      ? null
      : {
          id: Number(r.user_id),
          nickname: r.nickname!,
          avatar: r.avatar!,
          level: r.level!,
          grade: gradeForLevel(r.level!),
        },
  created_at: Number(r.created_at),
});

/** How the log names a filter: what it does, its kind and its value ("hold word: casino"). */
const described = (f: { kind: string; value: string; action: string }) => `${f.action} ${f.kind}: ${f.value}`;

/**
 * The administrators' filter list (docs/product/moderation.md#filters-and-new-member-limits).
 * Everyone below an administrator gets "not found": the list does not exist for them. Every
 * addition and removal is logged in its own transaction.
 */
export function contentFiltersService({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  const repo = contentFiltersRepo(db);

  return {
    async list(member: Member) {
      assertStaff(member, 'admin');
      const rows = await repo.listed();
      const list = rows.map(present);
      return { list };
    },

    /** Nothing is saved on a refusal: the value is judged before the transaction starts. */
    async add(member: Member, input: { kind: FilterKind; value: string; action: FilterAction }) {
      assertStaff(member, 'admin');
      const judged = normalizeFilter(input.kind, input.value);
      if ('key' in judged) {
        throw judged.key === 'errors.filter_pattern_invalid'
          ? fail(judged.key, { detail: judged.detail })
          : fail(judged.key);
      }
      // A host is kept as compared, so the list shows what actually matches.
      const value = input.kind === 'link' ? judged.normalized : input.value;
      const now = clock();
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await contentFiltersRepo(trx).insert({
          kind: input.kind,
          value,
          normalized: judged.normalized,
          action: input.action,
          createdBy: member.id,
          now,
        });
        if (inserted === undefined) throw fail('errors.filter_exists');
        await recordModAction(
          trx,
          {
            moderatorId: member.id,
            action: 'add_filter',
            targetType: 'filter',
            targetId: inserted,
            subjectUserId: null,
            reason: described({ ...input, value }),
          },
          now,
        );
        return inserted;
      });
      const [row] = await repo.listed(id);
      // Removed again in between by another administrator: answer what was added all the same.
      const data: ContentFilter = row
        ? present(row)
        : { id, kind: input.kind, value, action: input.action, created_by: null, created_at: now };
      return answer(data, 'moderation.filter_added');
    },

    async remove(member: Member, id: number) {
      assertStaff(member, 'admin');
      const now = clock();
      await db.transaction().execute(async (trx) => {
        const removed = await contentFiltersRepo(trx).remove(id);
        if (!removed) throw fail('errors.filter_not_found');
        await recordModAction(
          trx,
          {
            moderatorId: member.id,
            action: 'remove_filter',
            targetType: 'filter',
            targetId: id,
            subjectUserId: null,
            reason: described(removed),
          },
          now,
        );
      });
      return answer({ id }, 'moderation.filter_removed');
    },

    /** The filters' verdict alone: an administrator is never a new member, and nothing is written. */
    async tryText(member: Member, text: string) {
      assertStaff(member, 'admin');
      const { verdict, matched } = await tryFilters(db, text, []);
      return { verdict, matched: matched?.value ?? null, kind: matched?.kind ?? null };
    },
  };
}
export type ContentFiltersService = ReturnType<typeof contentFiltersService>;
