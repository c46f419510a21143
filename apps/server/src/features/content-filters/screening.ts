import {
  type FilterKind,
  type FilterVerdict,
  HELD_NEW_MEMBER_LINK,
  HOURLY_LIMITS,
  heldReasonForFilter,
  isNewMember,
} from '@pixelhall/contract';
import type { Executor } from '../../db/executor';
import { fail } from '../../http/app-error';
import { carriesLink, compileFilters, type FilterRule, type Screener } from './matcher';
import { contentFiltersRepo } from './repo';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The compiled filters per database handle, with the version they were compiled at. Every screen
 * reads the version (one indexed aggregate), so a filter added through any server applies on the
 * next post everywhere; the rows are read and compiled again only when it changed. A transaction is
 * a handle of its own and simply compiles afresh.
 */
const compiled = new WeakMap<Executor, { version: string; screener: Screener }>();

async function screenerFor(db: Executor): Promise<Screener> {
  const repo = contentFiltersRepo(db);
  const version = await repo.version();
  const cached = compiled.get(db);
  if (cached?.version === version) return cached.screener;
  const rules: FilterRule[] = (await repo.all()).map((r) => ({ ...r, id: Number(r.id) }));
  const screener = compileFilters(rules);
  compiled.set(db, { version, screener });
  return screener;
}

export interface Screening {
  verdict: FilterVerdict;
  /** Why: `new_member_link` or `filter:<kind>:<value>` (heldReasonOf reads it back); null when allowed. */
  reason: string | null;
}

/** What the filters alone answer for a text, and the filter that decided (mod/filters/try). */
export async function tryFilters(
  db: Executor,
  text: string,
  links: readonly string[],
): Promise<{ verdict: FilterVerdict; matched: { kind: FilterKind; value: string } | null }> {
  const hit = (await screenerFor(db))(text, links);
  return hit
    ? { verdict: hit.action, matched: { kind: hit.kind, value: hit.value } }
    : { verdict: 'allow', matched: null };
}

/**
 * Screens what a member is about to publish (docs/product/moderation.md#filters-and-new-member-limits):
 * a block filter blocks, else a hold filter holds, else a new member's link holds. What a verdict
 * does is the caller's: a post is refused or written held, a comment is refused either way.
 */
export async function screenContent(
  db: Executor,
  input: { userId: number; text: string; links: string[] },
  now: number,
): Promise<Screening> {
  const hit = (await screenerFor(db))(input.text, input.links);
  if (hit) return { verdict: hit.action, reason: heldReasonForFilter(hit.kind, hit.value) };
  if (carriesLink(input.text, input.links)) {
    const member = await contentFiltersRepo(db).member(input.userId);
    if (member && isNewMember({ level: member.level, created_at: Number(member.created_at) }, now)) {
      return { verdict: 'hold', reason: HELD_NEW_MEMBER_LINK };
    }
  }
  return { verdict: 'allow', reason: null };
}

/**
 * Refuses a member's post or comment past their hourly limit, counted from what they wrote in the
 * last hour (so every server counts the same rows). Call it in the transaction that writes; with
 * `lock` (PostgreSQL: db/dialect.ts `locksRows`) the member's row is held first, so two writes at
 * once take turns and the limit is never passed by racing.
 */
export async function assertWithinHourlyLimit(
  db: Executor,
  userId: number,
  kind: 'post' | 'comment',
  now: number,
  options: { lock?: boolean } = {},
): Promise<void> {
  const repo = contentFiltersRepo(db);
  if (options.lock) await repo.lockMember(userId);
  const member = await repo.member(userId);
  // Moderators and administrators are trusted with the community's care, as Discourse exempts
  // staff from its rate limits: an announcement thread or a round of replies is never cut short.
  if (member?.role !== 'member') return;
  const limits = isNewMember({ level: member.level, created_at: Number(member.created_at) }, now)
    ? HOURLY_LIMITS.newMember
    : HOURLY_LIMITS.member;
  const max = limits[kind];
  const written = await repo.writtenSince(kind === 'post' ? 'posts' : 'comments', userId, now - HOUR_MS);
  if (written >= max)
    throw fail(kind === 'post' ? 'errors.too_many_posts' : 'errors.too_many_comments', { max });
}
