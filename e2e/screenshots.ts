/**
 * Screenshots of every screen at a phone viewport, dark and light, for people to look at:
 *   npm run screenshots   (after npm run build) → e2e/.artifacts/screens/<theme>-<screen>.png
 * In other languages: `--locale=ja-JP` (or `--locale=all`, every language) writes
 * <locale>/<theme>-<screen>.png and a contact sheet per language. Other arguments pick screens;
 * E2E_WEB_DIST serves another build, SCREENSHOTS_DIR writes elsewhere. `--readme` takes only the
 * README's screens and writes readme.png, the picture docs/screenshot.png is copied from.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_VALUES, type Locale, localeOption } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { hashPassword } from '@pixelhall/server/src/features/accounts/passwords';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';
import type { BrowserContext, Page } from 'playwright-core';
import { stageReadyExport } from './support/account-export';
import { stageAppealScene } from './support/appeal-scene';
import { stageCloudArchives } from './support/archives';
import { expectScreenOnPage, launchBrowser, phoneContext } from './support/browser';
import { stageCommunityScene } from './support/community-scene';
import { openEditSheet, openHistory, stageEditScene } from './support/edit-scene';
import { showFilterRefusal, showFilterVerdict, stageFilterScene } from './support/filter-scene';
import { focusGame, holdButton } from './support/game-pad';
import { downloadSeededGame, hostCall, waitForSteadyFrame } from './support/games-play';
import { followOpenTopic } from './support/home-scene';
import { freshDesk, sheetAtRest, stageModScene, wardenSession } from './support/mod-scene';
import { stageModerationScene } from './support/moderation-scene';
import { screenAtRest } from './support/motion';
import { stageMuteScene } from './support/mute-scene';
import { stagePasskeys } from './support/passkeys';
import { startServer } from './support/server';
import { stageOtherDevices } from './support/sessions';
import { showcasePosts } from './support/showcase-posts';
import { proveWithPassword, stageTotp } from './support/two-step';

/** SCREENSHOTS_DIR writes them elsewhere (several people taking pictures at once). */
const OUT =
  process.env.SCREENSHOTS_DIR ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screens');
/**
 * Who is looking: nobody signed in (the default), a member, a visitor (tourist) account, or
 * `pat`, the seeded level-31 demo member with a wallet, props, rewards and bets of his own;
 * `leaving`, a member who asked to delete their account nine days ago; `muter`, a member who mutes
 * a demo member and words in English and Japanese (support/mute-scene.ts); `guarded`, a member
 * with an authenticator app on (support/two-step.ts); `suspended`, Sam, whom moderators warned and
 * suspended, with a removed, a held and a locked post (support/moderation-scene.ts); `warden`,
 * Wren, an administrator whose desk has reports, held posts, a log and staff (support/mod-scene.ts).
 */
type Viewer =
  | 'visitor'
  | 'member'
  | 'tourist'
  | 'pat'
  | 'newcomer'
  | 'leaving'
  | 'muter'
  | 'guarded'
  | 'suspended'
  | 'warden';
