import { fail } from '../http/app-error';
import type { Member } from '../http/request-context';

/**
 * For every write others can see (posts, comments, likes, follows, topics, the profile): a
 * visitor may not, and neither may a suspended member until the suspension's end
 * (docs/product/moderation.md#sanctions). The end is the member's row as this request read it, so
 * a suspension ends exactly at `suspendedUntil` on the app clock. The message names the end (in
 * UTC); the failure's data stays null, since a failure's data must fit the endpoint's own answer,
 * so the app reads the end from my/standing when it sees `errors.suspended`.
 */
export function assertMayWrite(member: Pick<Member, 'isTourist' | 'suspendedUntil'>, now: number): void {
  if (member.isTourist) throw fail('errors.tourist_forbidden');
  const until = member.suspendedUntil;
  if (until !== null && until > now) throw fail('errors.suspended', { until });
}
