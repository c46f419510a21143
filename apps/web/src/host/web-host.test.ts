import type { DownloadRef, LocalGame } from '@pixelhall/contract/host';
import messages from '@pixelhall/contract/messages/en-US.json';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { showLocale } from '../i18n';
import { HostBridge, HostCallError } from './bridge';
import { createWebHost } from './web-host';

const page = { location: { search: '' } } as Window;

const paused: LocalGame = {
  gameId: 7,
  romMd5: '0123456789abcdef0123456789abcdef',
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: 'Pixel Quest',
  coverImage: '',
  fileName: 'pixel-quest.nes',
  size: 40976,
  receivedBytes: 1024,
  status: 'paused',
  speedBytes: 0,
  progress: 2.5,
  error: null,
  addedAt: 0,
  updatedAt: 0,
};

function webHostWithPause() {
  const host = createWebHost(page);
  // Stands in for the download manager's handler: only the boundary in front of it is tested.
  const pause = vi.fn(async ({ gameId }: DownloadRef): Promise<LocalGame> => ({ ...paused, gameId }));
  host.handle('pause', pause);
  return { host, pause };
}

describe('web host boundary', () => {
  beforeAll(() => showLocale('en-US'));

  it.each([
    ['no payload', undefined],
    ['a string id', { gameId: '7' }],
    ['a missing id', { id: 7 }],
    ['a list', [7]],
  ])('refuses %s with the invalid-request message, and the handler never runs', async (_, payload) => {
    const { host, pause } = webHostWithPause();
    await expect(host.transport.invoke('pause', payload)).resolves.toEqual({
      code: 0,
      msg: messages.errors.invalid_payload,
    });
    expect(pause).not.toHaveBeenCalled();
  });

  it('hands the handler the payload its schema accepted, without unknown keys', async () => {
    const { host, pause } = webHostWithPause();
    await expect(host.transport.invoke('pause', { gameId: 7, extra: 'x' })).resolves.toEqual({
      code: 1,
      data: paused,
    });
    expect(pause).toHaveBeenCalledWith({ gameId: 7 });
  });

  it('makes the app call fail with that message, shown to the person', async () => {
    const { host } = webHostWithPause();
    const notify = vi.fn();
    const bridge = new HostBridge(host.transport, { notify, failedMessage: (call) => `${call} call failed` });
    // A caller that gets around the types (the console, a journey) still meets the schema.
    const malformed = { gameId: 'seven' } as unknown as { gameId: number };
    await expect(bridge.call('pause', malformed)).rejects.toEqual(
      new HostCallError('pause', messages.errors.invalid_payload, 0),
    );
    expect(notify).toHaveBeenCalledWith(messages.errors.invalid_payload);
  });

  it('validates the calls it answers itself too', async () => {
    const host = createWebHost(page);
    await expect(host.transport.invoke('setToken', { token: 42 })).resolves.toMatchObject({ code: 0 });
    await expect(host.transport.invoke('setStatusBarColor', { theme: 'blue' })).resolves.toMatchObject({
      code: 0,
    });
  });
});
