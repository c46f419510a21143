import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropSecondStep, heldSecondStep, holdSecondStep, secondStepPath } from './second-step';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

const challenge = { ticket: 't'.repeat(43), methods: ['totp', 'recovery'] as ('totp' | 'recovery')[] };

describe('the ticket a log-in hands the second-step page', () => {
  it('is there for the page until it runs out, a little before the server’s ten minutes', () => {
    holdSecondStep(challenge, 1_000);
    expect(heldSecondStep(1_000)).toEqual(challenge);
    expect(heldSecondStep(1_000 + 9 * 60_000)).toEqual(challenge);
    expect(heldSecondStep(1_000 + 10 * 60_000)).toBeNull();
  });

  it('goes once dropped, and something else in its place reads as none', () => {
    holdSecondStep(challenge, 1_000);
    dropSecondStep();
    expect(heldSecondStep(1_000)).toBeNull();
    sessionStorage.setItem('pixelhall.second-step', '{not json');
    expect(heldSecondStep(1_000)).toBeNull();
    sessionStorage.setItem('pixelhall.second-step', JSON.stringify({ ticket: 5, expiresAt: 9e15 }));
    expect(heldSecondStep(1_000)).toBeNull();
  });

  it('says where to go on to in the page’s address, never the ticket', () => {
    expect(secondStepPath('/me/task?tab=daily')).toBe('/auth/secondstep?redirect=%2Fme%2Ftask%3Ftab%3Ddaily');
  });
});
