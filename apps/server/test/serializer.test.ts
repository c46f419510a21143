import { endpoints, envelopeSchema } from '@pixelhall/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from '../src/http/serializer';

function serializer(schema: z.ZodType, crossCheck = false) {
  const compile = contractSerializerCompiler({ crossCheck });
  return compile({ schema, method: 'POST', url: '/api/test', httpStatus: '200' }) as (
    data: unknown,
  ) => string;
}

const parsed = (json: string) => JSON.parse(json) as unknown;

describe('the answer serializer', () => {
  it('never writes a field the contract does not declare, at any depth', () => {
    const write = serializer(envelopeSchema(endpoints.posts.homeFeeds.data));
    const file = {
      id: 1,
      name: 'map.pdf',
      mime: 'application/pdf',
      bytes: 10,
      is_image: false,
      width: null,
      height: null,
      url: '/upload/download/file?id=1&key=k',
      download_count: 0,
    };
    const post = {
      id: 7,
      topic_id: 2,
      topic: { id: 2, name: 'Pixel art', icon: '', min_age: 0, secret: 'topic' },
      user: { id: 3, nickname: 'Pat', avatar: '', level: 1, grade: 'novice', password_hash: 'x' },
      text: 'Hello',
      color: null,
      style: null,
      files: [{ ...file, access_key: 'k', sha256: 'abc' }],
      file_count: 1,
      links: [],
      price: 0,
      locked: false,
      pinned: false,
      topic_pinned_until: null,
      comments_open: true,
      like_count: 1,
      comment_count: 0,
      share_count: 0,
      liked: false,
      mine: false,
      created_at: 1,
      removed: null,
      held: false,
      comments_locked: false,
      edited_at: null,
      hot_score: 3.5,
      author_email: 'pat@example.com',
    };
    const json = write({ code: 1, msg: 'OK', data: { list: [post], total: 1, cursor: null, viewer: 9 } });
    expect(json).not.toMatch(/secret|password_hash|access_key|sha256|hot_score|author_email|viewer/);
    const { hot_score: _, author_email: __, ...declared } = post;
    expect(parsed(json)).toEqual({
      code: 1,
      msg: 'OK',
      data: {
        list: [
          {
            ...declared,
            topic: { id: 2, name: 'Pixel art', icon: '', min_age: 0 },
            user: { id: 3, nickname: 'Pat', avatar: '', level: 1, grade: 'novice' },
            files: [file],
          },
        ],
        total: 1,
        cursor: null,
      },
    });
    expect(parsed(write({ code: 0, msg: 'Nope', data: null }))).toEqual({ code: 0, msg: 'Nope', data: null });
  });

  it('answers through zod where the contract has no JSON Schema or a union must be chosen', () => {
    const dated = serializer(envelopeSchema(z.object({ at: z.date() })));
    const at = new Date(Date.UTC(2026, 0, 1));
    expect(parsed(dated({ code: 1, msg: 'OK', data: { at, secret: 'no' } }))).toEqual({
      code: 1,
      msg: 'OK',
      data: { at: at.toISOString() },
    });

    const either = serializer(
      envelopeSchema(z.union([z.object({ a: z.number() }), z.object({ b: z.string() })])),
    );
    const json = either({ code: 1, msg: 'OK', data: { a: 1, secret: 'no' } });
    expect(parsed(json)).toEqual({ code: 1, msg: 'OK', data: { a: 1 } });
  });

  it('still fails loudly on an answer that breaks the contract outside production', () => {
    const schema = envelopeSchema(z.object({ liked: z.boolean() }));
    const answer = { code: 1, msg: 'OK', data: { liked: 1 } };
    let error: unknown;
    try {
      serializer(schema, true)(answer);
    } catch (err) {
      error = err;
    }
    expect(isResponseSerializationError(error as never)).toBe(true);
    // In production the fast path writes it as the contract's type instead of failing the request.
    expect(parsed(serializer(schema)(answer))).toEqual({ code: 1, msg: 'OK', data: { liked: true } });
  });
});
