import { LOCALE_VALUES, localeOption } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, open, useToken } from './support/app';
import { stageCloudArchives } from './support/archives';
import { expectScreenOnPage, usePhone } from './support/browser';
import { type ClippedLabel, clippedLabels } from './support/clipped-labels';
import { demoMemberSession } from './support/members';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

/**
 * The main screens, as Pixel Pat (a seeded member with a wallet, props, bets and saves) sees
 * them: route and screen name. The downloads' tabs and the classification's filters are where
 * long words in Japanese, Spanish and Portuguese first ran out of room.
 */
const SCREENS: Array<[route: string, screen: string]> = [
  ['/home', 'home'],
  ['/classify', 'classify'],
  ['/topic/1', 'topic'],
  ['/game', 'game'],
  ['/game/download', 'game-download'],
  ['/game/components/classification?emulator=nes&sort=hot', 'game-components-classification'],
  ['/game/components/topics', 'game-components-topics'],
  ['/game/search', 'game-search'],
  ['/rom/1', 'rom'],
  ['/me', 'me'],
  ['/me/setting', 'me-setting'],
  ['/me/setting/game', 'me-setting-game'],
  ['/me/archives', 'me-archives'],
  ['/me/archives/cloud', 'me-archives-cloud'],
  ['/me/archives/cloud/slot?romMd5=__ARCHIVE_ROM__', 'me-archives-cloud-slot'],
  ['/me/grade', 'me-grade'],
  ['/me/wallet', 'me-wallet'],
  ['/me/props', 'me-props'],
  ['/me/task', 'me-task'],
  ['/me/bets', 'me-bets'],
  ['/me/mute', 'me-mute'],
  ['/user/1', 'user-id'],
];

/** A game with cloud saves of Pat's, for its slots' facts (set once, for every language). */
let archiveRom: string;
beforeAll(async () => {
  archiveRom = await stageCloudArchives(baseUrl(), (await demoMemberSession('pixelpat')).token);
});

describe('labels fit at 390 px', () => {
  for (const locale of LOCALE_VALUES) {
    it(`shows every tab, button and chip whole in ${locale}`, async () => {
      const { token } = await demoMemberSession('pixelpat');
      await useToken(context, token);
      await context.addInitScript((language) => {
        localStorage.setItem(
          'pixelhall.preferences',
          JSON.stringify({ state: { locale: language }, version: 1 }),
        );
      }, localeOption(locale));
      const problems: ClippedLabel[] = [];
      for (const [route, screen] of SCREENS) {
        await open(page, route.replace('__ARCHIVE_ROM__', archiveRom));
        await expectScreenOnPage(page, screen);
        await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
        // Lists, images and fonts settle: what is measured is what the reader sees.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        problems.push(...(await clippedLabels(page)));
      }
      expect(problems.map((p) => `${p.problem}: "${p.text}" (${p.where})`)).toEqual([]);
    });
  }
});
