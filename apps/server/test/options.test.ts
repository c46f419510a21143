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

  it('answers what the operator set, by POST and by GET', async () => {
    const value = { mining_button: true, mining_url: 'https://mine.example.org/start' };
    await t.services.options.set('mining_config', value);
    for (const method of ['POST', 'GET'] as const) {
      const { body } = await call(t.app, endpoints.options.getOptions, { name: 'mining_config' }, { method });
      expect(body.data).toEqual({ name: 'mining_config', option_value: value, updated_at: t.clock.now });
    }
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
    expect(en.body).toEqual({ code: 0, msg: 'There is no option named smtp_password.', data: null });
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
