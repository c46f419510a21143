import type { ModAction, ModActionKind, PageQuery } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import type { Member } from '../../http/request-context';
import { assertStaff } from '../staff/public';
import { presentActions } from './log';
import { type LogFilter, type ModActionRow, modLogRepo } from './repo';

/**
 * The moderation log's two readings (docs/product/moderation.md#the-log): administrators read all
 * of it, filtered; anyone reads its public part, without who acted or the content as it was.
 */
export function modLogService({ db }: { db: Kysely<DB> }) {
  const repo = modLogRepo(db);

  async function page(query: PageQuery, filter: LogFilter, view: 'staff' | 'public') {
    const [{ rows, cursor }, total] = await Promise.all([
      keysetPage(
        query,
        (r: ModActionRow) => [r.id],
        1,
        (start, limit) => repo.page(filter, start, limit),
      ),
      repo.count(filter),
    ]);
    const list: ModAction[] = await presentActions(db, rows, view);
    return { list, total, cursor };
  }

  return {
    async log(
      member: Member,
      query: PageQuery & { moderator_id?: number; subject_id?: number; action?: ModActionKind },
    ) {
      assertStaff(member, 'admin');
      return page(
        query,
        { moderatorId: query.moderator_id, subjectId: query.subject_id, action: query.action },
        'staff',
      );
    },

    publicLog: (query: PageQuery) => page(query, { publicOnly: true }, 'public'),
  };
}
export type ModLogService = ReturnType<typeof modLogService>;
