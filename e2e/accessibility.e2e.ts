import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { stageReadyExport } from './support/account-export';
import { logIn } from './support/account-forms';
import { baseUrl, currentRoute, open, useToken } from './support/app';
import { stageAppealScene } from './support/appeal-scene';
import { auditPage, describeViolations } from './support/axe';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, openTopicId, signedInToday, uniqueWord } from './support/community';
import { openEditSheet, openHistory } from './support/edit-scene';
import { showFilterRefusal, showFilterVerdict, stageFilterScene } from './support/filter-scene';
import { createMember, demoMemberSession, withDatabase } from './support/members';
import { stageModScene, wardenSession } from './support/mod-scene';
import { stageModerationScene } from './support/moderation-scene';
import { screenAtRest } from './support/motion';
import { stagePasskeys } from './support/passkeys';
import { stageOtherDevices } from './support/sessions';
import { showcasePosts } from './support/showcase-posts';
import { stageTotp, totpCode } from './support/two-step';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

type Theme = 'dark' | 'light';
/** A screen to audit: its route, the `data-screen` it shows, and a name for the failure message. */
type Stop = { name: string; route: string; screen: string };

let pictures: string;
let pat: { id: number; token: string };
beforeAll(async () => {
  const posts = await showcasePosts(inject('databaseUrl'));
  if (!posts.__POST_PICTURES__) throw new Error('the seed has no post with pictures to audit');
  pictures = posts.__POST_PICTURES__;
  pat = await demoMemberSession('pixelpat');
  // The day's check-in celebrates once a day; done here so it does not cover the screens.
  await callAs(pat.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
});

const visitorStops = (): Stop[] => [
  { name: 'home', route: '/home', screen: 'home' },
  { name: 'post', route: `/post/${pictures}`, screen: 'post' },
  { name: 'topic', route: '/topic/1', screen: 'topic' },
  { name: 'search', route: '/home/search', screen: 'search' },
  { name: 'game library', route: '/game', screen: 'game' },
  { name: 'game page', route: '/rom/1', screen: 'rom' },
  { name: 'me', route: '/me', screen: 'me' },
  { name: 'member profile', route: '/user/1', screen: 'user-id' },
  { name: 'settings', route: '/me/setting', screen: 'me-setting' },
  { name: 'log in', route: '/login', screen: 'login' },
];

const memberStops = (): Stop[] => [
  { name: 'home', route: '/home', screen: 'home' },
  { name: 'post', route: `/post/${pictures}`, screen: 'post' },
  { name: 'topic', route: '/topic/1', screen: 'topic' },
  { name: 'game library', route: '/game', screen: 'game' },
  { name: 'game page', route: '/rom/2', screen: 'rom' },
  { name: 'me', route: '/me', screen: 'me' },
  { name: 'another member', route: '/user/2', screen: 'user-id' },
  { name: 'wallet', route: '/me/wallet', screen: 'me-wallet' },
  { name: 'tasks', route: '/me/task', screen: 'me-task' },
  { name: 'inbox', route: '/me/news', screen: 'me-news' },
  { name: 'settings', route: '/me/setting', screen: 'me-setting' },
];

async function useTheme(theme: Theme): Promise<void> {
  await context.addInitScript((t) => {
    localStorage.setItem('pixelhall.preferences', JSON.stringify({ state: { theme: t }, version: 1 }));
  }, theme);
}

/** The screen once its content has arrived and come to rest, so the audit sees what a person would read. */
async function settle(stop: Stop): Promise<void> {
  await expectScreenOnPage(page, stop.screen);
  await screenAtRest(page);
}

async function auditStops(theme: Theme, stops: Stop[]): Promise<void> {
  await useTheme(theme);
  const failures: string[] = [];
  for (const stop of stops) {
    await open(page, stop.route);
    await settle(stop);
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
    const violations = await auditPage(page);
    if (violations.length) failures.push(describeViolations(`${theme} ${stop.name}`, violations));
  }
  expect(failures, failures.join('\n')).toEqual([]);
}

describe('accessibility: axe-core finds no WCAG 2.1 A/AA violation', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`on the main screens as a visitor, ${theme} theme`, async () => {
      await auditStops(theme, visitorStops());
    }, 120_000);

    it(`on the main screens as a demo member, ${theme} theme`, async () => {
      await useToken(context, pat.token);
      await auditStops(theme, memberStops());
    }, 120_000);

    it(`on the e-mail proof screens of someone who has just signed up, ${theme} theme`, async () => {
      const newcomer = await createMember();
      await withDatabase((database) =>
        database.db
          .updateTable('users')
          .set({ pending_email: `newcomer${newcomer.id}@example.org` })
          .where('id', '=', newcomer.id)
          .execute(),
      );
      await callAs(newcomer.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      await useToken(context, newcomer.token);
      await auditStops(theme, [
        {
          name: 'account and security, address not confirmed',
          route: '/me/setting/accountandsecurity',
          screen: 'me-setting-accountandsecurity',
        },
        { name: 'confirm the address', route: '/auth/activedetail', screen: 'auth-activedetail' },
      ]);
      // The audit saw the proof form, not a screen without it.
      await page.getByTestId('verify-email-submit').waitFor();
    }, 120_000);

    it(`on the passkeys of account and security, and naming a new one, ${theme} theme`, async () => {
      const member = await createMember();
      await stagePasskeys(inject('databaseUrl'), member.token);
      await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      await useToken(context, member.token);
      await auditStops(theme, [
        {
          name: 'account and security, two passkeys',
          route: '/me/setting/accountandsecurity',
          screen: 'me-setting-accountandsecurity',
        },
      ]);
      // The audit saw the list, not a screen still waiting for it.
      expect(await page.getByTestId('passkey-row').count()).toBe(2);
      await page.getByTestId('passkey-add').click();
      await page.getByTestId('passkey-name-submit').waitFor();
      await screenAtRest(page);
      const violations = await auditPage(page);
      expect(violations, describeViolations(`${theme} naming a passkey`, violations)).toEqual([]);
    }, 120_000);

    it(`on two-step sign-in: the second step, the section, confirming it's you, recovery codes and set-up, ${theme} theme`, async () => {
      const password = 'correct horse';
      const username = uniqueWord('a11y2s').slice(0, 20);
      const { token } = await callAs(null, endpoints.auth.register, {
        username,
        email: `${username}@example.org`,
        password,
      });
      await callAs(token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      const { secret } = await stageTotp(baseUrl(), token);
      await callAs(token, endpoints.auth.signOut, {});
      await useTheme(theme);
      const audit = async (name: string) => {
        await screenAtRest(page);
        const violations = await auditPage(page);
        expect(violations, describeViolations(`${theme} ${name}`, violations)).toEqual([]);
      };

      await open(page, '/login');
      await expectScreenOnPage(page, 'login');
      await logIn(page, username, password);
      await expectScreenOnPage(page, 'auth-secondstep');
      await page.getByTestId('second-step-code').locator('input').waitFor();
      await audit('second step');
      await page.getByTestId('second-step-code').locator('input').fill(totpCode(secret, 1));
      await page.getByTestId('second-step-submit').click();
      await page.waitForURL(/#\/me$/);

      await auditStops(theme, [
        {
          name: 'account and security, two-step on',
          route: '/me/setting/accountandsecurity',
          screen: 'me-setting-accountandsecurity',
        },
      ]);
      await page.locator('[data-testid="two-step-app"][data-on]').waitFor();

      // A session begun 11 minutes ago must confirm it's the member before new codes.
      await withDatabase(async (database) => {
        const user = await database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow();
        await database.db
          .updateTable('sessions')
          .set({ created_at: Date.now() - 11 * 60_000, proven_at: null })
          .where('user_id', '=', user.id)
          .execute();
      });
      await page.getByTestId('two-step-regenerate').click();
      await page.locator('.adm-dialog').getByText('Get new codes', { exact: true }).click();
      await page.getByTestId('fresh-proof-password').locator('input').waitFor();
      await audit("confirm it's you");
      await page.getByTestId('fresh-proof-password').locator('input').fill(password);
      await page.getByTestId('fresh-proof-submit').click();
      await page.getByTestId('recovery-codes-done').waitFor();
      await audit('recovery codes');
      await page.getByTestId('recovery-codes-done').click();

      await page.getByTestId('two-step-turn-off').click();
      await page.locator('.adm-dialog').getByText('Turn off', { exact: true }).click();
      await page.getByTestId('two-step-set-up').click();
      await page.getByTestId('two-step-setup-code').locator('input').waitFor();
      await page.locator('img.two-step-setup__qr').evaluate((img: HTMLImageElement) => img.decode());
      await audit('setting up an authenticator app');
    }, 120_000);

    it(`on the signed-in devices of account and security, ${theme} theme`, async () => {
      const member = await createMember();
      await stageOtherDevices(inject('databaseUrl'), member.token);
      await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      await useToken(context, member.token);
      await auditStops(theme, [
        {
          name: 'account and security, three signed-in devices',
          route: '/me/setting/accountandsecurity',
          screen: 'me-setting-accountandsecurity',
        },
      ]);
      // The audit saw the list with its buttons, not a screen still waiting for it.
      expect(await page.getByTestId('session-row').count()).toBe(3);
      expect(await page.getByTestId('session-sign-out').count()).toBe(2);
    }, 120_000);

    it(`on the Mute screen with a muted member and words, and a post folded for a word, ${theme} theme`, async () => {
      const member = await createMember();
      const loud = await createMember();
      const author = await createMember();
      await callAs(member.token, endpoints.mutes.muteUser, { user_id: loud.id, duration: 'week' });
      await callAs(member.token, endpoints.mutes.muteWord, { phrase: 'ネタバレ' });
      await callAs(member.token, endpoints.mutes.muteWord, { phrase: 'final boss' });
      const post = await callAs(author.token, endpoints.posts.createPost, {
        topic_id: await openTopicId(),
        text: `ネタバレ注意 ${uniqueWord('a11y')}`,
      });
      await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      await useToken(context, member.token);
      await auditStops(theme, [{ name: 'mute', route: '/me/mute', screen: 'me-mute' }]);
      // The audit saw the member and the words, not a screen still waiting for them.
      expect(await page.getByTestId('muted-member').count()).toBe(1);
      expect(await page.getByTestId('muted-word').count()).toBe(2);
      await auditStops(theme, [{ name: 'a folded post', route: `/post/${post.id}`, screen: 'post' }]);
      await page.getByTestId('post-detail').getByTestId('folded-show').waitFor();
    }, 120_000);

    it(`on editing a post and a comment, and their histories, a paid one's in teasers, ${theme} theme`, async () => {
      const author = await createMember();
      const other = await createMember();
      const topic = await openTopicId();
      const post = await callAs(author.token, endpoints.posts.createPost, {
        topic_id: topic,
        text: `Moon Palace in 41:12 ${uniqueWord('a11y')}`,
      });
      await callAs(author.token, endpoints.edits.editPost, {
        id: post.id,
        text: `Moon Palace in 39:58 ${post.id}`,
      });
      const comment = await callAs(author.token, endpoints.comments.postComment, {
        post_id: post.id,
        text: 'Route: tower, bell, moat.',
      });
      await callAs(author.token, endpoints.edits.editComment, {
        id: comment.id,
        text: 'Route: tower, moat.',
      });
      const paid = await callAs(other.token, endpoints.posts.createPost, {
        topic_id: topic,
        text: 'Every hidden room in Castle Quill, mapped: the ninth one is under the well.',
        price: 20,
      });
      await callAs(other.token, endpoints.edits.editPost, {
        id: paid.id,
        text: 'Every hidden room in Castle Quill, mapped: the ninth one is under the old well.',
      });
      await callAs(author.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      await useToken(context, author.token);
      await auditStops(theme, [{ name: 'an edited post', route: `/post/${post.id}`, screen: 'post' }]);
      const audit = async (name: string) => {
        const violations = await auditPage(page);
        expect(violations, describeViolations(`${theme} ${name}`, violations)).toEqual([]);
      };
      await openEditSheet(page, 'post');
      await audit('editing a post');
      await openEditSheet(page, 'comment');
      await audit('editing a comment');
      await openHistory(page, '[data-testid="post-detail"]');
      await audit("a post's history");
      await openHistory(page, '[data-testid="comment"]');
      await audit("a comment's history");
      await open(page, `/post/${paid.id}`);
      await expectScreenOnPage(page, 'post');
      await openHistory(page, '[data-testid="post-detail"]');
      // The audit saw the teasers' note, not a sheet still waiting for the versions.
      await page.getByTestId('edit-history-locked').waitFor();
      await audit("a locked paid post's history");
    }, 120_000);

    it(`on what members see of moderation: the public log, removed, held and locked posts, the suspension notice, ${theme} theme`, async () => {
      const scene = await stageModerationScene(baseUrl(), inject('databaseUrl'));
      const { __POST_REMOVED__: removed, __POST_HELD__: held, __POST_LOCKED__: locked } = scene.placeholders;
      // A visitor first: the log, and the placeholders others see.
      await auditStops(theme, [
        { name: 'moderation log', route: '/modlog', screen: 'modlog' },
        { name: 'a removed post, as others see it', route: `/post/${removed}`, screen: 'post' },
        { name: 'a locked post with a removed comment', route: `/post/${locked}`, screen: 'post' },
      ]);
      await page
        .locator('[data-screen="post"] [data-testid="composer"] [data-testid="locked-notice"]')
        .waitFor();
      await page
        .locator('[data-screen="post"] [data-testid="comment"] [data-testid="removed-notice"]')
        .waitFor();
      // Then Sam, the author, suspended; the page loads again to take his token.
      await useToken(context, scene.token);
      await page.reload();
      await auditStops(theme, [
        { name: 'me, suspended and warned', route: '/me', screen: 'me' },
        { name: 'writing a post while suspended', route: '/note', screen: 'note' },
        { name: 'a removed post, as its author sees it', route: `/post/${removed}`, screen: 'post' },
        { name: 'a held post, as its author sees it', route: `/post/${held}`, screen: 'post' },
        { name: 'a comment bar while suspended', route: `/post/${locked}`, screen: 'post' },
      ]);
      // The audits saw the notices, not screens still waiting for them.
      await open(page, '/me');
      await settle({ name: 'me', route: '/me', screen: 'me' });
      await page.locator('[data-screen="me"] [data-testid="suspension-notice"]').waitFor();
      await page.locator('[data-screen="me"] [data-testid="warnings-note"]').waitFor();
      const violations = await auditPage(page);
      expect(violations, describeViolations(`${theme} me, suspended`, violations)).toEqual([]);
    }, 120_000);

    it(`on "Your data" of account and security, a copy ready to download, ${theme} theme`, async () => {
      const member = await createMember();
      await stageReadyExport(baseUrl(), member.token);
      await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      await useToken(context, member.token);
      await auditStops(theme, [
        {
          name: 'account and security, export ready',
          route: '/me/setting/accountandsecurity',
          screen: 'me-setting-accountandsecurity',
        },
      ]);
      // Audited again once the ready copy and its button are surely there, not a section still
      // waiting for its state.
      await page.getByTestId('export-download').waitFor();
      await page.getByTestId('export-next').waitFor();
      await screenAtRest(page);
      const violations = await auditPage(page);
      expect(violations, describeViolations(`${theme} export ready`, violations)).toEqual([]);
    }, 120_000);

    it(`on deleting the account: its section, its page, and the date while it is pending, ${theme} theme`, async () => {
      const member = await createMember();
      await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
      await useToken(context, member.token);
      await auditStops(theme, [
        {
          name: 'account and security, delete account',
          route: '/me/setting/accountandsecurity',
          screen: 'me-setting-accountandsecurity',
        },
        {
          name: 'delete my account',
          route: '/me/setting/accountandsecurity/delete',
          screen: 'me-setting-accountandsecurity-delete',
        },
      ]);
      // The audit saw the explanation and the form, not a screen still waiting for the member.
      await page.getByTestId('delete-account-goes').waitFor();
      await page.getByTestId('delete-account-submit').waitFor();

      await withDatabase((database) =>
        database.db
          .updateTable('users')
          .set({ deletion_requested_at: Date.now(), deletion_due_at: Date.now() + 30 * 86_400_000 })
          .where('id', '=', member.id)
          .execute(),
      );
      await page.reload();
      await auditStops(theme, [
        {
          name: 'account and security, deletion pending',
          route: '/me/setting/accountandsecurity',
          screen: 'me-setting-accountandsecurity',
        },
      ]);
      await page.getByTestId('delete-account-pending').waitFor();
    }, 120_000);
  }
});

describe('accessibility of the moderators’ desk: axe-core finds no WCAG 2.1 A/AA violation', () => {
  let warden: string;
  beforeAll(async () => {
    // Wren, an administrator, and a desk with reports, held posts, a log and staff to show.
    warden = await withDatabase((database) => wardenSession(database, '_ax'));
    await stageModScene(baseUrl(), inject('databaseUrl'), warden, '_ax');
    await callAs(warden, endpoints.tasks.startUp, { type: 1, authLogin: true });
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`on every tab of the desk, a member's sheet and the sheets that ask why, ${theme} theme`, async () => {
      await useToken(context, warden);
      await useTheme(theme);
      const failures: string[] = [];
      const audit = async (name: string) => {
        await screenAtRest(page);
        const violations = await auditPage(page);
        if (violations.length) failures.push(describeViolations(`${theme} ${name}`, violations));
      };
      await open(page, '/me');
      await expectScreenOnPage(page, 'me');
      await page.locator('[data-screen="me"] [data-testid="mod-entry-badge"]').waitFor();
      await audit('me with the desk entry');
      // Each tab once its rows have come, so the audit reads what a moderator would.
      const tabs: Array<[tab: string, row: string]> = [
        ['reports', 'report-card'],
        ['held', 'held-card'],
        ['log', 'mod-log-entry'],
        ['staff', 'mod-staff-row'],
      ];
      for (const [tab, row] of tabs) {
        await open(page, `/mod?tab=${tab}`);
        await expectScreenOnPage(page, 'mod');
        await page.locator(`[data-screen="mod"] [data-testid="${row}"]`).first().waitFor();
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        await audit(`desk ${tab}`);
      }
      await open(page, '/mod?tab=reports');
      await expectScreenOnPage(page, 'mod');
      // Other journeys share the database and report comments too: the scene's own is one of them.
      const comment = page
        .locator('[data-screen="mod"] [data-testid="report-card"][data-target="comment"]')
        .first();
      await comment.getByTestId('report-author').click();
      await page.getByTestId('mod-member-sheet').waitFor();
      await audit('member sheet');
      await page.getByTestId('mod-suspend').click();
      await page.getByTestId('mod-sanction-sheet').getByTestId('mod-reason-lengths').waitFor();
      await audit('suspend sheet');
      await page.reload();
      await expectScreenOnPage(page, 'mod');
      await page.locator('[data-screen="mod"] [data-testid="report-remove"]').first().click();
      await page.getByTestId('mod-remove-sheet').getByTestId('mod-reason-presets').waitFor();
      await audit('remove sheet');
      expect(failures, failures.join('\n')).toEqual([]);
    }, 180_000);
  }
});

describe('accessibility of the desk’s Filters tab: axe-core finds no WCAG 2.1 A/AA violation', () => {
  let admin: string;
  beforeAll(async () => {
    // An administrator of its own, with a filter of every kind (support/filter-scene.ts), tagged
    // so they match nothing other journeys on this database write.
    admin = await withDatabase((database) => wardenSession(database, '_axf'));
    await stageFilterScene(baseUrl(), admin, '-axf');
    await callAs(admin, endpoints.tasks.startUp, { type: 1, authLogin: true });
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`with its list, a refused pattern, a tried text and the removal question, ${theme} theme`, async () => {
      await useToken(context, admin);
      await useTheme(theme);
      const failures: string[] = [];
      const audit = async (name: string) => {
        await screenAtRest(page);
        const violations = await auditPage(page);
        if (violations.length) failures.push(describeViolations(`${theme} ${name}`, violations));
      };
      await open(page, '/mod?tab=filters');
      await expectScreenOnPage(page, 'mod');
      await page.locator('[data-screen="mod"] [data-testid="filter-row"]').first().waitFor();
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
      await audit('filters');
      await showFilterRefusal(page);
      await audit('filters with a refused pattern');
      await showFilterVerdict(page);
      await audit('filters with a tried text');
      await page.locator('[data-screen="mod"] [data-testid="filter-remove"]').first().click();
      await page.locator('.adm-dialog-body:visible').waitFor();
      // The dialog fades in by script, which motionless() cannot see: measured once it is opaque.
      await page.waitForFunction(() => {
        const body = document.querySelector<HTMLElement>('.adm-dialog .adm-center-popup-wrap > div');
        return body !== null && getComputedStyle(body).opacity === '1';
      });
      await audit('the removal question');
      expect(failures, failures.join('\n')).toEqual([]);
    }, 120_000);
  }
});

describe('accessibility of appeals: axe-core finds no WCAG 2.1 A/AA violation', () => {
  let member: string;
  let admin: string;
  beforeAll(async () => {
    // Sam's notices (a removal appealed and denied, a suspension open to appeal), and Ada, an
    // administrator with an open appeal in her queue (support/appeal-scene.ts).
    const scene = await stageModerationScene(baseUrl(), inject('databaseUrl'));
    member = scene.token;
    admin = (await stageAppealScene(baseUrl(), inject('databaseUrl'), member)).adminToken;
    await callAs(admin, endpoints.tasks.startUp, { type: 1, authLogin: true });
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`on the moderation notices, the appeal sheet, the desk's appeals and the answer sheet, ${theme} theme`, async () => {
      await useTheme(theme);
      const failures: string[] = [];
      const audit = async (name: string) => {
        await screenAtRest(page);
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        const violations = await auditPage(page);
        if (violations.length) failures.push(describeViolations(`${theme} ${name}`, violations));
      };
      await useToken(context, member);
      await open(page, '/me/moderation');
      await expectScreenOnPage(page, 'me-moderation');
      await page.locator('[data-screen="me-moderation"] [data-testid="notice-appeal-answer"]').waitFor();
      await audit('moderation notices');
      await page.locator('[data-screen="me-moderation"] [data-testid="notice-appeal"]').first().click();
      await page.getByTestId('appeal-sheet-submit').click();
      await page.getByTestId('appeal-sheet').locator('.adm-form-item-feedback-error').waitFor();
      await audit('appeal sheet, with the message missing');

      await page.evaluate((token) => {
        localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token }, version: 1 }));
      }, admin);
      await open(page, '/mod?tab=appeals');
      await page.reload();
      await expectScreenOnPage(page, 'mod');
      await page.locator('[data-screen="mod"] [data-testid="appeal-grant"]').first().waitFor();
      await audit('desk appeals');
      await page.locator('[data-screen="mod"] [data-testid="appeal-grant"]').first().click();
      await page.getByTestId('appeal-answer-sheet-text').waitFor();
      await audit('answer sheet');
      await page.reload();
      await expectScreenOnPage(page, 'mod');
      await page
        .locator('[data-screen="mod"] [data-testid="mod-appeals"]')
        .getByText('Answered', { exact: true })
        .click();
      await page.locator('[data-screen="mod"] [data-testid="appeal-answer"]').first().waitFor();
      await audit('desk appeals, answered');
      expect(failures, failures.join('\n')).toEqual([]);
    }, 180_000);
  }
});

