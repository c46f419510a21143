import { randomBytes } from 'node:crypto';
import { MINING_TOKEN_TTL_MS, type MiningConfig } from '@pixelhall/contract';
import { fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import type { OptionsService } from '../options/public';
import { hashToken } from '../sessions/public';
import { cycleAt } from './cycle';
import type { MiningRepo } from './repo';

/**
 * The mining button (docs/product/tasks-achievements-mining.md#mining): the cycle the app's bar shows, and the short-lived token the
 * external mining page receives in its address. That token is its own random value in
 * `access_grants`, never the session token, so the page (and its logs, its referrers) can do
 * nothing with it but ask `mining/member` who it belongs to, for ten minutes.
 */
export function miningService({
  repo,
  options,
  clock,
}: {
  repo: MiningRepo;
  options: OptionsService;
  clock: () => number;
}) {
  const config = async () => (await options.get('mining_config')).option_value as MiningConfig;

  return {
    async cycle() {
      return cycleAt(clock(), await config());
    },

    async issueToken(member: Member) {
      assertFullMember(member);
      const mining = await config();
      if (!mining.mining_button) throw fail('errors.not_found');
      const now = clock();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now + MINING_TOKEN_TTL_MS;
      await repo.issue({ tokenHash: hashToken(token), userId: member.id, expiresAt }, now);
      // Other query parameters of the configured page are kept; a token already there is replaced.
      const url = new URL(mining.mining_url);
      url.searchParams.set('token', token);
      return { token, expires_at: expiresAt, url: url.toString() };
    },

    async member(token: string) {
      const row = await repo.memberOf(hashToken(token), clock());
      if (!row) throw fail('errors.mining_token_invalid');
      return {
        user_id: Number(row.id),
        nickname: row.nickname,
        avatar: row.avatar,
        level: row.level,
        expires_at: Number(row.expires_at),
      };
    },
  };
}
export type MiningService = ReturnType<typeof miningService>;
