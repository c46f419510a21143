import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';

let page: Page;
usePhone((p) => {
  page = p;
});

const CORES = ['fceumm', 'snes9x', 'gambatte', 'mgba', 'genesis_plus_gx'];

describe('open-source licences', () => {
  it('lists what the server ships with its terms, reached from About', async () => {
    await open(page, '/me/about');
    await expectScreenOnPage(page, 'me-about');
    await page.getByTestId('licences-item').click();
    await expectScreenOnPage(page, 'me-about-licences');
    expect(currentRoute(page)).toBe('/me/about/licences');
    const screen = page.locator('[data-screen="me-about-licences"]');
    await screen.getByText('Pixelhall is free software, released under GPL-3.0-or-later.').waitFor();

    // The cores whose terms forbid commercial use are named before anything else.
    const warning = screen.getByTestId('non-commercial-warning');
    expect(await warning.textContent()).toContain(
      '@emulatorjs/core-snes9x and @emulatorjs/core-genesis_plus_gx',
    );

    const emulator = screen.getByTestId('licences-emulator').getByTestId('notice');
    expect(await emulator.textContent()).toMatch(/@emulatorjs\/emulatorjs.*GPL-3\.0/);
    const cores = await screen.getByTestId('licences-core').getByTestId('notice').allTextContents();
    expect(cores.map((text) => CORES.find((core) => text.includes(`core-${core}`)))).toEqual(CORES);
    expect(cores.filter((text) => text.includes('Non-commercial'))).toHaveLength(2);
    // The app's own libraries and the service worker's Workbox are listed too.
    await screen.getByTestId('licences-app').getByText('react-dom', { exact: false }).first().waitFor();
    await screen.getByTestId('licences-service-worker').getByText('workbox-core').waitFor();

    // A notice opens on its licence text, as the package ships it.
    await emulator.click();
    await screen.locator('.licences-text').getByText('Version 3, 29 June 2007').waitFor();
    await screen.getByText('npm package').waitFor();
    expect(await screen.locator('.licences-facts a').first().getAttribute('href')).toBe(
      'https://github.com/EmulatorJS/EmulatorJS',
    );
  });

  it('is served by the server as the build wrote it', async () => {
    const response = await page.request.get(`${baseUrl()}/third-party-notices.json`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { notices: { name: string; license: string }[] };
    expect(body.notices.find((n) => n.name === '@emulatorjs/core-mgba')?.license).toBe('MPL-2.0');
  });
});
