import type { Locale } from '@pixelhall/contract';
import type { Translate } from '../i18n';

/** The member a request acts for, resolved from its bearer token. */
export interface Member {
  id: number;
  username: string;
  nickname: string;
  sessionId: number;
  /** A visitor account (`tourist`) that has not become a full member yet. */
  isTourist: boolean;
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
    /** Resolves a bearer token to its member; decorated by the app so every base shares it. */
    resolveMember(token: string): Promise<Member | null>;
  }
}
