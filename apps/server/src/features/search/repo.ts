import { ADULT_AGE, PAID_TEASER_CHARS } from '@pixelhall/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Engine } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { mutesSql } from '../mutes/public';
import type { SearchTerms } from './terms';

/**
 * A keyword of short terms only (one or two characters: common in Japanese and Korean) has no
 * trigram for an index to find; it is looked for among this many newest posts, so its cost has
 * a ceiling however many posts there are.
 */
export const SHORT_QUERY_WINDOW = 20_000;
/**
 * A keyword the index finds in very many posts is ranked among the newest this many of them:
 * relevance is computed per row, and a term found in half a million posts would otherwise cost
 * seconds. `total` counts at most this many too.
 */
export const POST_MATCHES_MAX = 5_000;
/** Makes a short post that mentions a term rank above a long one that mentions it as often. */
const LENGTH_DAMPING = 20;

type Condition = RawBuilder<SqlBool>;

const all = (conditions: Condition[]): Condition =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
const any = (conditions: Condition[]): Condition => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

const likeEscaped = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`;
const codePoints = (s: string) => Array.from(s).length;

/**
 * Search queries. Both engines match alike: every term of the keyword appears in the searched
 * text as a substring, case aside. Indexes find the candidates for terms of three or more
 * characters (SQLite FTS5 trigram tables, PostgreSQL pg_trgm under ILIKE); shorter terms filter
 * those candidates. Relevance is one formula on both engines.
 */
export function searchRepo(
  db: Kysely<DB>,
  engine: Engine,
  { postMatchesMax = POST_MATCHES_MAX }: { postMatchesMax?: number } = {},
) {
  /** 1-based position of `term` in the lower-cased text, 0 when absent. */
  const position = (text: RawBuilder<unknown>, term: string) =>
    engine === 'sqlite'
      ? sql<number>`instr(lower(${text}), ${term})`
      : sql<number>`strpos(lower(${text}), ${term})`;
  const contains = (text: RawBuilder<unknown>, term: string) => sql<SqlBool>`${position(text, term)} > 0`;
  const column = (table: string, name: string) => sql.ref(`${table}.${name}`) as RawBuilder<unknown>;

  /** PostgreSQL: one ILIKE condition per term over `alias`'s `columns`, which pg_trgm indexes serve. */
  const ilikeAll = (alias: string, columns: string[], terms: string[]) =>
    terms.map((term) => {
      const pattern = `%${likeEscaped(term)}%`;
      return any(columns.map((c) => sql<SqlBool>`${column(alias, c)} ilike ${pattern}`));
    });

  /**
   * Rows of `table` with every term in one of `columns`, through the table's search index.
   * With `newest`, only the newest that many rows the index finds are candidates.
   */
  function matches(
    table: 'posts' | 'topics' | 'users',
    columns: string[],
    terms: SearchTerms,
    newest?: number,
  ): Condition[] {
    const conditions: Condition[] = [];
    if (terms.indexed.length > 0) {
      const newestBy = (id: RawBuilder<unknown>) =>
        newest === undefined ? sql`` : sql` order by ${id} desc limit ${sql.lit(newest)}`;
      if (engine === 'sqlite') {
        const fts = sql.table(`${table}_fts`);
        const query = terms.indexed.map(ftsPhrase).join(' AND ');
        conditions.push(
          sql<SqlBool>`${column(table, 'id')} in (select rowid from ${fts} where ${fts} match ${query}${newestBy(sql`rowid`)})`,
        );
      } else if (newest === undefined) {
        conditions.push(...ilikeAll(table, columns, terms.indexed));
      } else {
        const found = all(ilikeAll('candidate', columns, terms.indexed));
        conditions.push(
          sql<SqlBool>`${column(table, 'id')} in (select candidate.id from ${sql.table(table)} as candidate where ${found}${newestBy(column('candidate', 'id'))})`,
        );
      }
    }
    for (const term of terms.short)
      conditions.push(any(columns.map((c) => contains(column(table, c), term))));
    return conditions;
  }

  /** 0 for a name equal to the keyword, 1 starting with it, 2 containing it, 3 otherwise. */
  function nameRank(names: RawBuilder<unknown>[], phrase: string) {
    const equal = any(names.map((n) => sql<SqlBool>`lower(${n}) = ${phrase}`));
    const starts = any(names.map((n) => sql<SqlBool>`${position(n, phrase)} = 1`));
    const inside = any(names.map((n) => contains(n, phrase)));
    return sql<number>`case when ${equal} then 0 when ${starts} then 1 when ${inside} then 2 else 3 end`;
  }

  return {
    /**
     * A page of post ids for `viewerId` (null: a visitor), most relevant first, then newest, and
     * how many match. A paid post the viewer can't read is searched (and ranked) by its teaser
     * only, so a search can't probe what it hides. Adult topics, blocked members and the members
     * the viewer mutes at `now` (the service's clock) are left out, and so are removed and held posts.
     */
    async posts(
      viewerId: number | null,
      terms: SearchTerms,
      offset: number,
      limit: number,
      now = Date.now(),
    ) {
      const visible =
        viewerId === null
          ? sql<SqlBool>`posts.price = 0`
          : sql<SqlBool>`(posts.price = 0 or posts.user_id = ${viewerId} or exists (select 1 from post_unlocks where post_unlocks.post_id = posts.id and post_unlocks.user_id = ${viewerId}))`;
      const teaser = sql`substr(posts.text, 1, ${sql.lit(PAID_TEASER_CHARS)})`;
      const searched = sql`(case when ${visible} then posts.text else ${teaser} end)`;
      const every = [...terms.indexed, ...terms.short];

      const conditions: Condition[] = [
        ...matches('posts', ['text'], terms, postMatchesMax),
        sql<SqlBool>`(${visible} or ${all(every.map((t) => contains(teaser, t)))})`,
        sql<SqlBool>`posts.topic_id not in (select topics.id from topics where topics.min_age >= ${sql.lit(ADULT_AGE)})`,
        // What a moderator removed or holds for review is found by no one (docs/product/moderation.md).
        sql<SqlBool>`posts.removed_at is null and posts.held_at is null`,
      ];
      if (terms.indexed.length === 0) {
        conditions.push(
          sql<SqlBool>`posts.id in (select recent.id from posts as recent order by recent.created_at desc, recent.id desc limit ${sql.lit(SHORT_QUERY_WINDOW)})`,
        );
      }
      if (viewerId !== null) {
        conditions.push(
          sql<SqlBool>`not exists (select 1 from blacklist where blacklist.user_id = ${viewerId} and blacklist.blocked_id = posts.user_id)`,
          sql<SqlBool>`not ${mutesSql(viewerId, 'posts.user_id', now)}`,
        );
      }
      const where = all(conditions);

      // Occurrences of the terms per character of the searched text.
      const lowered = sql`lower(${searched})`;
      const occurrences = every.map(
        (t) =>
          sql`(length(${lowered}) - length(replace(${lowered}, ${t}, ''))) * 1.0 / ${sql.lit(codePoints(t))}`,
      );
      const relevance = sql<number>`(${sql.join(occurrences, sql` + `)}) / (length(${searched}) + ${sql.lit(LENGTH_DAMPING)})`;

      const [rows, count] = await Promise.all([
        db
          .selectFrom('posts')
          .select('posts.id')
          .where(where)
          .orderBy(relevance, 'desc')
          .orderBy('posts.created_at', 'desc')
          .orderBy('posts.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      return { ids: rows.map((r) => Number(r.id)), total: Number(count.n) };
    },

    /** Topics by name and description: names that are the keyword first, then the most followed. */
    async topics(terms: SearchTerms, offset: number, limit: number) {
      const where = all(matches('topics', ['name', 'description'], terms));
      const [rows, count] = await Promise.all([
        db
          .selectFrom('topics')
          .selectAll()
          .where(where)
          .orderBy(nameRank([column('topics', 'name')], terms.phrase))
          .orderBy('topics.follower_count', 'desc')
          .orderBy('topics.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('topics')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Active full members by nickname and user name, ranked as topics are. */
    async users(terms: SearchTerms, offset: number, limit: number) {
      const where = all([
        ...matches('users', ['nickname', 'username'], terms),
        sql<SqlBool>`users.is_tourist = 0`,
        sql<SqlBool>`users.status = 'active'`,
      ]);
      const names = [column('users', 'nickname'), column('users', 'username')];
      const [rows, count] = await Promise.all([
        db
          .selectFrom('users')
          .select('users.id')
          .where(where)
          .orderBy(nameRank(names, terms.phrase))
          .orderBy('users.follower_count', 'desc')
          .orderBy('users.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      return { ids: rows.map((r) => Number(r.id)), total: Number(count.n) };
    },

    /** One more search of `term` on `day`. */
    async countSearch(term: string, day: number): Promise<void> {
      await db
        .insertInto('search_terms')
        .values({ term, day, count: 1 })
        .onConflict((oc) =>
          oc.columns(['term', 'day']).doUpdateSet((eb) => ({ count: eb('search_terms.count', '+', 1) })),
        )
        .execute();
    },

    /** The most searched terms from `sinceDay` on, most searched first. */
    hot: (sinceDay: number, limit: number) =>
      db
        .selectFrom('search_terms')
        .select((eb) => ['term', eb.fn.sum<number>('count').as('total')])
        .where('day', '>=', sinceDay)
        .groupBy('term')
        .orderBy('total', 'desc')
        .orderBy('term')
        .limit(limit)
        .execute(),
  };
}
export type SearchRepo = ReturnType<typeof searchRepo>;
