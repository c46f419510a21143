import { describe, expect, it, vi } from 'vitest';
import { HostBridge, HostCallError } from './bridge';
import { createNativeTransport } from './native-transport';
import type { HostReply, HostTransport } from './protocol';

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
    await expect(bridge.call('start')).rejects.toEqual(new HostCallError('start', 'No space left', 0));
    expect(notify).toHaveBeenCalledWith('No space left');
  });

  it('says "{call} call failed" when the host gives no message, unless silent', async () => {
    const { bridge, notify } = bridgeWith({ code: 5 });
    await expect(bridge.call('pause')).rejects.toThrow('pause call failed');
    expect(notify).toHaveBeenCalledWith('pause call failed');
    await expect(bridge.call('pause', undefined, { silent: true })).rejects.toThrow();
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
