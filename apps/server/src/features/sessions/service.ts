import { hash, randomBytes } from 'node:crypto';
import type { Member } from '../../http/request-context';
import type { SessionOrigin } from './origin';
import type { SessionsRepo } from './repo';

/** How often a session's sliding expiry is written back, so reads don't each cost a write. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/**
 * Tokens are 256 random bits, so a fast hash is enough to make a stolen table useless; only the
 * hash is stored. Expiry slides with use up to a hard maximum from sign-in.
 */
export function hashToken(token: string): string {
  // The one-shot hash: a Hash object of its own costs more than hashing 43 characters.
  return hash('sha256', token, 'base64url');
}

export function sessionsService({
  repo,
  policy,
  clock = Date.now,
}: {
  repo: SessionsRepo;
  policy: SessionPolicy;
  clock?: () => number;
}) {
  return {
    async create(
      userId: number,
      // Recorded for the member's sessions list (sessions issue); optional until every caller passes it.
      origin: SessionOrigin,
    ): Promise<{ token: string; sessionId: number; expiresAt: number }> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const maxExpiresAt = now + policy.maxMs;
      const expiresAt = Math.min(now + policy.idleMs, maxExpiresAt);
      const sessionId = await repo.insert({
        user_id: userId,
        token_hash: hashToken(token),
        now,
        expires_at: expiresAt,
        max_expires_at: maxExpiresAt,
      });
      return { token, sessionId, expiresAt };
    },

    async resolve(token: string): Promise<Member | null> {
      const now = clock();
      const row = await repo.findActive(hashToken(token), now);
      if (!row) return null;
      if (now - row.last_used_at >= TOUCH_EVERY_MS) {
        await repo.touch(row.session_id, now, Math.min(now + policy.idleMs, row.max_expires_at));
      }
      return {
        id: row.user_id,
        username: row.username,
        nickname: row.nickname,
        sessionId: row.session_id,
        isTourist: row.is_tourist === 1,
      };
    },

    revoke: (sessionId: number) => repo.revoke(sessionId, clock()),
    revokeAllOf: (userId: number) => repo.revokeAllOf(userId, clock()),
    /**
     * Signs a member out everywhere but here, e.g. after a password change. Every game token goes
     * too, this session's included: one may have leaked with the password, and the host mints anew.
     */
    async revokeOthersOf(userId: number, keepSessionId: number): Promise<void> {
      await repo.revokeAllOf(userId, clock(), keepSessionId);
      await repo.dropGameTokensOf(userId);
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
