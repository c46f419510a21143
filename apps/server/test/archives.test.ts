import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ARCHIVE_HISTORY,
  ARCHIVE_MAX_BYTES,
  type ArchiveVersion,
  type BigUpload,
  type Envelope,
  endpoints,
  endpointUrl,
  GameCode,
  type PayloadOf,
  UPLOAD_BIG_PATH,
} from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { finishedUpload } from './support/uploads';

const { saveArchive, archiveList, archiveHistory, deleteArchive } = endpoints.archives;

let t: TestApp;
let uploadDir: string;
let scratch: string;

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-archives-'));
  scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-archives-src-'));
  t = await buildTestApp({ config: { uploadDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const romMd5 = () => randomBytes(16).toString('hex');

/** A state file uploaded as upload/big stores it once tus has it all. */
async function uploadState(ownerId: number, data: Buffer = randomBytes(2048)) {
  const file = path.join(scratch, randomBytes(8).toString('hex'));
  writeFileSync(file, data);
  const stored = await t.services.bigUploads.finish({
    ownerId,
    upload: finishedUpload(file),
    name: 'slot.state',
  });
  return { sha256: stored.sha256, data };
}

/** A screenshot as upload/file (`app=post_images`) stores it. */
async function uploadShot(ownerId: number) {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: randomBytes(1)[0]!, b: 40 } },
  })
    .png()
    .toBuffer();
  return (await t.services.uploads.storeImage(ownerId, png, 'post_images')).sha256;
}

type SaveFields = Partial<PayloadOf<typeof saveArchive>> & Pick<PayloadOf<typeof saveArchive>, 'rom_md5'>;

async function save(token: string, ownerId: number, fields: SaveFields, data?: Buffer) {
  const state = fields.state_sha256 ? { sha256: fields.state_sha256 } : await uploadState(ownerId, data);
  return call(
    t.app,
    saveArchive,
    {
      slot: 2,
      game_uid: 'g-100',
      game_name: 'Pixel Quest',
      icon_image: '/upload/files/cover.webp',
      core_name: 'fceumm',
      device_id: 'device-a',
      base_version: null,
      ...fields,
      state_sha256: state.sha256,
    },
    { token },
  );
}

const saved = (body: { code: number; data: unknown }) => {
  expect(body.code, JSON.stringify(body)).toBe(GameCode.Success);
  return body.data as ArchiveVersion;
};

