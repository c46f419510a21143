import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import { hasBlocked } from '../people/public';
import { assertAdultConfirmed, readableText } from '../posts/public';
import type { Translation, Translator } from './libre-translate';
import { Lru } from './lru';

/** Translations kept in memory: the same post is read in the same language by many. */
const CACHE_ENTRIES = 500;
/** A locale's language part (`es` of es-ES, `pt` of pt-BR): what translation services take. */
const LANGUAGE = /^([a-z]{2,3})(?:[-_][a-z0-9]+)*$/i;

export interface TranslateRequest {
  kind: 'post' | 'comment';
  id: number;
  target: string;
  adult_confirmed?: boolean;
}

/**
 * Machine translation of posts and comments into the reader's language, through a configured
 * service (`translator`, null when none is). The text translated is only what the reader may
 * read: a locked paid post's teaser, nothing of a blocked member's comment.
 */
export function translateService({
  db,
  translator,
  log,
}: {
  db: Kysely<DB>;
  translator: Translator | null;
  log: FastifyBaseLogger;
}) {
  const cache = new Lru<string, Translation>(CACHE_ENTRIES);

  /**
   * A comment's text, unless it is gone or its author is on the viewer's blacklist; on a post of
   * an adult topic, only with the 18+ answer, as comment/lists shows it.
   */
  async function commentText(viewerId: number | null, id: number, adultConfirmed: boolean | undefined) {
    const comment = await db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .innerJoin('topics', 'topics.id', 'posts.topic_id')
      .select(['comments.text', 'comments.user_id', 'topics.min_age'])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    if (!comment) throw fail('errors.comment_not_found');
    if (viewerId !== null && (await hasBlocked(db, viewerId, Number(comment.user_id)))) {
      throw fail('errors.comment_not_found');
    }
    assertAdultConfirmed(comment, adultConfirmed);
    return comment.text;
  }

  return {
    enabled: translator !== null,

    async translate(viewer: Member | null, request: TranslateRequest): Promise<Translation> {
      if (!translator) throw fail('errors.translate_unavailable');
      const language = LANGUAGE.exec(request.target.trim())?.[1]?.toLowerCase();
      if (!language) throw fail('errors.invalid_field', { field: 'target' });
      const viewerId = viewer?.id ?? null;
      const text =
        request.kind === 'post'
          ? await readableText(db, viewerId, request.id, request.adult_confirmed)
          : await commentText(viewerId, request.id, request.adult_confirmed);
      if (text.trim() === '') return { text, source: language };

      const digest = createHash('sha256').update(text).digest('base64url');
      const key = `${request.kind}:${request.id}:${language}:${digest}`;
      const cached = cache.get(key);
      if (cached) return cached;
      let translation: Translation;
      try {
        translation = await translator(text, language);
      } catch (err) {
        log.warn({ err, kind: request.kind, id: request.id }, 'machine translation failed');
        throw fail('errors.translate_failed');
      }
      cache.set(key, translation);
      return translation;
    },
  };
}
export type TranslateService = ReturnType<typeof translateService>;