/** The screens the README's picture is made of (`--readme` takes only these, then the picture). */
const README_SCREENS = ['home-mine', 'me-wallet', 'post'];
/** A scene may name an element to scroll to the top first (a section far down its screen). */
const SCREENS: Array<[name: string, hash: string, screen: string, viewer?: Viewer, scrollTo?: string]> = [
  ['home', '/home', 'home'],
  ['game', '/game', 'game'],
  ['me', '/me', 'me'],
  ['setting', '/me/setting', 'me-setting'],
  ['setting-member', '/me/setting', 'me-setting', 'member'],
  ['about', '/me/about', 'me-about'],
  ['licences', '/me/about/licences', 'me-about-licences'],
  ['webview', '/webview?url=__SELF__%2Fhealthz&title=Status', 'webview'],
  ['webview-invalid', '/webview?url=javascript%3Aalert(1)&title=Help', 'webview'],
  ['not-found', '/no/such/page', 'not-found'],
  ['me-member', '/me', 'me', 'member'],
  ['me-tourist', '/me', 'me', 'tourist'],
  ['user-edit', '/user/edit', 'user-edit', 'member'],
  ['nickname', '/user/edit/nickname', 'user-edit-nickname', 'member'],
  ['signature', '/user/edit/signature', 'user-edit-signature', 'member'],
  ['account', '/me/setting/accountandsecurity', 'me-setting-accountandsecurity', 'member'],
  // The member's signed-in devices: this one and the two staged below (stageOtherDevices).
  [
    'account-devices',
    '/me/setting/accountandsecurity',
    'me-setting-accountandsecurity',
    'member',
    '[data-testid="sessions-section"]',
  ],
  // The member's passkeys: a synced one used lately, a security key never used (stagePasskeys).
  [
    'account-passkeys',
    '/me/setting/accountandsecurity',
    'me-setting-accountandsecurity',
    'member',
    '[data-testid="passkeys-section"]',
  ],
  // Naming a new passkey, before the device's own sheet (SCENE_ACTIONS).
  ['account-passkey-name', '/me/setting/accountandsecurity', 'me-setting-accountandsecurity', 'member'],
  // Two-step sign-in: on, with its recovery codes; and the set-up sheet (SCENE_ACTIONS).
  [
    'account-two-step',
    '/me/setting/accountandsecurity',
    'me-setting-accountandsecurity',
    'guarded',
    '[data-testid="two-step-section"]',
  ],
  [
    'account-two-step-setup',
    '/me/setting/accountandsecurity',
    'me-setting-accountandsecurity',
    'member',
    '[data-testid="two-step-section"]',
  ],
  // "Your data": a copy ready to download, and when the next may be asked for (stageReadyExport).
  [
    'account-export',
    '/me/setting/accountandsecurity',
    'me-setting-accountandsecurity',
    'member',
    '[data-testid="export-section"]',
  ],
  // Deleting the account: the last section, the page that explains it, and the date while pending.
  [
    'account-delete',
    '/me/setting/accountandsecurity',
    'me-setting-accountandsecurity',
    'member',
    '[data-testid="delete-account-section"]',
  ],
  [
    'account-delete-page',
    '/me/setting/accountandsecurity/delete',
    'me-setting-accountandsecurity-delete',
    'member',
  ],
  [
    'account-delete-page-confirm',
    '/me/setting/accountandsecurity/delete',
    'me-setting-accountandsecurity-delete',
    'member',
    '[data-testid="delete-account-stays"]',
  ],
  [
    'account-delete-pending',
    '/me/setting/accountandsecurity',
    'me-setting-accountandsecurity',
    'leaving',
    '[data-testid="delete-account-section"]',
  ],
  ['account-visitor', '/me/setting/accountandsecurity', 'me-setting-accountandsecurity'],
  ['login', '/login', 'login'],
  ['register', '/auth/register', 'auth-register'],
  ['register-tourist', '/auth/register', 'auth-register', 'tourist'],
  ['retrieve', '/auth/retrievepassword', 'auth-retrievepassword'],
  ['reset', '/auth/reset?email=a%40b.co', 'auth-reset'],
  ['third', '/auth/third?code=x&state=y', 'auth-third'],
  // A log-in's second step (its ticket staged by SCENE_ACTIONS), with a passkey offered too.
  ['second-step', '/auth/secondstep', 'auth-secondstep'],
  ['activedetail', '/auth/activedetail', 'auth-activedetail', 'member'],
  // Just signed up: the address waits for its proof (from the mail's link, or typed).
  ['activedetail-pending', '/auth/activedetail', 'auth-activedetail', 'newcomer'],
  ['account-pending', '/me/setting/accountandsecurity', 'me-setting-accountandsecurity', 'newcomer'],
  // Home, search and topics; the member's variants show YOURS, follow states and the staged posts.
  ['home-member', '/home', 'home', 'member'],
  ['search', '/home/search', 'search'],
  ['classify', '/classify', 'classify'],
  ['classify-member', '/classify', 'classify', 'member'],
  ['topic', '/topic/1', 'topic'],
  ['topic-member', '/topic/1', 'topic', 'member'],
  // Member pages; the member's community life is staged by stageCommunityScene. /user/1 is the
  // first demo member (Pixel Pat), whom the member follows.
  ['user', '/user/1', 'user-id'],
  ['user-member', '/user/1', 'user-id', 'member'],
  ['user-followed', '/user/followed', 'user-followed', 'member'],
  ['user-beingfollowed', '/user/beingfollowed', 'user-beingfollowed', 'member'],
  ['user-followers-of', '/user/beingfollowed?user_id=1', 'user-beingfollowed'],
  ['me-posts', '/me/posts', 'me-posts', 'member'],
  ['me-upvoted', '/me/upvoted', 'me-upvoted', 'member'],
  ['me-comment', '/me/comment', 'me-comment', 'member'],
  ['me-blacklist', '/me/blacklist', 'me-blacklist', 'member'],
  // Mutes: the member muted for a week and the muted words; a post folded for its Japanese word.
  ['me-mute', '/me/mute', 'me-mute', 'muter'],
  ['user-folded', '/user/__MUTE_AUTHOR__', 'user-id', 'muter'],
  ['me-news', '/me/news', 'me-news', 'member'],
  // Pixel Pat's inbox: likes of one post or comment, and follows, grouped into one row each.
  ['me-news-pat', '/me/news', 'me-news', 'pat'],
  // Writing a post, and posts found by what they hold (see showcasePosts: seeded ids vary).
  ['note', '/note', 'note', 'member'],
  ['note-topic', '/note/topic', 'note-topic', 'member'],
  ['post', '/post/__POST_PICTURES__', 'post'],
  ['post-member', '/post/__POST_FILES__', 'post', 'member'],
  ['post-paid', '/post/__POST_PAID__', 'post'],
  ['post-adult', '/post/__POST_ADULT__', 'post'],
  // The economy, mostly as Pixel Pat: wallet, props, tasks, achievements, levels and bets.
  ['post-paid-member', '/post/__POST_PAID__', 'post', 'member'],
  ['me-pat', '/me', 'me', 'pat'],
  ['me-wallet', '/me/wallet', 'me-wallet', 'pat'],
  ['me-wallet-history', '/me/wallet?tab=history', 'me-wallet', 'pat'],
  ['me-props', '/me/props', 'me-props', 'pat'],
  ['me-props-mine', '/me/props?tab=mine', 'me-props', 'pat'],
  ['me-task', '/me/task', 'me-task', 'pat'],
  ['me-task-newbie', '/me/task', 'me-task', 'member'],
  ['me-rewards', '/me/rewards', 'me-rewards', 'pat'],
  ['me-achievement', '/me/achievement', 'me-achievement', 'pat'],
  ['me-achievement-details', '/me/achievement/details?id=1', 'me-achievement-details', 'pat'],
  ['me-grade', '/me/grade', 'me-grade', 'pat'],
  ['me-bets', '/me/bets', 'me-bets', 'pat'],
  ['me-bets-mine', '/me/bets?tab=mine', 'me-bets', 'pat'],
  ['me-bets-low-level', '/me/bets', 'me-bets', 'member'],
  ['home-mine', '/home', 'home', 'pat'],
  // Games: the detail, downloads and the member's game lists (the seed has games 1..30).
  ['rom', '/rom/1', 'rom'],
  ['rom-pat', '/rom/2', 'rom', 'pat'],
  ['game-download', '/game/download', 'game-download'],
  ['game-download-historical', '/game/download?tab=historical', 'game-download'],
  ['game-download-historical-pat', '/game/download?tab=historical', 'game-download', 'pat'],
  ['game-download-imported', '/game/download?tab=imported', 'game-download'],
  ['me-game', '/me/game', 'me-game'],
  ['me-favorite', '/me/favorite', 'me-favorite', 'pat'],
  ['me-favorite-empty', '/me/favorite', 'me-favorite', 'member'],
  ['me-recent', '/me/recent', 'me-recent', 'pat'],
  // The game area: hub, search, topics, sections, recent games, recommended and classification.
  ['game-search', '/game/search', 'game-search'],
  ['game-topic', '/game/topic?id=1', 'game-topic'],
  ['game-more', '/game/more?key=week_hot', 'game-more'],
  ['game-recent', '/game/recent', 'game-recent'],
  ['game-components-topics', '/game/components/topics', 'game-components-topics'],
  ['game-components-recommend', '/game/components/recommend', 'game-components-recommend'],
  [
    'game-components-classification',
    '/game/components/classification?emulator=nes&sort=hot',
    'game-components-classification',
  ],
  // Game settings (ROM directory, emulator, systems, storage) and the feedback form.
  ['setting-game', '/me/setting/game', 'me-setting-game'],
  ['setting-game-member', '/me/setting/game', 'me-setting-game', 'member'],
  ['me-feedback', '/me/feedback', 'me-feedback', 'member'],
  // Save archives: this device's (empty in a fresh browser) and Pat's cloud saves, staged below.
  ['me-archives', '/me/archives', 'me-archives'],
  ['me-archives-slot', '/me/archives/slot?romMd5=0123456789abcdef0123456789abcdef', 'me-archives-slot'],
  ['me-archives-cloud', '/me/archives/cloud', 'me-archives-cloud', 'pat'],
  // A member with no cloud saves yet: how a save gets there.
  ['me-archives-cloud-empty', '/me/archives/cloud', 'me-archives-cloud', 'member'],
  [
    'me-archives-cloud-slot',
    '/me/archives/cloud/slot?romMd5=__ARCHIVE_ROM__',
    'me-archives-cloud-slot',
    'pat',
  ],
  // What members see of moderation (support/moderation-scene.ts): the public log, Sam's removed
  // post as he and a visitor see it, his held post, a locked post with a removed comment, the
  // suspension on Me, the note screen and a comment bar, his inbox, and a banned log-in.
  ['modlog', '/modlog', 'modlog'],
  ['post-removed', '/post/__POST_REMOVED__', 'post'],
  ['post-removed-author', '/post/__POST_REMOVED__', 'post', 'suspended'],
  ['post-held-author', '/post/__POST_HELD__', 'post', 'suspended'],
  ['post-locked', '/post/__POST_LOCKED__', 'post', 'member', '[data-testid="comments"]'],
  ['me-suspended', '/me', 'me', 'suspended'],
  ['me-posts-suspended', '/me/posts', 'me-posts', 'suspended'],
  ['me-news-moderation', '/me/news', 'me-news', 'suspended'],
  ['note-suspended', '/note', 'note', 'suspended'],
  ['login-banned', '/login', 'login'],
  // The moderators' desk as Wren, an administrator (support/mod-scene.ts): the Me entry with what
  // waits, each tab, a report's author in the member sheet, and the sheets that ask why.
  ['mod-entry', '/me', 'me', 'warden', '[data-testid="community-entries"]'],
  ['mod-reports', '/mod?tab=reports', 'mod', 'warden'],
  [
    'mod-reports-more',
    '/mod?tab=reports',
    'mod',
    'warden',
    '[data-testid="report-card"][data-target="comment"]',
  ],
  ['mod-remove', '/mod?tab=reports', 'mod', 'warden'],
  ['mod-member', '/mod?tab=reports', 'mod', 'warden'],
  ['mod-suspend', '/mod?tab=reports', 'mod', 'warden'],
  ['mod-held', '/mod?tab=held', 'mod', 'warden'],
  ['mod-log', '/mod?tab=log', 'mod', 'warden'],
  ['mod-staff', '/mod?tab=staff', 'mod', 'warden'],
  ['mod-grant', '/mod?tab=staff', 'mod', 'warden'],
  // The Filters tab as Wren (support/filter-scene.ts): the form, a pattern refused at its field, a
  // text tried, and the list.
  ['mod-filters', '/mod?tab=filters', 'mod', 'warden'],
  ['mod-filters-refused', '/mod?tab=filters', 'mod', 'warden'],
  ['mod-filters-try', '/mod?tab=filters', 'mod', 'warden'],
  ['mod-filters-list', '/mod?tab=filters', 'mod', 'warden', '[data-testid="filter-list"]'],
  // Appeals (support/appeal-scene.ts): Sam's moderation notices, a removal appealed and denied
  // and a suspension open to appeal, and the sheet that takes his message; the desk's queue of
  // open appeals as Wren, and the sheet that takes the answer to a grant.
  ['me-moderation', '/me/moderation', 'me-moderation', 'suspended'],
  ['me-moderation-appeal', '/me/moderation', 'me-moderation', 'suspended'],
  ['mod-appeals', '/mod?tab=appeals', 'mod', 'warden'],
  ['mod-appeal-answer', '/mod?tab=appeals', 'mod', 'warden'],
  // Edits with history (support/edit-scene.ts): the member's post edited twice, with edited
  // comments; their edit sheets; its history as a visitor reads it; a paid post's, in teasers.
  ['edits-post', '/post/__POST_EDITED__', 'post', 'member'],
  ['edits-post-sheet', '/post/__POST_EDITED__', 'post', 'member'],
  ['edits-comment-sheet', '/post/__POST_EDITED__', 'post', 'member', '[data-testid="comments"]'],
  ['edits-history', '/post/__POST_EDITED__', 'post'],
  ['edits-history-comment', '/post/__POST_EDITED__', 'post', 'visitor', '[data-testid="comments"]'],
  ['edits-history-paid', '/post/__POST_EDITED_PAID__', 'post', 'member'],
];

