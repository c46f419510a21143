import type { HostPush, HostReply } from '@pixelhall/contract/host';
import { describe, expect, it, vi } from 'vitest';
import { HostBridge, HostCallError } from './bridge';
import { createNativeTransport } from './native-transport';
import { createShellTransport } from './shell-transport';
import type { HostTransport } from './transport';

function bridgeWith(reply: HostReply) {
  const notify = vi.fn();
  const transport: HostTransport = { invoke: async () => reply, onPush: () => {} };
  const bridge = new HostBridge(transport, { notify, failedMessage: (call) => `${call} call failed` });
  return { bridge, notify };
}

describe('host bridge', () => {
  it('resolves the data of a code-1 reply', async () => {
    const { bridge, notify } = bridgeWith({ code: 1, data: { token: 't' } });
    await expect(bridge.call('getToken')).resolves.toEqual({ token: 't' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the host message of a failed call and rejects', async () => {
    const { bridge, notify } = bridgeWith({ code: 0, msg: 'No space left' });
    await expect(bridge.call('pause', { gameId: 1 })).rejects.toEqual(
      new HostCallError('pause', 'No space left', 0),
    );
    expect(notify).toHaveBeenCalledWith('No space left');
  });

  it('says "{call} call failed" when the host gives no message, unless silent', async () => {
    const { bridge, notify } = bridgeWith({ code: 5 });
    await expect(bridge.call('pause', { gameId: 1 })).rejects.toThrow('pause call failed');
    expect(notify).toHaveBeenCalledWith('pause call failed');
    await expect(bridge.call('pause', { gameId: 1 }, { silent: true })).rejects.toThrow();
    expect(notify).toHaveBeenCalledTimes(1);
  });
});

describe('native transport', () => {
  function fakeShell() {
    const sent: Array<{ id: number; call: string; payload?: unknown }> = [];
    const win = {} as Window & { __pixelhallHost: { reply(json: string): void; push(json: string): void } };
    const transport = createNativeTransport((m) => sent.push(JSON.parse(m)), win);
    return { sent, win, transport };
  }

  it('pairs replies with their calls by id', async () => {
    const { sent, win, transport } = fakeShell();
    const a = transport.invoke('getToken', undefined);
    const b = transport.invoke('getSystemInfo', { x: 1 });
    expect(sent.map((s) => s.call)).toEqual(['getToken', 'getSystemInfo']);
    win.__pixelhallHost.reply(JSON.stringify({ id: sent[1]!.id, code: 1, data: 'sys' }));
    win.__pixelhallHost.reply(JSON.stringify({ id: sent[0]!.id, code: 1, data: 'tok' }));
    await expect(a).resolves.toMatchObject({ data: 'tok' });
    await expect(b).resolves.toMatchObject({ data: 'sys' });
  });

  it('throws "{name} not find" when the shell has no handler', async () => {
    const { sent, win, transport } = fakeShell();
    const call = transport.invoke('machineTranslate', {});
    win.__pixelhallHost.reply(JSON.stringify({ id: sent[0]!.id, code: 0, missing: true }));
    await expect(call).rejects.toThrow('machineTranslate not find');
  });

  it('delivers pushes to the bridge listeners of that event', () => {
    const { win, transport } = fakeShell();
    const bridge = new HostBridge(transport, { notify: () => {}, failedMessage: () => '' });
    const progress = vi.fn();
    const off = bridge.on('progress', progress);
    win.__pixelhallHost.push(JSON.stringify({ event: 'progress', data: { gameId: 1, progress: 50 } }));
    win.__pixelhallHost.push(JSON.stringify({ event: 'token', data: 'x' }));
    off();
    win.__pixelhallHost.push(JSON.stringify({ event: 'progress', data: {} }));
    expect(progress.mock.calls).toEqual([[{ gameId: 1, progress: 50 }]]);
  });
});

describe('inside a native shell', () => {
  function shellAndPage() {
    const sent: Array<{ id: number; call: string; payload?: unknown }> = [];
    const win = {} as Window & { __pixelhallHost: { reply(json: string): void; push(json: string): void } };
    const shell = createNativeTransport((m) => sent.push(JSON.parse(m)), win);
    let pagePush: (push: HostPush) => void = () => {};
    const page: HostTransport = {
      invoke: vi.fn(async (): Promise<HostReply> => ({ code: 1, data: { started: true } })),
      onPush: (listener) => {
        pagePush = listener;
      },
    };
    const bridge = new HostBridge(createShellTransport(shell, page), {
      notify: () => {},
      failedMessage: () => '',
    });
    return { sent, win, page, bridge, pagePush: (push: HostPush) => pagePush(push) };
  }

  it("sends the shell's calls to the shell and leaves the emulator's to the page", async () => {
    const { sent, win, page, bridge } = shellAndPage();
    const started = bridge.call('startGame', {
      romMd5: 'abc',
      gameId: 1,
      gameName: 'Pixel Quest',
      coverImage: '',
      emuName: 'nes',
      coreName: 'fceumm',
    });
    const info = bridge.call('getSystemInfo');
    expect(page.invoke).toHaveBeenCalledWith('startGame', expect.objectContaining({ romMd5: 'abc' }));
    expect(sent.map((s) => s.call)).toEqual(['getSystemInfo']);
    win.__pixelhallHost.reply(JSON.stringify({ id: sent[0]!.id, code: 1, data: { deviceName: 'Pixel 9' } }));
    await expect(started).resolves.toEqual({ started: true });
    await expect(info).resolves.toEqual({ deviceName: 'Pixel 9' });
  });

  it('hears the pushes of both', () => {
    const { win, bridge, pagePush } = shellAndPage();
    const token = vi.fn();
    const progress = vi.fn();
    bridge.on('token', token);
    bridge.on('progress', progress);
    win.__pixelhallHost.push(JSON.stringify({ event: 'token', data: { token: null } }));
    pagePush({ event: 'progress', data: { gameId: 1 } });
    expect(token).toHaveBeenCalledWith({ token: null });
    expect(progress).toHaveBeenCalledWith({ gameId: 1 });
  });
});
