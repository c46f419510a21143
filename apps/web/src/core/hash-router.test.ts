import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser's location and history, as far as the router uses them. */
function fakeBrowser(hash: string, state: unknown = null) {
  const entries = [{ url: `https://app.test/${hash}`, state }];
  let at = 0;
  const location = {
    get href() {
      return entries[at]!.url;
    },
    get hash() {
      const url = entries[at]!.url;
      return url.includes('#') ? url.slice(url.indexOf('#')) : '';
    },
  };
  const history = {
    get state() {
      return entries[at]!.state;
    },
    pushState(next: unknown, _: string, url: string) {
      entries.splice(at + 1, entries.length, { url, state: next });
      at += 1;
    },
    replaceState(next: unknown, _: string, url?: string) {
      entries[at] = { url: url ?? entries[at]!.url, state: next };
    },
    go: vi.fn(),
  };
  vi.stubGlobal('window', { location, history, addEventListener: vi.fn() });
  return { entries: () => entries.map((entry) => entry.state), location };
}

const loadRouter = () => import('./hash-router');

describe('the hash router', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('reads the path, search and hash from the URL’s hash, "/" when there is none', async () => {
    fakeBrowser('#/post/7?from=home#c3');
    expect((await loadRouter()).getLocation()).toMatchObject({
      pathname: '/post/7',
      search: '?from=home',
      hash: '#c3',
    });
    vi.resetModules();
    fakeBrowser('');
    expect((await loadRouter()).getLocation().pathname).toBe('/');
  });

  it('numbers the entries as react-router did: 0 for the first, +1 a push, the same on replace', async () => {
    const browser = fakeBrowser('#/home');
    const { getLocation, navigate } = await loadRouter();
    expect(getLocation().key).toBe('default');
    navigate('/post/1');
    navigate('/login?redirect=%2Fme', { replace: true });
    navigate('/me');
    const states = browser.entries() as { idx: number; key: string }[];
    expect(states.map((state) => state.idx)).toEqual([0, 1, 2]);
    expect(browser.location.hash).toBe('#/me');
    expect(new Set(states.slice(1).map((state) => state.key)).size).toBe(2);
    expect(getLocation()).toMatchObject({ pathname: '/me', key: states[2]!.key });
  });

  it('goes back and forward through the browser', async () => {
    fakeBrowser('#/home');
    const { navigate } = await loadRouter();
    navigate(-1);
    expect(window.history.go).toHaveBeenCalledWith(-1);
  });
});