/** Scenes of the moderation scene that no viewer or placeholder names (the log, a banned log-in). */
const MODERATION_SCENES = ['modlog', 'login-banned'];
/** The banned member's log-in, once the moderation scene is staged. */
let bannedLogin: { username: string; password: string } | null = null;

/** What a scene does on its screen before the picture: opens a sheet, stages what only a flow makes. */
const SCENE_ACTIONS: Record<string, (page: Page, token: string | null) => Promise<void>> = {
  'account-passkey-name': async (page) => {
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name-submit').waitFor();
    // The sheet rises by a script-driven spring, which motionless() cannot see: wait till it lands.
    await page.waitForFunction(() => {
      const sheet = document.querySelector('.passkey-name')?.getBoundingClientRect();
      return sheet !== undefined && Math.abs(sheet.bottom - window.innerHeight) < 1;
    });
    await screenAtRest(page);
  },
  // The ticket a password log-in hands the page through this tab's storage (SecondStepScreen).
  'second-step': async (page) => {
    await page.evaluate(() =>
      sessionStorage.setItem(
        'pixelhall.second-step',
        JSON.stringify({
          ticket: 'x'.repeat(43),
          methods: ['totp', 'passkey', 'recovery'],
          expiresAt: Date.now() + 300_000,
        }),
      ),
    );
    await page.reload();
    await page.locator('[data-testid="second-step-code"]').waitFor();
    await screenAtRest(page);
  },
  // The desk's sheets (support/mod-scene.ts): removing a post asks why; a member's history; a
  // suspension asks how long; making a member a moderator asks of which topics.
  'mod-remove': async (page) => {
    await freshDesk(page);
    await page
      .locator('[data-screen="mod"] [data-testid="report-card"]')
      .first()
      .getByTestId('report-remove')
      .click();
    const sheet = page.getByTestId('mod-remove-sheet');
    await sheet.getByTestId('mod-reason-presets').locator('button').first().click();
    await sheetAtRest(page);
  },
  'mod-member': async (page) => {
    await freshDesk(page);
    await page
      .locator(
        '[data-screen="mod"] [data-testid="report-card"][data-target="comment"] [data-testid="report-author"]',
      )
      .click();
    await page.getByTestId('mod-member-sheet').waitFor();
    await sheetAtRest(page);
  },
  'mod-suspend': async (page) => {
    await freshDesk(page);
    await page
      .locator(
        '[data-screen="mod"] [data-testid="report-card"][data-target="comment"] [data-testid="report-author"]',
      )
      .click();
    await page.getByTestId('mod-suspend').click();
    await page.getByTestId('mod-sanction-sheet').getByTestId('mod-reason-lengths').waitFor();
    await sheetAtRest(page);
  },
  'mod-grant': async (page) => {
    await freshDesk(page, 'mod-staff-row');
    await page.getByTestId('mod-staff-search').locator('input').fill('Quinn');
    await page.getByTestId('mod-staff-search').locator('input').press('Enter');
    await page.getByTestId('mod-staff-make').first().click();
    await page.getByTestId('mod-grant-scope').getByRole('button').nth(1).click();
    await page.getByTestId('mod-grant-topics').locator('button').first().click();
    await sheetAtRest(page);
  },
  'mod-filters-refused': showFilterRefusal,
  'mod-filters-try': showFilterVerdict,
  // Appealing asks why; granting asks for the answer the member reads (support/appeal-scene.ts).
  'me-moderation-appeal': async (page) => {
    await page.reload();
    await page.locator('[data-screen="me-moderation"] [data-testid="notice-appeal"]').first().click();
    await page
      .getByTestId('appeal-sheet-text')
      .locator('textarea:not([aria-hidden])')
      .fill('I was answering a question about trades, not selling anything. Please look again.');
    await sheetAtRest(page);
  },
  'mod-appeal-answer': async (page) => {
    await freshDesk(page, 'desk-appeal');
    await page.locator('[data-screen="mod"] [data-testid="appeal-grant"]').first().click();
    await page
      .getByTestId('appeal-answer-sheet-text')
      .locator('textarea:not([aria-hidden])')
      .fill('Fair point: it was a joke thread. Restored, but please mark jokes as such.');
    await sheetAtRest(page);
  },
  // Edits with history (support/edit-scene.ts).
  'edits-post-sheet': (page) => openEditSheet(page, 'post'),
  'edits-comment-sheet': (page) => openEditSheet(page, 'comment'),
  'edits-history': (page) => openHistory(page, '[data-testid="post-detail"]'),
  'edits-history-comment': (page) => openHistory(page, '[data-testid="comment"]'),
  'edits-history-paid': (page) => openHistory(page, '[data-testid="post-detail"]'),
  // A banned member logs in: the dialog that says why (support/moderation-scene.ts).
  'login-banned': async (page) => {
    if (!bannedLogin) throw new Error('the moderation scene was not staged');
    // By the fields' purpose, not their placeholders, which are in the picture's language.
    await page.locator('[data-screen="login"] input[autocomplete="username"]').fill(bannedLogin.username);
    await page
      .locator('[data-screen="login"] input[autocomplete="current-password"]')
      .fill(bannedLogin.password);
    await page.getByTestId('login-submit').click();
    await page.locator('.adm-dialog .adm-dialog-title').waitFor();
    await screenAtRest(page);
  },
  // Set-up asks for a fresh proof once the session is 10 minutes old: given here first.
  'account-two-step-setup': async (page, token) => {
    await proveWithPassword(server.url, token ?? '', 'correct horse battery');
    await page.locator('[data-testid="two-step-set-up"]').click();
    await page.locator('img.two-step-setup__qr').evaluate((img: HTMLImageElement) => img.decode());
    await screenAtRest(page);
  },
};

