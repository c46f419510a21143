import type { User } from '@pixelhall/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HostBridge } from '../host/bridge';
import { createNativeTransport } from '../host/native-transport';

/** The server as get/user answers a bearer token: two valid tokens for two members. */
const members: Record<string, Pick<User, 'id' | 'nickname'>> = {
  'ada-1': { id: 1, nickname: 'Ada' },
  'ada-2': { id: 1, nickname: 'Ada' },
  'bo-1': { id: 2, nickname: 'Bo' },
};
const getUser = vi.fn(async (_def: unknown, _payload: unknown, options: { bearer?: string }) => {
  const member = options.bearer ? members[options.bearer] : undefined;
  if (!member) throw new Error('expired');
  return member;
});
vi.mock('./client', () => ({ request: getUser, ApiError: class ApiError extends Error {} }));

const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => storage.set(k, v),
  removeItem: (k: string) => storage.delete(k),
});

const { connectHost } = await import('../core/host-call');
const { useSession } = await import('../state/session');
const { queryClient } = await import('./query-client');
const { adoptHostToken, syncTokenWithHost } = await import('./host-token');

/** A native shell on the other end of the real bridge: it records what the app asks of it. */
const sent: Array<{ id: number; call: string; payload?: { token?: string | null } }> = [];
let shellToken: string | null = null;
const win = {} as Window & { __pixelhallHost: { reply(json: string): void; push(json: string): void } };
const transport = createNativeTransport((message) => {
  const request = JSON.parse(message) as (typeof sent)[number];
  sent.push(request);
  const data = request.call === 'getToken' ? shellToken : undefined;
  queueMicrotask(() => win.__pixelhallHost.reply(JSON.stringify({ id: request.id, code: 1, data })));
}, win);
const bridge = new HostBridge(transport, {
  notify: () => {},
  failedMessage: (call) => `${call} call failed`,
});
connectHost(async () => bridge);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const push = async (token: string | null) => {
  win.__pixelhallHost.push(JSON.stringify({ event: 'token', data: { token } }));
  await settle();
};
const signedInAs = (token: string, user: Pick<User, 'id' | 'nickname'>) => {
  useSession.setState({ token, user: user as User });
};

beforeEach(() => {
  sent.length = 0;
  shellToken = null;
  useSession.getState().clear();
  queryClient.clear();
});

describe('start-up token sync', () => {
  it("takes up the token the shell holds and follows the shell's pushes", async () => {
    shellToken = 'ada-1';
    await syncTokenWithHost();
    expect(useSession.getState()).toMatchObject({ token: 'ada-1', user: { id: 1 } });
    // The shell brought it: the app does not hand it back.
    expect(sent.map((s) => s.call)).toEqual(['getToken']);

    await push('bo-1');
    expect(useSession.getState()).toMatchObject({ token: 'bo-1', user: { id: 2 } });
  });

  it('hands the app its own token to a shell that holds none', async () => {
    signedInAs('ada-1', members['ada-1']!);
    await syncTokenWithHost();
    expect(sent.map((s) => [s.call, s.payload?.token])).toEqual([
      ['getToken', undefined],
      ['setToken', 'ada-1'],
    ]);
    expect(useSession.getState().token).toBe('ada-1');
  });
});

describe("the shell's token push", () => {
  it("keeps the member's caches when the shell refreshes the same member's token", async () => {
    signedInAs('ada-1', members['ada-1']!);
    queryClient.setQueryData(['posts', 'feed'], ['kept']);
    await push('ada-2');
    expect(useSession.getState().token).toBe('ada-2');
    expect(queryClient.getQueryData(['posts', 'feed'])).toEqual(['kept']);
    expect(sent).toEqual([]);
  });

  it("signs another member in, dropping the previous member's caches", async () => {
    signedInAs('ada-1', members['ada-1']!);
    queryClient.setQueryData(['posts', 'feed'], ['ada’s']);
    await push('bo-1');
    expect(useSession.getState()).toMatchObject({ token: 'bo-1', user: { id: 2, nickname: 'Bo' } });
    expect(queryClient.getQueryData(['posts', 'feed'])).toBeUndefined();
    expect(sent.filter((s) => s.call === 'setToken')).toEqual([]);
  });

  it('signs the app out on a null token without echoing it to the shell', async () => {
    signedInAs('ada-1', members['ada-1']!);
    await push(null);
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(sent).toEqual([]);
  });

  it('ignores a token the server refuses', async () => {
    signedInAs('ada-1', members['ada-1']!);
    await adoptHostToken('revoked');
    expect(useSession.getState().token).toBe('ada-1');
    await push('revoked');
    expect(useSession.getState()).toMatchObject({ token: 'ada-1', user: { id: 1 } });
  });
});
