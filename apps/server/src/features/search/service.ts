import { type PageQuery, type Post, SEARCH_PREVIEW, type Topic, type UserCard } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Engine } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { Member } from '../../http/request-context';
import { dayOf } from '../../shared/days';
import { userCardsOf } from '../people/public';
import { presentPosts } from '../posts/public';
import { topicsRepo } from '../topics/public';
import { searchRepo } from './repo';
import { hotTermOf, searchTermsOf } from './terms';

/** Hot searches are what was searched in this many days, today included. */
const HOT_DAYS = 7;
const HOT_COUNT = 10;

export type SearchKind = 'all' | 'posts' | 'topics' | 'users';

export interface SearchQuery extends PageQuery {
  keyword: string;
  type: SearchKind;
}

export interface SearchResult {
  posts: Post[];
  topics: Topic[];
  users: UserCard[];
  total: number;
  cursor: string | null;
}

/** Search results are ranked, not in a keyset order: the cursor is where the next page starts. */
const offsetCursor = z.object({ o: z.number().int().min(0) });

type TopicRow = Awaited<ReturnType<ReturnType<typeof searchRepo>['topics']>>['rows'][number];

export function searchService({
  db,
  engine,
  clock,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock: () => number;
}) {
  const repo = searchRepo(db, engine);
  const topics = topicsRepo(db);

  async function presentTopics(rows: TopicRow[], viewerId: number | null): Promise<Topic[]> {
    const ids = rows.map((r) => Number(r.id));
    const followed = viewerId === null ? new Set<number>() : await topics.followedAmong(viewerId, ids);
    return rows.map((r) => ({
      id: Number(r.id),
      category_id: Number(r.category_id),
      name: r.name,
      icon: r.icon,
      description: r.description,
      min_level: r.min_level,
      min_age: r.min_age,
      follower_count: r.follower_count,
      post_count: r.post_count,
      followed: followed.has(Number(r.id)),
      created_at: Number(r.created_at),
    }));
  }

  async function presentUsers(ids: number[], viewerId: number | null): Promise<UserCard[]> {
    const cards = await userCardsOf(db, viewerId, ids);
    return ids.flatMap((id) => cards.get(id) ?? []);
  }

  /** A page of `limit` after `offset`, fetching one more row to know whether a next page exists. */
  function paged<T>(items: T[], offset: number, limit: number) {
    const more = items.length > limit;
    return { items: items.slice(0, limit), cursor: more ? encodeCursor({ o: offset + limit }) : null };
  }

  return {
    /**
     * Posts, topics and members matching a keyword; `type` picks the kind that is paged. `all`
     * pages posts and, on its first page only, leads with SEARCH_PREVIEW topics and members.
     * A first page that finds something counts towards hot searches.
     */
    async search(viewer: Member | null, query: SearchQuery): Promise<SearchResult> {
      const viewerId = viewer?.id ?? null;
      const terms = searchTermsOf(query.keyword);
      const offset = query.cursor ? decodeCursor(query.cursor, offsetCursor).o : (query.page - 1) * query.num;
      const limit = query.num;
      const result: SearchResult = { posts: [], topics: [], users: [], total: 0, cursor: null };

      if (query.type === 'all' || query.type === 'posts') {
        const found = await repo.posts(viewerId, terms, offset, limit + 1, clock());
        const page = paged(found.ids, offset, limit);
        result.posts = await presentPosts(db, viewerId, page.items);
        result.total = found.total;
        result.cursor = page.cursor;
      }
      if (query.type === 'topics') {
        const found = await repo.topics(terms, offset, limit + 1);
        const page = paged(found.rows, offset, limit);
        result.topics = await presentTopics(page.items, viewerId);
        result.total = found.total;
        result.cursor = page.cursor;
      }
      if (query.type === 'users') {
        const found = await repo.users(terms, offset, limit + 1);
        const page = paged(found.ids, offset, limit);
        result.users = await presentUsers(page.items, viewerId);
        result.total = found.total;
        result.cursor = page.cursor;
      }
      const firstPage = offset === 0;
      if (query.type === 'all' && firstPage) {
        const [topicRows, userIds] = await Promise.all([
          repo.topics(terms, 0, SEARCH_PREVIEW),
          repo.users(terms, 0, SEARCH_PREVIEW),
        ]);
        [result.topics, result.users] = await Promise.all([
          presentTopics(topicRows.rows, viewerId),
          presentUsers(userIds.ids, viewerId),
        ]);
      }

      const foundSomething = result.total > 0 || result.topics.length > 0 || result.users.length > 0;
      const term = hotTermOf(query.keyword);
      if (firstPage && foundSomething && term) await repo.countSearch(term, dayOf(clock()));
      return result;
    },

    /**
     * The HOT_COUNT terms searched most over the last HOT_DAYS days. Only searches that found
     * something are counted, so typos and nonsense never make the list.
     */
    async hot(): Promise<{ keyword: string; count: number }[]> {
      const rows = await repo.hot(dayOf(clock()) - (HOT_DAYS - 1), HOT_COUNT);
      return rows.map((r) => ({ keyword: r.term, count: Number(r.total) }));
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
