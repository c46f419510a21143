import {
  ADULT_AGE,
  type Category,
  LEVEL_TOPIC_CREATE,
  type PageQuery,
  type Topic,
  YOURS_CATEGORY_ID,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Engine, locksRows } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { fail } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { ProductText } from '../../product-text';
import { assertMayWrite } from '../../shared/may-write';
import { type TopicRow, topicsRepo } from './repo';

function toTopic(row: TopicRow, followed: boolean): Topic {
  return {
    id: Number(row.id),
    category_id: Number(row.category_id),
    name: row.name,
    icon: row.icon,
    description: row.description,
    min_level: row.min_level,
    min_age: row.min_age,
    follower_count: row.follower_count,
    post_count: row.post_count,
    followed,
    created_at: Number(row.created_at),
  };
}

const pageCursor = z.object({ p: z.number().int().min(1) });

export interface NewTopic {
  category_id: number;
  name: string;
  description: string;
  icon?: string;
  adult: boolean;
}

/** Categories (the home tabs), their topics, and following topics. */
export function topicsService({
  db,
  engine,
  clock,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock: () => number;
}) {
  const repo = topicsRepo(db);
  const lockRows = locksRows(engine);

  async function present(rows: TopicRow[], viewer: Member | null): Promise<Topic[]> {
    const followed = viewer
      ? await repo.followedAmong(
          viewer.id,
          rows.map((r) => Number(r.id)),
        )
      : new Set<number>();
    return rows.map((r) => toTopic(r, followed.has(Number(r.id))));
  }

  return {
    /** The product names the categories: `text` gives each in the reader's language. */
    async categories(text: ProductText): Promise<Category[]> {
      return (await repo.categories()).map((c) => ({
        id: Number(c.id),
        name: text(c.name),
        topic_type: c.topic_type,
        icon: c.icon,
      }));
    },

    /** Category 0 is "yours": the topics the caller follows (none for a visitor). */
    async list(viewer: Member | null, query: PageQuery & { category_id: number }) {
      // Topic lists are short: the cursor only carries the next page number.
      const page = query.cursor ? decodeCursor(query.cursor, pageCursor).p : query.page;
      const offset = (page - 1) * query.num;
      // One row more than the page tells whether another page follows, without a count.
      const limit = query.num + 1;
      let rows: TopicRow[];
      let total: number;
      if (query.category_id === YOURS_CATEGORY_ID) {
        if (!viewer) return { list: [], total: 0, cursor: null };
        [rows, total] = await Promise.all([
          repo.followedBy(viewer.id, offset, limit),
          repo.countFollowedBy(viewer.id),
        ]);
      } else {
        [rows, total] = await Promise.all([
          repo.inCategory(query.category_id, offset, limit),
          repo.countInCategory(query.category_id),
        ]);
      }
      const more = rows.length > query.num;
      return {
        list: await present(rows.slice(0, query.num), viewer),
        total,
        cursor: more ? encodeCursor({ p: page + 1 }) : null,
      };
    },

    async detail(viewer: Member | null, id: number): Promise<Topic> {
      const row = await repo.find(id);
      if (!row) throw fail('errors.topic_not_found');
      const [topic] = await present([row], viewer);
      return topic!;
    },

    /** Toggles, or sets the state given; the count moves only when a row really changed. */
    async follow(member: Member, id: number, follow: boolean | undefined) {
      assertMayWrite(member, clock());
      const result = await db.transaction().execute(async (trx) => {
        const tx = topicsRepo(trx);
        if (!(await tx.find(id, lockRows))) throw fail('errors.topic_not_found');
        let followed: boolean;
        if (follow === true) {
          await tx.follow(id, member.id, clock());
          followed = true;
        } else if (follow === false) {
          await tx.unfollow(id, member.id);
          followed = false;
        } else {
          followed = !(await tx.unfollow(id, member.id));
          if (followed) await tx.follow(id, member.id, clock());
        }
        return { followed, follower_count: await tx.followerCount(id) };
      });
      return answer(result, result.followed ? 'community.followed' : 'community.unfollowed');
    },

    async create(member: Member, topic: NewTopic) {
      assertMayWrite(member, clock());
      if ((await repo.levelOf(member.id)) < LEVEL_TOPIC_CREATE)
        throw fail('errors.level_required', { level: LEVEL_TOPIC_CREATE });
      if (!(await repo.categoryExists(topic.category_id))) throw fail('errors.not_found');
      if (await repo.nameTaken(topic.name)) throw fail('errors.topic_name_taken');
      let id: number;
      try {
        id = await repo.insert({
          categoryId: topic.category_id,
          name: topic.name,
          description: topic.description,
          icon: topic.icon ?? '',
          minAge: topic.adult ? ADULT_AGE : 0,
          createdBy: member.id,
          now: clock(),
        });
      } catch (err) {
        // Two members racing for one name: the loser gets the same answer as the check above.
        if (uniqueViolation(err)) throw fail('errors.topic_name_taken');
        throw err;
      }
      return answer(await this.detail(member, id), 'community.topic_created');
    },
  };
}
export type TopicsService = ReturnType<typeof topicsService>;
