import { hash, randomBytes } from 'node:crypto';
import type { SessionItem } from '@pixelhall/contract';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { shortenAddress } from './address';
import type { SessionOrigin } from './origin';
import type { SessionsRepo, StoredOrigin } from './repo';

/**
 * How often a session's last use (its sliding expiry, and where it was used from) is written
 * back, so reads don't each cost a write. The member's list of devices shows it as "last seen":
 * five minutes keeps that honest to the minutes a relative time reads in, for one small write
 * per active session every five minutes (docs/internals/sessions.md#last-seen).
 */
export const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** The most sessions the list shows, newest first; "sign out every other device" ends them all. */
export const LISTED_SESSIONS = 100;

function stored(origin: SessionOrigin): StoredOrigin {
  return {
    device_type: origin.deviceType,
    app_version: origin.appVersion,
    address: shortenAddress(origin.address),
  };
}

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
    /** A new session for the member, recording where it begins for their list of devices. */
    async create(
      userId: number,
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
        origin: stored(origin),
      });
      return { token, sessionId, expiresAt };
    },

    /**
     * The member of a live session token. `originNow` says where this request comes from; it is
     * asked (and the headers read) only when the session's last use is written back.
     */
    async resolve(token: string, originNow?: () => SessionOrigin): Promise<Member | null> {
      const now = clock();
      const row = await repo.findActive(hashToken(token), now);
      if (!row) return null;
      if (now - row.last_used_at >= TOUCH_EVERY_MS) {
        await repo.touch(
          row.session_id,
          now,
          Math.min(now + policy.idleMs, row.max_expires_at),
          originNow ? stored(originNow()) : null,
        );
      }
      return {
        id: row.user_id,
        username: row.username,
        nickname: row.nickname,
        sessionId: row.session_id,
        isTourist: row.is_tourist === 1,
        role: row.role,
        suspendedUntil: row.suspended_until === null ? null : Number(row.suspended_until),
      };
    },

    /** The member's signed-in devices, newest first; the one this call comes from is `current`. */
    async list(member: Member): Promise<{ list: SessionItem[] }> {
      const now = clock();
      const rows = await repo.liveOf(member.id, now, LISTED_SESSIONS);
      return {
        list: rows.map((row) => {
          const current = Number(row.id) === member.sessionId;
          return {
            id: Number(row.id),
            device_type: row.device_type,
            app_version: row.app_version,
            address: row.address,
            created_at: Number(row.created_at),
            // This device is being seen right now; the others as of their last write-back.
            last_seen_at: current ? now : Number(row.last_used_at),
            current,
          };
        }),
      };
    },

    /**
     * Signs one of the member's own devices out (this one too: that is signing out here). Another
     * member's session, or one already ended, is "not found" alike, so ids tell nobody anything.
     */
    async revokeOwn(member: Member, sessionId: number) {
      if (!(await repo.revokeOwn(member.id, sessionId, clock()))) throw fail('errors.session_not_found');
      return answer(null, sessionId === member.sessionId ? 'auth.signed_out' : 'sessions.device_signed_out');
    },

    /** Signs out every device of the member but this one; this one's game tokens stay. */
    async revokeOthers(member: Member) {
      await repo.revokeAllOf(member.id, clock(), member.sessionId);
      await repo.dropGameTokensOfOthers(member.id, member.sessionId);
      return answer(null, 'sessions.others_signed_out');
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
