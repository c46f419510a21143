import { type MutedPhrase, type MuteMatcher, muteMatcher } from '@pixelhall/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

/** A mute runs while it has no end, or its end is still to come by the app's clock. */
const running = (eb: ExpressionBuilder<DB, 'member_mutes'>, now: number): Expression<SqlBool> =>
  eb.or([eb('member_mutes.until_at', 'is', null), eb('member_mutes.until_at', '>', now)]);

/**
 * The members `userId` mutes at `now`, as a subquery: lists leave their content out for that
 * viewer with `where(<author column>, 'not in', mutedBy(db, viewerId, now))`, beside the
 * blacklist's `blockedBy`. One range of member_mutes_filter, read once per statement; a mute
 * that ran out simply stops matching, so nothing has to delete it.
 */
export const mutedBy = (db: Kysely<DB>, userId: number, now: number) =>
  db
    .selectFrom('member_mutes')
    .select('member_mutes.muted_user_id')
    .where('member_mutes.user_id', '=', userId)
    .where((eb) => running(eb, now));

/**
 * Whether `userId` mutes the member in `column` of the enclosing query at `now`, for `not exists`:
 * a probe of the primary key per row, for statements that read few rows (search's candidates,
 * latest/news's newest item), where building the whole set would cost more.
 */
export const mutes = (db: Kysely<DB>, userId: number, column: string, now: number) =>
  db
    .selectFrom('member_mutes')
    .select('member_mutes.muted_user_id')
    .where('member_mutes.user_id', '=', userId)
    .where('member_mutes.muted_user_id', '=', sql.ref<number>(column))
    .where((eb) => running(eb, now));

/** The same as raw SQL, for repositories that write their conditions as `sql` (search). */
export const mutesSql = (userId: number, column: string, now: number) =>
  sql<SqlBool>`exists (select 1 from member_mutes where member_mutes.user_id = ${userId} and member_mutes.muted_user_id = ${sql.ref(column)} and (member_mutes.until_at is null or member_mutes.until_at > ${now}))`;

// Every feed page, comment list and post of a signed-in member asks for this (db/compiled-once.ts).
const phrasesOf = compiledOnce((db, p: Params<{ userId: number }>) =>
  db.selectFrom('muted_words').select(['phrase', 'normalized']).where('user_id', '=', p.userId).orderBy('id'),
);

/** A member's muted phrases in the order they were muted (none for a visitor), in one indexed read. */
export async function mutedPhrasesOf(db: Kysely<DB>, viewerId: number | null): Promise<MutedPhrase[]> {
  if (viewerId === null) return [];
  return phrasesOf(db, { userId: viewerId });
}

/**
 * What folds a text for `viewerId`: the muted words it contains (`muteMatcher`). A visitor, and a
 * member who muted none, get a matcher that answers nothing at no cost.
 */
export async function foldingFor(db: Kysely<DB>, viewerId: number | null): Promise<MuteMatcher> {
  return muteMatcher(await mutedPhrasesOf(db, viewerId));
}
