import { endpoints } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const check = endpoints.appVersion.checkVersion;

describe('main/checkVersion', () => {
  it('says the client is current when nothing newer is published', async () => {
    await t.services.appVersions.publish({ version: '1.8.6', notes: 'Current' });
    const { body } = await call(t.app, check);
    expect(body.data).toMatchObject({
      current_version: '1.8.6',
      latest_version: '1.8.6',
      has_update: false,
      force_update: false,
    });
  });

  it('compares numerically, so 1.10.0 is newer than 1.9.0', async () => {
    await t.services.appVersions.publish({ version: '1.9.0', notes: 'Nine' });
    await t.services.appVersions.publish({
      version: '1.10.0',
      notes: 'Ten',
      downloadUrl: 'https://x.example/1.10',
    });
    const { body } = await call(t.app, check);
    expect(body.data).toMatchObject({
      latest_version: '1.10.0',
      has_update: true,
      notes: 'Ten',
      download_url: 'https://x.example/1.10',
    });
  });

  it('reads the version from X-Client-Version, or from the payload', async () => {
    const fromHeader = await call(t.app, check, {}, { headers: { 'x-client-version': '1.10.0' } });
    expect(fromHeader.body.data).toMatchObject({ current_version: '1.10.0', has_update: false });
    const fromPayload = await call(
      t.app,
      check,
      { version: '1.9.0.0' },
      { headers: { 'x-client-version': '1.10.0' } },
    );
    expect(fromPayload.body.data).toMatchObject({ current_version: '1.9.0.0', has_update: true });
  });

  it('forces an update when a newer release drops support for the client', async () => {
    await t.services.appVersions.publish({ version: '2.0', notes: 'New saves format', force: true });
    const old = await call(t.app, check, { version: '1.9.0' });
    expect(old.body.data).toMatchObject({ force_update: true, latest_version: '2.0' });
    const current = await call(t.app, check, { version: '2.0.0' });
    expect(current.body.data).toMatchObject({ force_update: false, has_update: false });
  });

  it('ignores a malformed header and rejects a malformed payload version', async () => {
    const header = await call(t.app, check, {}, { headers: { 'x-client-version': 'latest; drop table' } });
    expect(header.body.data).toMatchObject({ current_version: '1.8.6' });
    const payload = await call(t.app, check, { version: 'v1' });
    expect(payload.body.code).toBe(0);
  });
});