/**
 * Presses Tab until the focused element matches `selector` (at most `limit` times), the way a
 * keyboard user walks the screen; returns what it found, or fails with where focus went.
 */
async function tabTo(
  selector: string,
  limit = 80,
): Promise<{ postId: string | null; pressed: string | null }> {
  const visited: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate((sel) => {
      const el = document.activeElement;
      if (!el?.matches(sel))
        return {
          hit: false,
          tag: `${el?.tagName} ${el?.getAttribute('aria-label') ?? el?.textContent?.slice(0, 30) ?? ''}`,
        };
      return {
        hit: true,
        postId: el.closest('[data-post-id]')?.getAttribute('data-post-id') ?? null,
        pressed: el.getAttribute('aria-pressed'),
      };
    }, selector);
    if (found.hit) return { postId: found.postId ?? null, pressed: found.pressed ?? null };
    visited.push(found.tag ?? '');
  }
  throw new Error(`Tab never reached ${selector}; focus went through:\n${visited.join('\n')}`);
}

describe('keyboard', () => {
  it('opens a post and likes one on Home with Tab, Enter and Space alone', async () => {
    await signedInToday(context, 'Keys');
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    await page.locator('[data-screen="home"] [data-testid="post-card"]').first().waitFor();

    const post = await tabTo('[data-screen="home"] [data-testid="post-card"] a.post-text__body');
    await page.keyboard.press('Enter');
    await expectScreenOnPage(page, 'post');
    expect(currentRoute(page)).toBe(`/post/${post.postId}`);

    await tabTo('[data-screen="post"] .adm-nav-bar-back');
    await page.keyboard.press('Enter');
    await expectScreenOnPage(page, 'home');

    const like = await tabTo('[data-screen="home"] [data-testid="post-like"]');
    const button = page.locator(
      `[data-screen="home"] [data-post-id="${like.postId}"] [data-testid="post-like"]`,
    );
    const before = like.pressed === 'true';
    await page.keyboard.press('Space');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(!before));
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(before));
  }, 90_000);

  it('reaches a settings row with Tab and opens it with Enter', async () => {
    await open(page, '/me/setting');
    await expectScreenOnPage(page, 'me-setting');
    await tabTo('[data-screen="me-setting"] [data-testid="game-settings-item"]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('button');
    await page.keyboard.press('Enter');
    await expectScreenOnPage(page, 'me-setting-game');
  });
});
