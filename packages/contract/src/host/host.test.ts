import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type HostCallName,
  type HostPayload,
  type HostPushData,
  type HostPushName,
  type HostResult,
  hostCalls,
  hostPushes,
} from './index';

const md5 = '0123456789abcdef0123456789abcdef';

const localGame: HostResult<'start'> = {
  gameId: 7,
  romMd5: md5,
  emuName: 'nes',
  coreName: 'fceumm',
  gameName: 'Pixel Quest',
  coverImage: '/upload/files/cover.webp',
  fileName: 'pixel-quest.nes',
  size: 40976,
  receivedBytes: 0,
  status: 'not-started',
  speedBytes: 0,
  progress: 0,
  error: null,
  addedAt: 1_760_000_000_000,
  updatedAt: 1_760_000_000_000,
};

const importedGame: HostResult<'getLocalGames'>['list'][number] = {
  romMd5: md5,
  romMd5Headerless: null,
  emuName: 'gb',
  coreName: 'gambatte',
  gameName: 'homebrew',
  coverImage: '/emulator/icons/gb.png',
  fileName: 'homebrew.gb',
  path: 'roms/pack.zip/homebrew.gb',
  size: 32768,
  gameId: null,
  importedAt: 1_760_000_000_000,
  storage: 'handle',
};

const slot: HostResult<'archiveDownload'> = {
  slot: 2,
  path: `archives/${md5}/2.state`,
  bytes: 1024,
  fileName: 'pixel-quest.nes',
  coreName: 'fceumm',
  time: 1_760_000_000_000,
  md5,
  image: 'data:image/jpeg;base64,AAAA',
  cloudSlotId: null,
  cloudVersionId: null,
};

const startGame = {
  romMd5: md5,
  gameId: 7,
  gameName: 'Pixel Quest',
  coverImage: '/upload/files/cover.webp',
  emuName: 'nes',
  coreName: 'fceumm',
};

