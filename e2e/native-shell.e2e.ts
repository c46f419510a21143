import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, storedToken, useToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { createMember } from './support/members';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

interface ShellState {
  token: string | null;
  top: number;
  bottom: number;
}

/**
 * An Android shell as docs/native-shell.md describes it: `window.PixelhallHost.postMessage` in,
 * `window.__pixelhallHost.reply` out. It keeps a token of its own and logs what the app asks.
 */
async function installShell(state: ShellState): Promise<void> {
  await context.addInitScript((s: ShellState) => {
    type Request = { id: number; call: string; payload?: { token?: string | null } };
    const w = window as unknown as {
      PixelhallHost: { postMessage(json: string): void };
      __pixelhallHost: { reply(json: string): void };
      shellLog: Request[];
    };
    w.shellLog = [];
    let token = s.token;
    const acknowledged = ['setStatusBarColor', 'loginStatusChanged', 'tokenExpire', 'closeLoginPage'];
    w.PixelhallHost = {
      postMessage(json) {
        const request = JSON.parse(json) as Request;
        w.shellLog.push(request);
        let reply: object;
        if (request.call === 'getSystemInfo')
          reply = {
            code: 1,
            data: { androidVersion: '14', deviceName: 'Pixel 9', top: s.top, bottom: s.bottom },
          };
        else if (request.call === 'applicationInfo')
          reply = { code: 1, data: { version: '1.8.6', platform: 'android' } };
        else if (request.call === 'getToken') reply = { code: 1, data: token };
        else if (request.call === 'setToken') {
          token = request.payload?.token ?? null;
          reply = { code: 1 };
        } else if (acknowledged.includes(request.call)) reply = { code: 1 };
        else reply = { code: 0, missing: true };
        setTimeout(() => w.__pixelhallHost.reply(JSON.stringify({ id: request.id, ...reply })), 0);
      },
    };
  }, state);
}

const pushToken = (token: string | null) =>
  page.evaluate((t) => {
    const w = window as unknown as { __pixelhallHost: { push(json: string): void } };
    w.__pixelhallHost.push(JSON.stringify({ event: 'token', data: { token: t } }));
  }, token);

const shellCalls = () =>
  page.evaluate(() => (window as unknown as { shellLog: { call: string; payload?: unknown }[] }).shellLog);

describe('the session token a native shell keeps', () => {
  it("takes up the shell's token at start-up, then follows its token pushes", async () => {
    const ada = await createMember();
    const bo = await createMember();
    await installShell({ token: ada.token, top: 0, bottom: 0 });
    await open(page, '/me');
    await page.getByTestId('profile-card').getByText(ada.nickname).waitFor();
    expect(await storedToken(page)).toBe(ada.token);

    // The shell signed another member in by itself.
    await pushToken(bo.token);
    await page.getByTestId('profile-card').getByText(bo.nickname).waitFor();
    expect(await storedToken(page)).toBe(bo.token);

    // …and out.
    await pushToken(null);
    await page.getByTestId('visitor-card').waitFor();
    expect(await storedToken(page)).toBeNull();
    // The app followed the shell without echoing its own change back.
    expect((await shellCalls()).filter((c) => c.call === 'setToken')).toEqual([]);
  });

  it('hands its own token to a shell that holds none', async () => {
    const ada = await createMember();
    await useToken(context, ada.token);
    await installShell({ token: null, top: 0, bottom: 0 });
    await open(page, '/me');
    await page.getByTestId('profile-card').getByText(ada.nickname).waitFor();
    await expect
      .poll(async () => (await shellCalls()).filter((c) => c.call === 'setToken').map((c) => c.payload))
      .toEqual([{ token: ada.token }]);
  });
});

describe("the shell's safe areas", () => {
  it('keep the nav bar off the notch and the tab bar off the home indicator', async () => {
    await installShell({ token: null, top: 44, bottom: 30 });
    await open(page, '/me');
    await expectScreenOnPage(page, 'me');
    const tabBar = page.locator('.tab-bar');
    await expect.poll(() => tabBar.evaluate((el) => getComputedStyle(el).paddingBottom)).toBe('30px');
    await open(page, '/me/setting');
    await expectScreenOnPage(page, 'me-setting');
    const navBar = page.locator('[data-screen="me-setting"] .nav-bar').first();
    await expect.poll(() => navBar.evaluate((el) => getComputedStyle(el).paddingTop)).toBe('44px');
  });
});
