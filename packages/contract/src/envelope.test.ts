import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ErrorReason, envelopeSchema, isEnvelope } from './envelope';
import { isMessageKey } from './messages';

const schema = envelopeSchema(z.object({ id: z.number() }));

describe('the envelope', () => {
  it('keeps a failure’s reason', () => {
    const failure = { code: 0, msg: 'Are you 18+ years old?', data: null, reason: 'errors.adult_confirm' };
    expect(schema.parse(failure)).toEqual(failure);
    expect(isEnvelope(failure)).toBe(true);
  });

  it('reads a success without one, as every client always has', () => {
    const ok = { code: 1, msg: 'OK', data: { id: 3 } };
    expect(schema.parse(ok)).toEqual(ok);
    expect(schema.parse(ok)).not.toHaveProperty('reason');
    expect(isEnvelope(ok)).toBe(true);
  });

  it('publishes reason as an optional string, so clients that do not know it are unaffected', () => {
    const json = z.toJSONSchema(schema, { io: 'output' }) as {
      required: string[];
      properties: Record<string, { type?: string }>;
    };
    expect(json.required).toEqual(['code', 'msg', 'data']);
    expect(json.properties.reason?.type).toBe('string');
  });

  it('names reasons by the keys of the shared catalog', () => {
    const reasons: ErrorReason[] = ['errors.adult_confirm', 'errors.not_found', 'validation.email_format'];
    for (const reason of reasons) expect(isMessageKey(reason), reason).toBe(true);
    // @ts-expect-error a key the catalog does not hold is not a reason
    const unknown: ErrorReason = 'errors.no_such_key';
    expect(isMessageKey(unknown)).toBe(false);
  });
});