/** Each call as the app sends it today, and as the web host answers it. */
const exchanges: { [C in HostCallName]: { payloads: HostPayload<C>[]; results: HostResult<C>[] } } = {
  getSystemInfo: {
    payloads: [undefined],
    results: [{ androidVersion: '', deviceName: 'Chrome on Linux x86_64', top: 0, bottom: 34 }],
  },
  applicationInfo: {
    payloads: [undefined],
    results: [
      { version: '1.0.0', platform: 'web' },
      { version: '1.0.0', platform: 'web', theme: 'light' },
    ],
  },
  setStatusBarColor: {
    payloads: [{ theme: 'dark', hidden: false, color: '#ffffff', background: '#000000' }],
    results: [undefined],
  },
  getToken: { payloads: [undefined], results: ['a'.repeat(64), null] },
  setToken: { payloads: [{ token: 'a'.repeat(64) }, { token: null }], results: [undefined] },
  loginStatusChanged: { payloads: [{ loggedIn: true }, { loggedIn: false }], results: [undefined] },
  tokenExpire: { payloads: [undefined], results: [undefined] },
  thirdPartyLogin: {
    payloads: [
      { provider: 'google', redirect: '/me' },
      { provider: 'google', redirect: null },
      { provider: 'apple' },
    ],
    results: [null, { idToken: 'eyJhbGciOi.x.y' }],
  },
  machineTranslate: {
    payloads: [
      { kind: 'post', id: 3, target: 'es-ES', adult_confirmed: true },
      { kind: 'comment', id: 9, target: 'ja-JP' },
    ],
    results: [{ text: 'Hola', source: 'en' }],
  },
  closeLoginPage: { payloads: [undefined], results: [undefined] },
  start: {
    payloads: [
      {
        gameId: 7,
        romMd5: md5,
        emuName: 'nes',
        coreName: 'fceumm',
        gameName: 'Pixel Quest',
        coverImage: '/upload/files/cover.webp',
        url: '/upload/roms/pixel-quest.nes',
        fileName: 'pixel-quest.nes',
        size: 40976,
      },
    ],
    results: [localGame],
  },
  pause: { payloads: [{ gameId: 7 }], results: [{ ...localGame, status: 'paused' }] },
  resume: { payloads: [{ gameId: 7 }], results: [localGame] },
  cancel: { payloads: [{ gameId: 7 }], results: [undefined] },
  remove: { payloads: [{ gameId: 7 }], results: [undefined] },
  clear: {
    payloads: [{}, { status: 'downloading' }, { status: 'downloaded' }, undefined],
    results: [{ removed: 2 }],
  },
  getGameRomList: {
    payloads: [
      { offset: 0, limit: 20 },
      { offset: 20, limit: 20, status: 'downloaded' },
    ],
    results: [{ list: [localGame], total: 1 }],
  },
  getGameRomInfo: { payloads: [{ gameId: 7 }, { romMd5: md5 }], results: [localGame, null] },
  importGames: {
    payloads: [{ action: 'pick' }, { action: 'rescan' }, { action: 'cancel' }, {}, undefined],
    results: [
      { directoryName: 'roms', found: 12, imported: 10, matched: 4, duplicates: 2, cancelled: false },
    ],
  },
  getLocalGames: {
    payloads: [{}, { offset: 5, limit: 5 }, undefined],
    results: [
      {
        list: [importedGame],
        total: 1,
        directory: { name: 'roms', lastScanAt: 1_760_000_000_000, canRescan: true },
      },
      { list: [], total: 0, directory: null },
    ],
  },
  removeLocalGames: { payloads: [{ romMd5s: [md5] }, { romMd5s: [] }], results: [{ removed: 1 }] },
  startGame: { payloads: [startGame, { ...startGame, gameId: null, slot: 3 }], results: [{ started: true }] },
  archiveStart: { payloads: [{ romMd5: md5, slot: 2 }], results: [{ started: true }] },
  archiveList: {
    payloads: [{}, { romMd5: md5 }, undefined],
    results: [
      {
        list: [
          {
            gameId: 7,
            romMd5: md5,
            gameName: 'Pixel Quest',
            coverImage: '/upload/files/cover.webp',
            emuName: 'nes',
            coreName: 'fceumm',
            slots: [slot],
            battery: { bytes: 8192, time: 1_760_000_000_000 },
          },
        ],
      },
    ],
  },
  archiveRemove: { payloads: [{ romMd5: md5, slot: 2 }], results: [undefined] },
  archiveUpload: {
    payloads: [
      { romMd5: md5, slot: 2 },
      { romMd5: md5, slot: 2, overwrite: true },
    ],
    results: [
      { status: 'uploaded', cloudSlotId: 4, cloudVersionId: 12 },
      {
        status: 'conflict',
        cloud: {
          cloudSlotId: 4,
          cloudVersionId: 13,
          time: 1_760_000_000_000,
          deviceId: 'device-b',
          bytes: 2048,
        },
      },
    ],
  },
  archiveDownload: {
    payloads: [
      { romMd5: md5, slot: 2, cloudSlotId: 4 },
      { romMd5: md5, slot: 2, cloudSlotId: 4, versionId: 12 },
    ],
    results: [{ ...slot, cloudSlotId: 4, cloudVersionId: 12 }],
  },
};

/** Each push as the web host sends it today. */
const pushes: { [E in HostPushName]: HostPushData<E>[] } = {
  token: [{ token: 'a'.repeat(64) }, { token: null }],
  progress: [
    {
      gameId: 7,
      romMd5: md5,
      status: 'downloading',
      speedBytes: 52_000,
      progress: 37.5,
      receivedBytes: 15_366,
      size: 40_976,
      error: null,
    },
  ],
  importProgress: [
    {
      phase: 'hashing',
      files: 3,
      totalFiles: 12,
      bytes: 98_304,
      totalBytes: 393_216,
      bytesPerSecond: 1_000_000,
      secondsLeft: null,
      current: 'homebrew.gb',
    },
  ],
  archiveProgress: [{ romMd5: md5, slot: 2, direction: 'upload', status: 'running', progress: 40 }],
  archiveList: [{ romMd5: md5 }],
};

