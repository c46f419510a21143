import { describe, expect, it } from 'vitest';
import { adoptProviderCallback, type PendingSignIn, peekPending, savePending, takePending } from './pending';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const PENDING: PendingSignIn = {
  provider: { id: 'local', issuer: 'http://127.0.0.1:9000', client_id: 'pixelhall-web' },
  state: 'st4te',
  nonce: 'n0nce',
  codeVerifier: 'v'.repeat(43),
  returnTo: '/me/task',
};

function fakeWindow(url: string, storage = new MemoryStorage()) {
  const calls: string[] = [];
  const location = new URL(url);
  const win = {
    location: location as unknown as Location,
    sessionStorage: storage,
    history: {
      replaceState: (_state: unknown, _unused: string, next: string) => calls.push(next),
    } as unknown as History,
  };
  return { win, calls, storage };
}

describe('a pending third-party sign-in', () => {
  it('is read once', () => {
    const storage = new MemoryStorage();
    savePending(PENDING, storage);
    expect(peekPending(storage)).toEqual(PENDING);
    expect(takePending(storage)).toEqual(PENDING);
    expect(takePending(storage)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem('pixelhall.oidc', '{not json');
    expect(peekPending(storage)).toBeNull();
    storage.setItem('pixelhall.oidc', JSON.stringify({ state: 'x' }));
    expect(peekPending(storage)).toBeNull();
  });
});

describe("the provider's answer at start-up", () => {
  it('becomes the /auth/third route when this tab is waiting for it', () => {
    const { win, calls, storage } = fakeWindow('http://app.test/?code=abc&state=st4te&iss=x');
    savePending(PENDING, storage);
    expect(adoptProviderCallback(win)).toBe(true);
    expect(calls).toEqual(['/#/auth/third?code=abc&state=st4te&iss=x']);
  });

  it('carries a refusal (error instead of code) to the same route', () => {
    const { win, calls, storage } = fakeWindow('http://app.test/?error=access_denied&state=st4te');
    savePending(PENDING, storage);
    expect(adoptProviderCallback(win)).toBe(true);
    expect(calls).toEqual(['/#/auth/third?error=access_denied&state=st4te']);
  });

  it('leaves the URL alone when no sign-in is pending or the query is something else', () => {
    const idle = fakeWindow('http://app.test/?code=abc&state=st4te');
    expect(adoptProviderCallback(idle.win)).toBe(false);
    const other = fakeWindow('http://app.test/?theme=light#/home');
    savePending(PENDING, other.storage);
    expect(adoptProviderCallback(other.win)).toBe(false);
    expect([...idle.calls, ...other.calls]).toEqual([]);
  });
});
