import { endpoints, LOCALE_VALUES, localeOption } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, open, useToken } from './support/app';
import { stageCloudArchives } from './support/archives';
import { expectScreenOnPage, usePhone } from './support/browser';
import { type ClippedLabel, clippedLabels } from './support/clipped-labels';
import { callAs, openTopicId } from './support/community';
import { demoMemberSession, withDatabase } from './support/members';
import { stageModScene, wardenSession } from './support/mod-scene';

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
  // A post of Pat's he edited, with his own edited comment: "edited", Reply, Edit and Delete.
  ['/post/__EDITED_POST__', 'post'],
];

/** A game with cloud saves of Pat's, for its slots' facts (set once, for every language). */
let archiveRom: string;
/** A post of Pat's, edited, with his own edited comment (set once, for every language). */
let editedPost: string;
beforeAll(async () => {
  const { token } = await demoMemberSession('pixelpat');
  archiveRom = await stageCloudArchives(baseUrl(), token);
  const post = await callAs(token, endpoints.posts.createPost, {
    topic_id: await openTopicId(),
    text: 'Moon Palace any% in 41:12.',
  });
  await callAs(token, endpoints.edits.editPost, { id: post.id, text: 'Moon Palace any% in 39:58.' });
  const comment = await callAs(token, endpoints.comments.postComment, {
    post_id: post.id,
    text: 'Route: tower, bell, moat.',
  });
  await callAs(token, endpoints.edits.editComment, { id: comment.id, text: 'Route: tower, moat.' });
  editedPost = String(post.id);
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
        await open(page, route.replace('__ARCHIVE_ROM__', archiveRom).replace('__EDITED_POST__', editedPost));
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

describe('labels fit at 390 px on the moderators’ desk', () => {
  /** Wren, an administrator, with reports, held posts, a log and staff to show (support/mod-scene.ts). */
  let warden: string;
  beforeAll(async () => {
    warden = await withDatabase((database) => wardenSession(database, '_lf'));
    await stageModScene(baseUrl(), inject('databaseUrl'), warden, '_lf');
  });

  for (const locale of LOCALE_VALUES) {
    it(`shows every tab, button and chip of the desk whole in ${locale}`, async () => {
      await useToken(context, warden);
      await context.addInitScript((language) => {
        localStorage.setItem(
          'pixelhall.preferences',
          JSON.stringify({ state: { locale: language }, version: 1 }),
        );
      }, localeOption(locale));
      const problems: ClippedLabel[] = [];
      const measure = async () => {
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        problems.push(...(await clippedLabels(page)));
      };
      for (const [tab, row] of [
        ['reports', 'report-card'],
        ['held', 'held-card'],
        ['log', 'mod-log-entry'],
        ['staff', 'mod-staff-row'],
        ['filters', 'filter-row'],
      ] as const) {
        await open(page, `/mod?tab=${tab}`);
        await expectScreenOnPage(page, 'mod');
        await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
        await page.locator(`[data-screen="mod"] [data-testid="${row}"]`).first().waitFor();
        await measure();
      }
      // The sheets that ask why, with their chips: a member's, then how long a suspension lasts.
      await open(page, '/mod?tab=reports');
      await expectScreenOnPage(page, 'mod');
      await page.locator('[data-screen="mod"] [data-testid="report-author"]').first().click();
      await page.getByTestId('mod-member-sheet').waitFor();
      await measure();
      await page.getByTestId('mod-suspend').click();
      await page.getByTestId('mod-sanction-sheet').getByTestId('mod-reason-lengths').waitFor();
      await measure();
      expect(problems.map((p) => `${p.problem}: "${p.text}" (${p.where})`)).toEqual([]);
    });
  }
});
