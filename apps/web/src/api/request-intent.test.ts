import { describe, expect, it } from 'vitest';
import { createIntentKeeper, outcomeUnknown } from './request-intent';

const failure = (kind: string) => Object.assign(new Error(kind), { kind });

function keeper() {
  let n = 0;
  return createIntentKeeper(() => `key-${++n}`);
}

describe('createIntentKeeper', () => {
  it('gives each confirmed action a new key once the previous one was answered', async () => {
    const intents = keeper();
    const sent: string[] = [];
    await intents.run('100', async (key) => sent.push(key));
    await intents.run('100', async (key) => sent.push(key));
    expect(sent).toEqual(['key-1', 'key-2']);
  });

  it('keeps the key after a network failure, so trying again replays instead of paying twice', async () => {
    const intents = keeper();
    const sent: string[] = [];
    await expect(
      intents.run('100', async (key) => {
        sent.push(key);
        throw failure('network');
      }),
    ).rejects.toThrow('network');
    await intents.run('100', async (key) => sent.push(key));
    expect(sent).toEqual(['key-1', 'key-1']);
    // Answered now: the next exchange is a new one.
    expect(intents.keyFor('100')).toBe('key-2');
  });

  it('drops the kept key when the member changes what they ask for', async () => {
    const intents = keeper();
    await expect(
      intents.run('100', async () => {
        throw failure('aborted');
      }),
    ).rejects.toThrow();
    expect(intents.keyFor('200')).toBe('key-2');
  });

  it('ends the intent on a definite refusal (business, not enough gold, expired)', async () => {
    for (const kind of ['business', 'gold', 'expired', 'login-required']) {
      const intents = keeper();
      await expect(
        intents.run('5', async () => {
          throw failure(kind);
        }),
      ).rejects.toThrow(kind);
      expect(intents.keyFor('5')).toBe('key-2');
    }
  });

  it('shares one key between a double tap sent while the first is on its way', async () => {
    const intents = keeper();
    const sent: string[] = [];
    let release = () => {};
    const first = intents.run('1', (key) => {
      sent.push(key);
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const second = intents.run('1', async (key) => sent.push(key));
    release();
    await Promise.all([first, second]);
    expect(sent).toEqual(['key-1', 'key-1']);
  });
});

describe('outcomeUnknown', () => {
  it('treats anything that is not a server answer as possibly applied', () => {
    expect(outcomeUnknown(new TypeError('boom'))).toBe(true);
    expect(outcomeUnknown(failure('network'))).toBe(true);
    expect(outcomeUnknown(failure('business'))).toBe(false);
  });
});
