import { endpoints } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { call } from './helper';
import { opsTestDatabase } from './support/ops';

const tdb = opsTestDatabase();
const { ops } = tdb;

// Each case starts real processes, which takes seconds on a loaded 2-core machine.
describe('npm run ops', { timeout: 60_000 }, () => {
  it('migrates, then reports the schema up to date', async () => {
    const { code, out } = await ops('db:migrate');
    expect(code).toBe(0);
    expect(out).toContain('the schema is up to date');
  });

  it('sets an option that get/options then answers', async () => {
    const set = await ops(
      'options:set',
      'mining_config',
      '{"mining_button":true,"mining_url":"https://mine.example.org/"}',
    );
    expect(set.code).toBe(0);
    const { app } = await buildApp({ config: testConfig(), database: tdb.database });
    await app.ready();
    const { body } = await call(app, endpoints.options.getOptions, { name: 'mining_config' });
    expect(body.data).toMatchObject({
      option_value: { mining_button: true, mining_url: 'https://mine.example.org/' },
    });
    const get = await ops('options:get', 'mining_config');
    expect(JSON.parse(get.out.slice(get.out.indexOf('{')))).toMatchObject({
      option_value: { mining_button: true },
    });
  });

  it('refuses bad input with a readable message and a failing exit code', async () => {
    expect(await ops('options:set', 'mining_config', '{not json')).toMatchObject({ code: 1 });
    const wrong = await ops('options:set', 'mining_config', '{"mining_button":"yes"}');
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('mining_button');
    const unknown = await ops('options:set', 'smtp_password', '"x"');
    expect(unknown.out).toContain('Unknown option');
    expect((await ops('no:such-command')).code).toBe(2);
  });

  it('publishes a release that checkVersion reports', async () => {
    const published = await ops('version:publish', '1.9.0', '--notes', 'Cloud saves sync faster', '--force');
    expect(published.code).toBe(0);
    const rows = await tdb.database.db
      .selectFrom('app_versions')
      .selectAll()
      .where('version', '=', '1.9.0')
      .execute();
    expect(rows).toMatchObject([{ notes: 'Cloud saves sync faster', force_update: 1 }]);
    expect((await ops('version:publish', 'latest')).code).toBe(1);
  });
});