const args = process.argv.slice(2);
/** The languages asked for with `--locale=`; none means English only, in the folder's root. */
const localeArgs = args.filter((a) => a.startsWith('--locale=')).map((a) => a.slice('--locale='.length));
const locales: (Locale | null)[] = localeArgs.includes('all')
  ? [...LOCALE_VALUES]
  : localeArgs.length
    ? localeArgs.map((l) => {
        if (!(LOCALE_VALUES as readonly string[]).includes(l)) throw new Error(`unknown locale ${l}`);
        return l as Locale;
      })
    : [null];
/** A name picks its screen and its variants: `me` takes `me-member` and `me-tourist` too. */
const readmeOnly = args.includes('--readme');
const only = readmeOnly ? README_SCREENS : args.filter((a) => !a.startsWith('--'));
const picked = (name: string) => !only.length || only.some((o) => name === o || name.startsWith(`${o}-`));
mkdirSync(OUT, { recursive: true });
// A named provider, so linked sign-ins and sign-in buttons read as they would in production.
const server = await startServer({
  // Builds the staged export of the member's data at once (support/account-export.ts).
  accountExportIntervalMs: 1000,
  oidcProviders: [
    {
      id: 'pixelid',
      name: 'PixelID',
      issuer: 'https://id.pixelhall.invalid/',
      client_id: 'pixelhall-web',
      audiences: [],
      scopes: 'openid email profile',
    },
  ],
});
const browser = await launchBrowser();
try {
  const tokens: Partial<Record<Viewer, string>> = {};
  for (const viewer of [
    'member',
    'tourist',
    'pat',
    'newcomer',
    'leaving',
    'muter',
    'guarded',
    'warden',
  ] as const) {
    if (SCREENS.some(([name, , , v]) => v === viewer && picked(name))) {
      tokens[viewer] = await createViewer(viewer);
    }
  }
  if (tokens.member) await stageCommunityScene(server.url, server.databaseUrl, tokens.member);
  if (tokens.member && picked('account-devices')) await stageOtherDevices(server.databaseUrl, tokens.member);
  if (tokens.member && picked('home-member'))
    await followOpenTopic(server.url, server.databaseUrl, tokens.member);
  if (tokens.member && picked('account-passkeys')) await stagePasskeys(server.databaseUrl, tokens.member);
  if (tokens.guarded) await stageTotp(server.url, tokens.guarded);
  if (tokens.member && picked('account-export')) await stageReadyExport(server.url, tokens.member);
  // The day's check-in celebrates once per day; done here, so it does not cover the screens.
  for (const token of Object.values(tokens)) {
    await fetch(`${server.url}/api/start/up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 1, authLogin: true }),
    });
  }
  // The home announcement is shown once per device; counted as seen, so the pictures show the screens.
  const popup = (await (await fetch(`${server.url}/api/pop/up`)).json()) as { data: { id: number } | null };
  const seenPopups = popup.data ? [popup.data.id] : [];
  const placeholders: Record<string, string> = {
    __SELF__: encodeURIComponent(server.url),
    ...(await showcasePosts(server.databaseUrl)),
  };
  if (tokens.muter)
    Object.assign(placeholders, await stageMuteScene(server.url, server.databaseUrl, tokens.muter));
  if (
    SCREENS.some(
      ([name, hash, , viewer]) =>
        (viewer === 'suspended' ||
          MODERATION_SCENES.includes(name) ||
          /__POST_(REMOVED|HELD|LOCKED)__/.test(hash)) &&
        picked(name),
    )
  ) {
    const scene = await stageModerationScene(server.url, server.databaseUrl);
    tokens.suspended = scene.token;
    bannedLogin = scene.banned;
    Object.assign(placeholders, scene.placeholders);
  }
  if (tokens.warden)
    Object.assign(placeholders, await stageModScene(server.url, server.databaseUrl, tokens.warden));
  if (tokens.warden && SCREENS.some(([name]) => name.startsWith('mod-filters') && picked(name)))
    await stageFilterScene(server.url, tokens.warden);
  if (tokens.suspended && SCREENS.some(([name]) => name.startsWith('me-moderation') && picked(name)))
    await stageAppealScene(server.url, server.databaseUrl, tokens.suspended);
  if (tokens.member && SCREENS.some(([name]) => name.startsWith('edits-') && picked(name)))
    Object.assign(placeholders, await stageEditScene(server.url, server.databaseUrl, tokens.member));
  if (tokens.pat && SCREENS.some(([name]) => name.startsWith('me-archives-cloud') && picked(name))) {
    placeholders.__ARCHIVE_ROM__ = await stageCloudArchives(server.url, tokens.pat);
  }
  for (const locale of locales) {
    const dir = locale ? path.join(OUT, locale) : OUT;
    mkdirSync(dir, { recursive: true });
    for (const theme of ['dark', 'light'] as const) {
      await shootTheme(theme, locale, dir, tokens, seenPopups, placeholders);
    }
  }
  if ((readmeOnly || !only.length) && locales[0] === null) await readmePicture(seenPopups);
  console.info(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await server.stop();
}

/** Every picked screen in one theme and language, then their contact sheet. */
async function shootTheme(
  theme: 'dark' | 'light',
  locale: Locale | null,
  dir: string,
  tokens: Partial<Record<Viewer, string>>,
  seenPopups: number[],
  placeholders: Record<string, string>,
): Promise<void> {
  const contexts: BrowserContext[] = [];
  const pages = new Map<Viewer, Page>();
  const pageFor = async (viewer: Viewer): Promise<Page> => {
    const open = pages.get(viewer);
    if (open) return open;
    const context = await phoneContext(browser, { locale: locale ?? 'en-US' });
    contexts.push(context);
    await context.addInitScript(
      ([t, token, seen, language]) => {
        const preferences = language ? { theme: t, locale: language } : { theme: t };
        localStorage.setItem('pixelhall.preferences', JSON.stringify({ state: preferences, version: 1 }));
        localStorage.setItem('pixelhall.popups', JSON.stringify({ state: { seen }, version: 1 }));
        if (token)
          localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token }, version: 1 }));
      },
      [theme, tokens[viewer] ?? null, seenPopups, locale ? localeOption(locale) : null] as const,
    );
    const page = await context.newPage();
    pages.set(viewer, page);
    return page;
  };
  for (const [name, hash, screen, viewer = 'visitor', scrollTo] of SCREENS) {
    if (!picked(name)) continue;
    const page = await pageFor(viewer);
    await page.goto(`${server.url}/#${hash.replace(/__[A-Z_]+__/g, (p) => placeholders[p] ?? p)}`);
    await expectScreenOnPage(page, screen);
    await screenAtRest(page);
    if (scrollTo) {
      await page
        .locator(`[data-screen="${screen}"] ${scrollTo}`)
        .first()
        .evaluate((el) => {
          el.scrollIntoView();
          // Below the screen's bar, which stays over the top of what scrolls.
          const bar = el.closest('[data-screen]')?.querySelector('.adm-nav-bar');
          const hidden = (bar?.getBoundingClientRect().bottom ?? 0) + 8 - el.getBoundingClientRect().top;
          let scroller = el.parentElement;
          while (scroller && scroller.scrollHeight <= scroller.clientHeight)
            scroller = scroller.parentElement;
          (scroller ?? document.scrollingElement)?.scrollBy(0, -Math.max(0, hidden));
        });
      await screenAtRest(page);
    }
    await SCENE_ACTIONS[name]?.(page, tokens[viewer] ?? null);
    await page.screenshot({ path: path.join(dir, `${theme}-${name}.png`) });
  }
  for (const context of contexts) await context.close();
  await contactSheet(theme, dir);
}

/**
 * The README's picture, the app as it is lived in: Pixel Pat's home feed and a race of Neon Drift
 * running (dark), his wallet and a post with pictures (light). Small enough to keep in git.
 */
async function readmePicture(seenPopups: number[]): Promise<void> {
  const shots = [
    readFileSync(path.join(OUT, 'dark-home-mine.png')),
    await runningGame(seenPopups),
    readFileSync(path.join(OUT, 'light-me-wallet.png')),
    readFileSync(path.join(OUT, 'light-post.png')),
  ];
  const imgs = shots.map((png) => `<img src="data:image/png;base64,${png.toString('base64')}">`);
  const page = await browser.newPage({ viewport: { width: 1000, height: 520 }, deviceScaleFactor: 1 });
  await page.setContent(
    `<style>body{margin:0;padding:16px;background:#1d1b2e;display:flex;gap:16px}img{width:230px;border-radius:18px;box-shadow:0 6px 20px #0008}</style>${imgs.join('')}`,
  );
  await page.screenshot({ path: path.join(OUT, 'readme.png') });
  await page.close();
}

/** Neon Drift a few seconds into a race, in the dark theme: the picture a player sees. */
async function runningGame(seenPopups: number[]): Promise<Buffer> {
  const context = await phoneContext(browser);
  try {
    await context.addInitScript((seen) => {
      // tsx wraps named functions in __name(), also inside functions sent to the page.
      (globalThis as unknown as { __name: (f: unknown) => unknown }).__name = (f) => f;
      localStorage.setItem('pixelhall.preferences', JSON.stringify({ state: { theme: 'dark' }, version: 1 }));
      localStorage.setItem('pixelhall.popups', JSON.stringify({ state: { seen }, version: 1 }));
    }, seenPopups);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/game`);
    const game = await downloadSeededGame(page, server.url, 'Neon Drift');
    await hostCall(page, 'startGame', game);
    await waitForSteadyFrame(page);
    await focusGame(page);
    await holdButton(page, 'start', 150);
    // Time is the subject: a few seconds into the race, a car or two passed (the first race
    // always brings the same cars, nes-race.ts).
    await page.waitForTimeout(3000);
    return await page.screenshot();
  } finally {
    await context.close();
  }
}

/** All screens of a theme side by side in one picture, to review them at a glance. */
async function contactSheet(theme: string, dir: string): Promise<void> {
  const shots = SCREENS.filter(([name]) => picked(name)).map(([name]) => {
    const data = readFileSync(path.join(dir, `${theme}-${name}.png`)).toString('base64');
    return `<figure><img src="data:image/png;base64,${data}"><figcaption>${name}</figcaption></figure>`;
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.setContent(
    `<style>body{margin:0;background:#888;display:grid;grid-template-columns:repeat(4,1fr);gap:8px;padding:8px;font:14px sans-serif}figure{margin:0}img{width:100%;display:block}</style>${shots.join('')}`,
  );
  await page.screenshot({ path: path.join(dir, `sheet-${theme}.png`), fullPage: true });
  await page.close();
}

/**
 * Someone to be signed in as, made straight in the server's database with a live session, as
 * if they had just signed in: a member with a full profile, or a fresh visitor account.
 */
async function createViewer(viewer: Exclude<Viewer, 'visitor'>): Promise<string> {
  const database = openDatabase(server.databaseUrl);
  try {
    if (viewer === 'pat') return await demoMemberSession(database, 'pixelpat');
    if (viewer === 'warden') return await wardenSession(database);
    const now = Date.now();
    const row =
      viewer === 'member'
        ? {
            username: 'pixel_pilot',
            email: 'pilot@pixelhall.test',
            nickname: 'Pixel Pilot',
            signature: 'Speedrunning 16-bit classics, one frame at a time.',
            level: 12,
            password_hash: await hashPassword('correct horse battery'),
            post_count: 42,
            follower_count: 1280,
            following_count: 87,
            created_at: now - 400 * 86_400_000,
            updated_at: now,
          }
        : viewer === 'muter'
          ? {
              username: 'mo_muter',
              email: 'mo@pixelhall.test',
              nickname: 'Mo',
              password_hash: await hashPassword('correct horse battery'),
              level: 8,
              created_at: now - 120 * 86_400_000,
              updated_at: now,
            }
          : viewer === 'leaving'
            ? {
                username: 'lee_leaving',
                email: 'lee@pixelhall.test',
                nickname: 'Lee',
                password_hash: await hashPassword('correct horse battery'),
                created_at: now - 200 * 86_400_000,
                updated_at: now,
                deletion_requested_at: now - 9 * 86_400_000,
                deletion_due_at: now + 21 * 86_400_000,
              }
            : viewer === 'guarded'
              ? {
                  username: 'gil_guarded',
                  email: 'gil@pixelhall.test',
                  nickname: 'Gil',
                  password_hash: await hashPassword('correct horse battery'),
                  level: 15,
                  created_at: now - 300 * 86_400_000,
                  updated_at: now,
                }
              : viewer === 'newcomer'
                ? {
                    username: 'neo_newcomer',
                    email: null,
                    pending_email: 'neo@pixelhall.test',
                    nickname: 'Neo',
                    password_hash: await hashPassword('correct horse battery'),
                    created_at: now,
                    updated_at: now,
                  }
                : {
                    username: 'visitor-k3x9q2ab',
                    email: null,
                    nickname: 'Visitor 4821',
                    password_hash: null,
                    is_tourist: 1,
                    created_at: now,
                    updated_at: now,
                  };
    const { id } = await database.db
      .insertInto('users')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (viewer === 'member') {
      await database.db
        .insertInto('identities')
        .values({ user_id: id, provider: 'pixelid', subject: 'pilot', email: row.email, created_at: now })
        .execute();
    }
    const sessions = sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: 86_400_000, maxMs: 86_400_000 },
    });
    return (await sessions.create(Number(id), LOCAL_ORIGIN)).token;
  } finally {
    await database.close();
  }
}

/** A live session for a seeded demo member, and the mining button on so home shows its bar. */
async function demoMemberSession(
  database: ReturnType<typeof openDatabase>,
  username: string,
): Promise<string> {
  const { id } = await database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('options')
    .values({
      name: 'mining_config',
      value: JSON.stringify({
        mining_button: true,
        mining_url: 'https://mining.pixelhall.example/',
        cycle_minutes: 60,
        rest_seconds: 30,
      }),
      updated_at: Date.now(),
    })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute();
  const sessions = sessionsService({
    repo: sessionsRepo(database.db),
    policy: { idleMs: 86_400_000, maxMs: 86_400_000 },
  });
  return (await sessions.create(Number(id), LOCAL_ORIGIN)).token;
}
