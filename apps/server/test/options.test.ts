import { endpoints, OPTION_DEFAULTS } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('get/options', () => {
  it('answers the default until an operator sets the option', async () => {
    const { body } = await call(t.app, endpoints.options.getOptions, { name: 'mining_config' });
    expect(body).toEqual({
      code: 1,
      msg: 'OK',
      data: { name: 'mining_config', option_value: OPTION_DEFAULTS.mining_config, updated_at: null },
    });
  });

  it('answers what the operator set, by POST and by GET, with defaults for what was left out', async () => {
    const value = { mining_button: true, mining_url: 'https://mine.example.org/start' };
    await t.services.options.set('mining_config', value);
    // The cycle's lengths were not given: the schema's defaults are stored with the rest.
    const stored = { ...value, cycle_minutes: 60, rest_seconds: 30 };
    for (const method of ['POST', 'GET'] as const) {
      const { body } = await call(t.app, endpoints.options.getOptions, { name: 'mining_config' }, { method });
      expect(body.data).toEqual({ name: 'mining_config', option_value: stored, updated_at: t.clock.now });
    }
  });

  it('refuses mining cycles of no length, or longer than a day, and rests over an hour', async () => {
    const base = { mining_button: true, mining_url: 'https://mine.example.org/' };
    for (const wrong of [{ cycle_minutes: 0 }, { cycle_minutes: 24 * 60 + 1 }, { rest_seconds: 3601 }]) {
      await expect(t.services.options.set('mining_config', { ...base, ...wrong })).rejects.toThrow(
        new RegExp(Object.keys(wrong)[0]!),
      );
    }
    const value = { ...base, cycle_minutes: 5, rest_seconds: 0 };
    expect(await t.services.options.set('mining_config', value)).toEqual(value);
  });

  it('refuses values that do not fit the option schema, keeping the old one', async () => {
    await expect(t.services.options.set('mining_config', { mining_button: 'yes' })).rejects.toThrow(
      /mining_button/,
    );
    await expect(
      t.services.options.set('mining_config', { mining_button: true, mining_url: 'javascript:alert(1)' }),
    ).rejects.toThrow(/mining_url/);
    const { body } = await call(t.app, endpoints.options.getOptions, { name: 'mining_config' });
    expect((body.data as { option_value: { mining_button: boolean } }).option_value.mining_button).toBe(true);
  });

  it('answers a translated code 0 for an unknown or private option name', async () => {
    const en = await call(t.app, endpoints.options.getOptions, { name: 'smtp_password' });
    expect(en.body).toEqual({
      code: 0,
      msg: 'There is no option named smtp_password.',
      data: null,
      reason: 'errors.option_not_found',
    });
    const ja = await call(
      t.app,
      endpoints.options.getOptions,
      { name: 'smtp_password' },
      { locale: 'ja-JP' },
    );
    expect(ja.body.msg).toContain('smtp_password');
    expect(ja.body.msg).not.toBe(en.body.msg);
  });

  it('does not read inherited object keys as option names', async () => {
    const { body } = await call(t.app, endpoints.options.getOptions, { name: 'constructor' });
    expect(body.code).toBe(0);
  });
});
