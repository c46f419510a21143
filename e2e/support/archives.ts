import { createHash, randomBytes } from 'node:crypto';
import {
  type ArchiveVersion,
  type BigUpload,
  type DataOf,
  type Envelope,
  endpoints,
  endpointUrl,
  type Game,
  type PayloadOf,
  UPLOAD_BIG_PATH,
} from '@pixelhall/contract';
import { encodeWebp } from '@pixelhall/server/src/seed/art/canvas';
import { landscape, type Mood } from '@pixelhall/server/src/seed/art/scenes';
import { createRandom } from '@pixelhall/server/src/seed/random';

export const md5Hex = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

/** A made-up save state: random bytes, as opaque to the app as a real emulator state. */
export const fakeState = (bytes = 6000) => randomBytes(bytes);

/** A pixel-art "screenshot" (a procedural landscape), as WebP. */
export async function fakeShot(seed: number, mood: Mood = 'day'): Promise<Buffer> {
  return (await encodeWebp(landscape(createRandom(seed), mood, 64, 48), 4)).data;
}

async function post<T>(url: string, token: string, body: unknown): Promise<Envelope<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

export async function callArchives<E extends (typeof endpoints.archives)[keyof typeof endpoints.archives]>(
  origin: string,
  token: string,
  def: E,
  payload: PayloadOf<E>,
): Promise<DataOf<E>> {
  const envelope = await post<DataOf<E>>(`${origin}${endpointUrl(def)}`, token, payload);
  if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * Saves a cloud archive the way another device would: the state through tus (one creation
 * request with the whole body), the screenshot through upload/file, then archive/saveArchive.
 * Answers the envelope, so a conflict (code 0 with the newer version) can be looked at.
 */
export async function saveCloudArchive(
  origin: string,
  token: string,
  input: {
    game: Pick<Game, 'rom_md5' | 'game_uid' | 'game_name' | 'icon_image'>;
    coreName: string;
    slot: number;
    state: Buffer;
    deviceId: string;
    baseVersion: number | null;
    overwrite?: boolean;
    shot?: Buffer;
  },
): Promise<Envelope<ArchiveVersion>> {
  const created = await fetch(`${origin}/upload/${UPLOAD_BIG_PATH}`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${token}`,
      'upload-length': String(input.state.length),
      'upload-metadata': `filename ${Buffer.from(`slot${input.slot}.state`).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(input.state),
  });
  const stored = (await created.json()) as Envelope<BigUpload>;
  if (stored.code !== 1) throw new Error(`upload/big: ${stored.msg}`);
  let imageSha256: string | null = null;
  if (input.shot) {
    const form = new FormData();
    form.append('app', 'post_images');
    form.append('file', new Blob([new Uint8Array(input.shot)], { type: 'image/webp' }), 'shot.webp');
    const shot = (await (
      await fetch(`${origin}${endpointUrl(endpoints.uploads.uploadFile)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as Envelope<{ sha256: string }>;
    if (shot.code !== 1) throw new Error(`upload/file: ${shot.msg}`);
    imageSha256 = shot.data.sha256;
  }
  return post<ArchiveVersion>(`${origin}${endpointUrl(endpoints.archives.saveArchive)}`, token, {
    rom_md5: input.game.rom_md5,
    slot: input.slot,
    game_uid: input.game.game_uid,
    game_name: input.game.game_name,
    icon_image: input.game.icon_image,
    core_name: input.coreName,
    state_sha256: stored.data.sha256,
    image_sha256: imageSha256,
    archive_md5: md5Hex(input.state),
    device_id: input.deviceId,
    base_version: input.baseVersion,
    overwrite: input.overwrite ?? false,
  });
}

/** Catalogue games with the core that plays them. */
export async function catalogueGames(origin: string, count: number) {
  const get = async <E extends typeof endpoints.games.gameList | typeof endpoints.games.conditionOpt>(
    def: E,
    payload: PayloadOf<E>,
  ) => (await post<DataOf<E>>(`${origin}${endpointUrl(def)}`, '', payload)).data;
  const games = (await get(endpoints.games.gameList, { page: 1, num: count, sort: 'name' })).list;
  const emulators = (await get(endpoints.games.conditionOpt, {})).emulator_type;
  return games.map((game) => {
    const emulator = emulators.find((e) => e.emulator_uid === game.emulator_type);
    return { game, coreName: emulator?.core_name ?? '', emulatorName: emulator?.emulator_name ?? '' };
  });
}

/**
 * A member's cloud archives for the screenshots: one game with three slots (slot 1 saved twice,
 * so it has a history) and another with one.
 */
export async function stageCloudArchives(origin: string, token: string): Promise<string> {
  const [first, second] = await catalogueGames(origin, 2);
  if (!first || !second) throw new Error('the catalogue has fewer than two games');
  const saves: Array<[typeof first, number, Mood]> = [
    [second, 1, 'night'],
    [first, 1, 'day'],
    [first, 2, 'dusk'],
    [first, 3, 'night'],
  ];
  let seed = 7;
  for (const [{ game, coreName }, slot, mood] of saves) {
    seed += 1;
    const saved = await saveCloudArchive(origin, token, {
      game,
      coreName,
      slot,
      state: fakeState(4096 * seed),
      deviceId: 'screenshots-device',
      baseVersion: null,
      shot: await fakeShot(seed, mood),
    });
    if (saved.code !== 1) throw new Error(`saveArchive: ${saved.msg}`);
    if (slot === 1 && game === first.game) {
      const again = await saveCloudArchive(origin, token, {
        game,
        coreName,
        slot,
        state: fakeState(5000),
        deviceId: 'another-device',
        baseVersion: saved.data.version_id,
        shot: await fakeShot(seed + 100, 'dusk'),
      });
      if (again.code !== 1) throw new Error(`saveArchive: ${again.msg}`);
    }
  }
  return first.game.rom_md5;
}