/** Payloads a host must refuse before acting on them. */
const malformed: { [C in HostCallName]?: unknown[] } = {
  setStatusBarColor: [{ theme: 'blue', hidden: false, color: '#fff', background: '#000' }, { theme: 'dark' }],
  setToken: [{}, { token: 42 }],
  loginStatusChanged: [{ loggedIn: 'yes' }],
  thirdPartyLogin: [{}, { provider: '' }, { provider: 'google', redirect: 3 }],
  machineTranslate: [
    { kind: 'topic', id: 1, target: 'es-ES' },
    { kind: 'post', id: -1, target: 'es-ES' },
  ],
  start: [
    { gameId: 7 },
    { ...exchanges.start.payloads[0], size: '40976' },
    { ...exchanges.start.payloads[0], url: '' },
  ],
  pause: [undefined, {}, { gameId: '7' }, { gameId: 1.5 }],
  clear: [{ status: 'everything' }],
  getGameRomList: [{}, { offset: -1, limit: 20 }, { offset: 0, limit: 0 }],
  getGameRomInfo: [{}, undefined, { gameId: null }],
  importGames: [{ action: 'delete' }, 'pick'],
  getLocalGames: [{ offset: -5 }],
  removeLocalGames: [{}, { romMd5s: md5 }, { romMd5s: [1] }],
  startGame: [
    { ...startGame, coreName: '' },
    { ...startGame, romMd5: undefined },
    { ...startGame, slot: 'one' },
  ],
  archiveStart: [{ romMd5: md5 }, { slot: 2 }],
  archiveRemove: [{ romMd5: md5, slot: '2' }],
  archiveUpload: [{ romMd5: md5, slot: 2, overwrite: 'yes' }],
  archiveDownload: [{ romMd5: md5, slot: 2 }],
  getSystemInfo: [{ x: 1 }],
};

describe('host protocol', () => {
  it('has an example exchange for every call and push', () => {
    expect(Object.keys(exchanges).sort()).toEqual(Object.keys(hostCalls).sort());
    expect(Object.keys(pushes).sort()).toEqual(Object.keys(hostPushes).sort());
  });

  describe.each(Object.keys(hostCalls) as HostCallName[])('%s', (call) => {
    const def = hostCalls[call];
    const { payloads, results } = exchanges[call];

    it.each(payloads.map((p) => [JSON.stringify(p) ?? 'no payload', p]))(
      'accepts the payload %s',
      (_, payload) => {
        expect(def.payload.safeParse(payload).error).toBeUndefined();
      },
    );

    it.each(results.map((r) => [JSON.stringify(r) ?? 'nothing', r]))('accepts the answer %s', (_, result) => {
      expect(def.result.safeParse(result).error).toBeUndefined();
    });
  });

  it.each(
    Object.entries(malformed).flatMap(([call, payloads]) =>
      (payloads ?? []).map((p) => [call as HostCallName, JSON.stringify(p) ?? 'no payload', p] as const),
    ),
  )('%s refuses %s', (call, _, payload) => {
    expect(hostCalls[call].payload.safeParse(payload).success).toBe(false);
  });

  it.each(Object.keys(hostPushes) as HostPushName[])('accepts the %s push the web host sends', (event) => {
    for (const data of pushes[event]) expect(hostPushes[event].data.safeParse(data).error).toBeUndefined();
  });

  it('refuses pushes without their fields', () => {
    expect(hostPushes.progress.data.safeParse({ gameId: 7 }).success).toBe(false);
    expect(
      hostPushes.archiveProgress.data.safeParse({ romMd5: md5, slot: 2, direction: 'sideways' }).success,
    ).toBe(false);
    expect(hostPushes.importProgress.data.safeParse({ phase: 'resting' }).success).toBe(false);
  });

  it('hands a handler the payload it validated, without keys the schema does not know', () => {
    expect(hostCalls.archiveStart.payload.parse({ romMd5: md5, slot: 2, extra: true })).toEqual({
      romMd5: md5,
      slot: 2,
    });
  });

  it('has every call and push in the native shell guide, in the table of the side that answers it', () => {
    const guide = readFileSync(new URL('../../../../docs/native-shell.md', import.meta.url), 'utf8');
    const section = (title: string) => guide.split(`## ${title}`)[1]!.split('\n## ')[0]!;
    const rows = (title: string) =>
      section(title)
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .join('\n');
    const named = (text: string, name: string) => text.includes(`\`${name}\``);
    for (const [call, def] of Object.entries(hostCalls)) {
      const table =
        def.inNativeShell === 'shell' ? 'Calls the shell answers' : 'Calls the web host keeps answering';
      expect(named(rows(table), call), `${call} in "${table}"`).toBe(true);
    }
    const pushRows = rows('Calls the shell answers') + rows('Calls the web host keeps answering');
    for (const event of Object.keys(hostPushes)) expect(named(pushRows, event), event).toBe(true);
  });
});
