import type { ApiBase, Locale, Role } from '@pixelhall/contract';
import type { Translate } from '../i18n';

/** The member a request acts for, resolved from its bearer token. */
export interface Member {
  id: number;
  username: string;
  nickname: string;
  /**
   * The session behind the token; 0 for a game-service request token (`requestToken/token`),
   * which has none and is accepted only by the game service and the upload host.
   */
  sessionId: number;
  /** A visitor account (`tourist`) that has not become a full member yet. */
  isTourist: boolean;
  /** Read with every request, so a role taken away ends desk access at the next one (features/staff). */
  role: Role;
  /** While later than now, the member reads but does not write (shared/may-write.ts); epoch ms. */
  suspendedUntil: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
    member: Member | null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves a bearer token to its member for a call on `base`; decorated by the app so every
     * base shares it. The main API takes session tokens only; the game service and the upload
     * host also take the short-lived request tokens of `requestToken/token`. Given the request,
     * the session also records the device and address it is being used from.
     */
    resolveMember(token: string, base: ApiBase, request?: FastifyRequest): Promise<Member | null>;
  }
}
