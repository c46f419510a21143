import { routes } from '@pixelhall/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { showFailToast } = vi.hoisted(() => ({ showFailToast: vi.fn() }));
vi.mock('../core/feedback', () => ({ showFailToast, showSuccessToast: vi.fn(), showLoading: vi.fn() }));
// The device headers read the browser's navigator, which this test runs without.
vi.mock('./headers', () => ({ requestHeaders: () => ({ 'content-type': 'application/json' }) }));

import { ApiError, request } from './client';

const refusal = (reason: string, msg: string) =>
  new Response(JSON.stringify({ code: 0, msg, data: null, reason }), {
    headers: { 'content-type': 'application/json' },
  });

describe('a form call’s field reasons', () => {
  beforeEach(() => showFailToast.mockClear());
  afterEach(() => vi.unstubAllGlobals());

  it('leaves out the toast of a refusal the form shows at its field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal('errors.wrong_credentials', 'Wrong name or password')),
    );
    const call = request(
      routes.auth.login,
      { username: 'ana', password: 'nope' },
      { fieldReasons: ['errors.wrong_credentials'] },
    );
    await expect(call).rejects.toMatchObject({ kind: 'business', reason: 'errors.wrong_credentials' });
    expect(showFailToast).not.toHaveBeenCalled();
  });

  it('still toasts a refusal no field shows, once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal('errors.no_password', 'No password yet')),
    );
    const call = request(
      routes.auth.login,
      { username: 'ana', password: 'nope' },
      { fieldReasons: ['errors.wrong_credentials'] },
    );
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(showFailToast).toHaveBeenCalledTimes(1);
    expect(showFailToast).toHaveBeenCalledWith('No password yet');
  });
});