describe('cloud archives', () => {
  it('answers 1001 to every archive path without a token', async () => {
    const payload = {
      id: 1,
      rom_md5: romMd5(),
      slot: 1,
      game_name: 'Pixel Quest',
      state_sha256: 'a'.repeat(64),
      device_id: 'device-a',
    };
    for (const def of [saveArchive, archiveList, archiveHistory, deleteArchive]) {
      const { body } = await call(t.app, def, payload);
      expect(body.code, def.path).toBe(GameCode.Expired);
      expect(body.msg).toBe(translator('en-US')('errors.not_logged_in'));
    }
  });

  it('saves a state with its screenshot and lists it by game, with private download addresses', async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const data = randomBytes(5000);
    const image = await uploadShot(user.id);
    const version = saved(
      (await save(token, user.id, { rom_md5: rom, image_sha256: image, archive_md5: md5(data) }, data)).body,
    );
    expect(version).toMatchObject({
      slot: 2,
      rom_md5: rom,
      archive_md5: md5(data),
      bytes: 5000,
      core_name: 'fceumm',
      device_id: 'device-a',
      base_version: null,
      add_time: t.clock.now,
    });
    expect(version.archive_img_text).toMatch(
      /^\/upload\/download\/archive\?id=\d+&key=[\w-]{22}&part=image$/,
    );

    const { body } = await call(t.app, archiveList, {}, { token });
    expect(body.code).toBe(GameCode.Success);
    expect(body.data).toEqual({
      list: [
        {
          game_uid: 'g-100',
          game_name: 'Pixel Quest',
          rom_md5: rom,
          icon_image: '/upload/files/cover.webp',
          slots: [
            {
              id: version.id,
              version_id: version.version_id,
              slot: 2,
              archive_img_text: version.archive_img_text,
              last_update_time: t.clock.now,
              add_time: t.clock.now,
              archive_path_text: version.archive_path_text,
              core_name: 'fceumm',
              archive_md5: md5(data),
              bytes: 5000,
              device_id: 'device-a',
            },
          ],
        },
      ],
    });

    // The state file comes back byte for byte, as an attachment, resumable.
    const whole = await t.app.inject({ method: 'GET', url: version.archive_path_text });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(whole.headers['content-disposition']).toMatch(/^attachment;/);
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    const part = await t.app.inject({
      method: 'GET',
      url: version.archive_path_text,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/5000');
    expect(part.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);

    const shot = await t.app.inject({ method: 'GET', url: version.archive_img_text! });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/webp');
    expect((await sharp(shot.rawPayload).metadata()).width).toBe(64);

    // The filter by ROM.
    const other = await call(t.app, archiveList, { rom_md5: romMd5() }, { token });
    expect(other.body.data).toEqual({ list: [] });
    const same = await call(t.app, archiveList, { rom_md5: rom.toUpperCase() }, { token, method: 'GET' });
    expect((same.body.data as { list: unknown[] }).list).toHaveLength(1);
  });

  it('takes files uploaded through the upload host: the state by tus, the screenshot by upload/file', async () => {
    const { token } = await t.make.member();
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const state = randomBytes(40_000);
    const created = await fetch(`${origin}/upload/${UPLOAD_BIG_PATH}`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-length': String(state.length),
        'upload-metadata': `filename ${Buffer.from('slot3.state').toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: state,
    });
    expect(created.status).toBe(201);
    const stored = (await created.json()) as Envelope<BigUpload>;
    expect(stored.data).toMatchObject({ mime: 'application/octet-stream', bytes: state.length });

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3080f0' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('app', 'post_images');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shot.png');
    const shot = (await (
      await fetch(`${origin}${endpointUrl(endpoints.uploads.uploadFile)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as Envelope<{ sha256: string }>;
    expect(shot.code).toBe(GameCode.Success);

    const { body } = await call(
      t.app,
      saveArchive,
      {
        rom_md5: romMd5(),
        slot: 3,
        game_name: 'Homebrew',
        state_sha256: stored.data.sha256,
        image_sha256: shot.data.sha256,
        archive_md5: md5(state),
        device_id: 'browser',
      },
      { token },
    );
    const version = saved(body);
    expect(version.bytes).toBe(state.length);
    const back = await fetch(origin + version.archive_path_text);
    expect(Buffer.from(await back.arrayBuffer()).equals(state)).toBe(true);
    expect((await fetch(origin + version.archive_img_text!)).headers.get('content-type')).toBe('image/webp');
  });

  it('answers the recorded version when the same file is sent again', async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const { sha256, data } = await uploadState(user.id);
    const first = saved((await save(token, user.id, { rom_md5: rom, state_sha256: sha256 })).body);
    // A retry of a save whose answer was lost: same file, same base.
    const again = saved((await save(token, user.id, { rom_md5: rom, state_sha256: sha256 })).body);
    expect(again.version_id).toBe(first.version_id);
    // The same file again from a device that has seen it: still nothing new.
    const seen = saved(
      (await save(token, user.id, { rom_md5: rom, state_sha256: sha256, base_version: first.version_id }))
        .body,
    );
    expect(seen.version_id).toBe(first.version_id);
    const history = await call(t.app, archiveHistory, { id: first.id }, { token });
    expect((history.body.data as { list: ArchiveVersion[] }).list).toHaveLength(1);
    expect(first.archive_md5).toBe(md5(data));
  });

  it('refuses a save over a version the device has not seen, unless told to overwrite', async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const v1 = saved((await save(token, user.id, { rom_md5: rom, device_id: 'phone' })).body);
    t.clock.advance(1000);
    const v2 = saved(
      (await save(token, user.id, { rom_md5: rom, device_id: 'tablet', base_version: v1.version_id })).body,
    );
    expect(v2.base_version).toBe(v1.version_id);

    // The phone still thinks v1 is the newest.
    t.clock.advance(1000);
    const stale = await save(token, user.id, {
      rom_md5: rom,
      device_id: 'phone',
      base_version: v1.version_id,
    });
    expect(stale.body.code).toBe(GameCode.Fail);
    expect(stale.body.msg).toBe(translator('en-US')('game.archive_conflict'));
    expect(stale.body.msg).toMatch(/another device/);
    expect(stale.body.data).toMatchObject({ version_id: v2.version_id, device_id: 'tablet', id: v1.id });

    // A device that never saw the slot is asked too, in its language.
    const fresh = await call(
      t.app,
      saveArchive,
      {
        rom_md5: rom,
        slot: 2,
        game_name: 'Pixel Quest',
        state_sha256: (await uploadState(user.id)).sha256,
        device_id: 'laptop',
        base_version: null,
      },
      { token, locale: 'ja-JP' },
    );
    expect(fresh.body.code).toBe(GameCode.Fail);
    expect(fresh.body.msg).toBe(translator('ja-JP')('game.archive_conflict'));

    const forced = saved(
      (
        await save(token, user.id, {
          rom_md5: rom,
          device_id: 'phone',
          base_version: v1.version_id,
          overwrite: true,
        })
      ).body,
    );
    expect(forced.base_version).toBe(v1.version_id);
    const history = (await call(t.app, archiveHistory, { id: v1.id }, { token })).body.data as {
      list: ArchiveVersion[];
    };
    expect(history.list.map((v) => v.version_id)).toEqual([forced.version_id, v2.version_id, v1.version_id]);
    const list = (await call(t.app, archiveList, { rom_md5: rom }, { token })).body.data as {
      list: { slots: { version_id: number }[] }[];
    };
    expect(list.list[0]!.slots[0]!.version_id).toBe(forced.version_id);
  });

  it('lets exactly one of two devices saving over the same version win', async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const v1 = saved((await save(token, user.id, { rom_md5: rom })).body);
    const [a, b] = await Promise.all([uploadState(user.id), uploadState(user.id)]);
    const results = await Promise.all(
      [a, b].map((s, i) =>
        save(token, user.id, {
          rom_md5: rom,
          state_sha256: s.sha256,
          device_id: `d${i}`,
          base_version: v1.version_id,
        }),
      ),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([GameCode.Fail, GameCode.Success]);
    const winner = results.find((r) => r.body.code === GameCode.Success)!.body.data as ArchiveVersion;
    const loser = results.find((r) => r.body.code === GameCode.Fail)!.body;
    expect((loser.data as ArchiveVersion).version_id).toBe(winner.version_id);
    const history = (await call(t.app, archiveHistory, { id: v1.id }, { token })).body.data as {
      list: ArchiveVersion[];
    };
    expect(history.list.map((v) => v.version_id)).toEqual([winner.version_id, v1.version_id]);
  });

  it(`keeps the last ${ARCHIVE_HISTORY} versions of a slot, newest first`, async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const versions: ArchiveVersion[] = [];
    for (let i = 0; i < ARCHIVE_HISTORY + 3; i += 1) {
      t.clock.advance(1000);
      const base = versions.at(-1)?.version_id ?? null;
      versions.push(saved((await save(token, user.id, { rom_md5: rom, base_version: base })).body));
    }
    const history = (await call(t.app, archiveHistory, { id: versions[0]!.id }, { token, method: 'GET' }))
      .body.data as { list: ArchiveVersion[] };
    expect(history.list.map((v) => v.version_id)).toEqual(
      versions
        .slice(-ARCHIVE_HISTORY)
        .map((v) => v.version_id)
        .reverse(),
    );
    expect(history.list[0]!.add_time).toBeGreaterThan(history.list[1]!.add_time);
    // A dropped version's address no longer works; a kept one still restores.
    expect((await t.app.inject({ method: 'GET', url: versions[0]!.archive_path_text })).statusCode).toBe(404);
    const restore = await t.app.inject({ method: 'GET', url: history.list.at(-1)!.archive_path_text });
    expect(restore.statusCode).toBe(200);
    expect(md5(restore.rawPayload)).toBe(history.list.at(-1)!.archive_md5);
  });

  it("keeps members' archives apart: no listing, history, deletion or download of another's", async () => {
    const owner = await t.make.member();
    const other = await t.make.member();
    const rom = romMd5();
    const v = saved((await save(owner.token, owner.user.id, { rom_md5: rom })).body);

    const list = await call(t.app, archiveList, {}, { token: other.token });
    expect(list.body.data).toEqual({ list: [] });
    const history = await call(t.app, archiveHistory, { id: v.id }, { token: other.token });
    expect(history.body).toMatchObject({
      code: GameCode.Fail,
      msg: translator('en-US')('game.archive_not_found'),
    });
    const removal = await call(t.app, deleteArchive, { id: v.id }, { token: other.token });
    expect(removal.body.code).toBe(GameCode.Fail);
    expect((await call(t.app, archiveHistory, { id: v.id }, { token: owner.token })).body.code).toBe(
      GameCode.Success,
    );

    // The address needs the version's own random key; the same file saved by the other member
    // gets a version with a different key.
    const wrongKey = v.archive_path_text.replace(/key=[^&]+/, `key=${randomBytes(16).toString('base64url')}`);
    expect((await t.app.inject({ method: 'GET', url: wrongKey })).statusCode).toBe(404);
    const noKey = v.archive_path_text.replace(/&key=[^&]+/, '');
    expect((await t.app.inject({ method: 'GET', url: noKey })).statusCode).toBe(404);
    // Their own save of their own slot on the same ROM is a separate slot.
    const mine = saved((await save(other.token, other.user.id, { rom_md5: rom })).body);
    expect(mine.id).not.toBe(v.id);
    expect(mine.archive_path_text).not.toBe(v.archive_path_text);
  });

  it('deletes one version, then the whole slot', async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const v1 = saved((await save(token, user.id, { rom_md5: rom })).body);
    const v2 = saved((await save(token, user.id, { rom_md5: rom, base_version: v1.version_id })).body);
    const v3 = saved((await save(token, user.id, { rom_md5: rom, base_version: v2.version_id })).body);

    const one = await call(t.app, deleteArchive, { id: v1.id, version_id: v3.version_id }, { token });
    expect(one.body).toMatchObject({
      code: GameCode.Success,
      msg: translator('en-US')('game.archive_deleted'),
      data: { id: v1.id, deleted_versions: 1, slot_deleted: false },
    });
    const list = (await call(t.app, archiveList, { rom_md5: rom }, { token })).body.data as {
      list: { slots: { version_id: number }[] }[];
    };
    expect(list.list[0]!.slots[0]!.version_id).toBe(v2.version_id);
    // A device that had seen v3 is now behind v2: asked, not overwritten.
    const behind = await save(token, user.id, { rom_md5: rom, base_version: v3.version_id });
    expect(behind.body.code).toBe(GameCode.Fail);

    const unknown = await call(t.app, deleteArchive, { id: v1.id, version_id: v3.version_id }, { token });
    expect(unknown.body.code).toBe(GameCode.Fail);

    const all = await call(t.app, deleteArchive, { id: v1.id }, { token });
    expect(all.body.data).toEqual({ id: v1.id, deleted_versions: 2, slot_deleted: true });
    expect((await call(t.app, archiveList, {}, { token })).body.data).toEqual({ list: [] });
    expect((await call(t.app, archiveHistory, { id: v1.id }, { token })).body.code).toBe(GameCode.Fail);
    expect((await t.app.inject({ method: 'GET', url: v2.archive_path_text })).statusCode).toBe(404);

    // An emptied slot takes a new first save from any device.
    const again = saved((await save(token, user.id, { rom_md5: rom, base_version: v3.version_id })).body);
    expect(again.id).not.toBe(v1.id);
  });

  it('refuses visitors and cover addresses an <img> should not load', async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const script = await save(token, user.id, { rom_md5: rom, icon_image: 'javascript:alert(1)' });
    expect(script.body).toMatchObject({
      code: GameCode.Fail,
      msg: translator('en-US')('validation.url_invalid'),
    });
    const web = await save(token, user.id, { rom_md5: rom, icon_image: 'https://example.org/cover.png' });
    expect(web.body.code).toBe(GameCode.Success);

    await t.database.db.updateTable('users').set({ is_tourist: 1 }).where('id', '=', user.id).execute();
    const visitor = await save(token, user.id, { rom_md5: romMd5() });
    expect(visitor.body).toMatchObject({
      code: GameCode.Fail,
      msg: translator('en-US')('errors.tourist_forbidden'),
    });
  });

  it('publishes the archive paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const def of [saveArchive, archiveList, archiveHistory, deleteArchive]) {
      expect(doc.paths).toHaveProperty([`/game-api/${def.path}`]);
    }
  });

  it('refuses files that were not uploaded, are too large or do not match their MD5', async () => {
    const { user, token } = await t.make.member();
    const rom = romMd5();
    const t_ = translator('en-US');
    const missing = await save(token, user.id, { rom_md5: rom, state_sha256: 'a'.repeat(64) });
    expect(missing.body).toMatchObject({ code: GameCode.Fail, msg: t_('game.archive_file_unknown') });

    const big = await save(token, user.id, { rom_md5: rom }, Buffer.alloc(ARCHIVE_MAX_BYTES + 1, 7));
    expect(big.body).toMatchObject({
      code: GameCode.Fail,
      msg: t_('game.archive_too_large', { max: '16 MB' }),
    });

    const mismatch = await save(token, user.id, { rom_md5: rom, archive_md5: 'f'.repeat(32) });
    expect(mismatch.body).toMatchObject({ code: GameCode.Fail, msg: t_('game.archive_md5_mismatch') });

    // A screenshot must be a picture the upload host stored.
    const notImage = (await uploadState(user.id)).sha256;
    const badShot = await save(token, user.id, { rom_md5: rom, image_sha256: notImage });
    expect(badShot.body).toMatchObject({ code: GameCode.Fail, msg: t_('game.archive_image_invalid') });

    expect((await call(t.app, archiveList, {}, { token })).body.data).toEqual({ list: [] });
  });

  it("refuses another member's state file or screenshot by its sha256", async () => {
    const owner = await t.make.member();
    const other = await t.make.member();
    const rom = romMd5();
    const t_ = translator('en-US');
    const { sha256: theirState, data } = await uploadState(owner.user.id);
    const theirShot = await uploadShot(owner.user.id);

    const state = await save(other.token, other.user.id, { rom_md5: rom, state_sha256: theirState });
    expect(state.body).toMatchObject({ code: GameCode.Fail, msg: t_('game.archive_file_unknown') });
    const shot = await save(other.token, other.user.id, { rom_md5: rom, image_sha256: theirShot });
    expect(shot.body).toMatchObject({ code: GameCode.Fail, msg: t_('game.archive_image_invalid') });
    expect((await call(t.app, archiveList, {}, { token: other.token })).body.data).toEqual({ list: [] });

    // Uploading the same bytes themselves makes the (one) stored file theirs too.
    expect((await uploadState(other.user.id, data)).sha256).toBe(theirState);
    saved((await save(other.token, other.user.id, { rom_md5: rom, state_sha256: theirState })).body);
  });
});
