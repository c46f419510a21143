import { BET_SERVICE_CHARGE, endpoints, PAID_POST_PLATFORM_SHARE } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import {
  type CommunityMember,
  callAs,
  createNamedMember,
  OPEN_TOPIC,
  openTopicId,
  postAs,
  signedInToday,
  uniqueWord,
} from './support/community';
import { closeBetting, createBetEvent, grant, ops, setLevel } from './support/economy';
import { pageUi } from './support/page-ui';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const ui = pageUi(() => page);
const { screen, dialog, toast } = ui;
const NOTE_PLACEHOLDER = "What's on your mind? A tip, a high score, a find…";

/** Waits until `read` answers `want`. */
const until = <T>(read: () => Promise<T>, want: T, timeoutMs = 10_000) =>
  ui.until(read, (got) => got === want, timeoutMs);

/** Navigates inside the running app, as a link does: the app's caches stay as they are. */
async function goInApp(route: string): Promise<void> {
  await page.evaluate((r) => {
    window.location.hash = `#${r}`;
  }, route);
}

const goldOf = async (member: CommunityMember) =>
  (await callAs(member.token, endpoints.wallet.userWallet, {})).gold;

describe('daily task', () => {
  it('publishing a post makes "Publish a post" claimable; the claim pays once and celebrates it', async () => {
    const member = await signedInToday(context, 'Earner');
    await open(page, '/me/task');
    await expectScreenOnPage(page, 'me-task');
    const daily = screen('me-task').getByTestId('daily-tasks');
    const task = daily.locator('[data-testid="task-row"][data-task="daily_post"]');
    await task.getByText('Publish a post').waitFor();
    expect(await task.getAttribute('data-state')).toBe('bonus');
    expect(await task.getByTestId('task-count').textContent()).toBe('0/1');
    expect(await task.getByTestId('task-claim').count()).toBe(0);

    // The task leads to the note screen; the member publishes in the open topic.
    await task.getByText('Publish a post').click();
    await expectScreenOnPage(page, 'note');
    const text = `Daily tip: clean cartridge contacts with a pencil eraser ${uniqueWord('tip')}`;
    await screen('note').getByPlaceholder(NOTE_PLACEHOLDER).fill(text);
    await screen('note').getByTestId('note-topic').click();
    await expectScreenOnPage(page, 'note-topic');
    await screen('note-topic').getByPlaceholder('Search topics').fill('lounge');
    await screen('note-topic').getByTestId('topic-choice').filter({ hasText: OPEN_TOPIC }).click();
    await expectScreenOnPage(page, 'note');
    await screen('note').getByTestId('note-topic').getByText(OPEN_TOPIC).waitFor();
    await screen('note').getByTestId('note-publish').click();
    await page.waitForURL(/#\/post\/\d+$/);
    await expectScreenOnPage(page, 'post');

    // Back to the tasks the way the member came.
    await screen('post').locator('.adm-nav-bar-back').click();
    await expectScreenOnPage(page, 'me-task');
    await until(() => task.getAttribute('data-state'), 'claimable');
    expect(await task.getByTestId('task-count').textContent()).toBe('1/1');

    const before = await goldOf(member);
    await task.getByTestId('task-claim').click();
    const overlay = page.getByTestId('reward-overlay');
    await overlay.waitFor();
    expect(await overlay.getAttribute('aria-label')).toBe('Publish a post');
    // The amount counts up to the reward: +20 gold.
    await until(
      async () => (await overlay.getByTestId('reward-amount').textContent())?.startsWith('+20'),
      true,
    );
    expect(await overlay.getByTestId('reward-amount').textContent()).toContain('20 gold');
    await overlay.getByRole('button', { name: 'Great' }).click();
    await overlay.waitFor({ state: 'hidden' });

    await until(() => task.getAttribute('data-state'), 'complete');
    await task.getByText('Claimed').waitFor();
    expect(await task.getByTestId('task-claim').count()).toBe(0);

    await goInApp('/me');
    await expectScreenOnPage(page, 'me');
    const wallet = screen('me').getByTestId('wallet-gold');
    await until(() => wallet.getAttribute('title'), String(before + 20));
    expect(await goldOf(member)).toBe(before + 20);

    // A second claim (a doubled request) answers what the first paid and pays nothing more.
    const again = await callAs(member.token, endpoints.tasks.taskReward, {
      task_id: await dailyPostId(member),
    });
    expect(again.added.gold).toBe(20);
    expect(again.balances.gold).toBe(before + 20);
    const history = await callAs(member.token, endpoints.wallet.walletHistory, { num: 100 });
    const rewards = history.list.filter((e) => e.reason === 'task_reward');
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ currency: 'gold', amount: 20, ref_type: 'task' });
  });
});

async function dailyPostId(member: CommunityMember): Promise<number> {
  const lists = await callAs(member.token, endpoints.tasks.taskLists, {});
  return lists.daily.find((t) => t.code === 'daily_post')!.id;
}

describe('props', () => {
  it('buys two topic pins, uses one on an own post, which then leads its topic', async () => {
    const member = await signedInToday(context, 'Pinner');
    await grant(member.id, 'gold', 500);
    const text = `Looking for a second controller for co-op nights ${uniqueWord('pin')}`;
    const post = await postAs(member, text);
    // What the member has now: the grant, the check-in and what the first post earned.
    const gold = await goldOf(member);

    await open(page, '/me/props');
    await expectScreenOnPage(page, 'me-props');
    const props = screen('me-props');
    await props.getByTestId('props-balances').getByText(String(gold)).waitFor();
    const pin = props.locator('[data-testid="prop-card"][data-prop-code="pin_24h"]');
    await pin.getByRole('heading', { name: 'Topic pin' }).waitFor();
    expect(await pin.getByTestId('prop-price').textContent()).toBe('150');
    await pin.locator('.adm-stepper-plus').click();
    await until(() => pin.locator('.adm-stepper-input input').inputValue(), '2');
    await pin.getByTestId('prop-buy').click();
    await dialog().getByText('Buy 2 × Topic pin for 300 gold?').waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Buy', exact: true }).click();
    await toast('Purchased');
    await props
      .getByTestId('props-balances')
      .getByText(String(gold - 300))
      .waitFor();

    await props.getByRole('tab', { name: 'My props' }).click();
    const owned = props.locator('[data-testid="my-prop"][data-prop-code="pin_24h"]');
    await until(() => owned.getByTestId('my-prop-count').textContent(), '×2');

    // The prop goes on the post from the post's own "…" menu.
    await goInApp(`/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const detail = screen('post').getByTestId('post-detail');
    await detail.getByTestId('post-text').getByText(text).waitFor();
    expect(await detail.getByTestId('post-topic-pinned').count()).toBe(0);
    await screen('post').getByTestId('post-menu').click();
    await page.locator('.adm-action-sheet:visible').getByText('Use a prop', { exact: true }).click();
    const choice = page.locator('[data-testid="prop-choice"][data-prop-code="pin_24h"]:visible');
    await choice.getByText('×2').waitFor();
    await choice.click();
    await dialog()
      .getByText('Use one Topic pin on this post? It stays at the top of its topic for 24 hours.')
      .waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Use', exact: true }).click();
    await detail
      .getByTestId('post-topic-pinned')
      .getByText(/^Pinned · 23h left$/)
      .waitFor();

    // In its topic it comes first, after the operator's own pins only.
    const topicId = await openTopicId();
    const officialPins = (
      await callAs(member.token, endpoints.posts.postsList, { topic_id: topicId, sort: 'new' })
    ).list
      .filter((p) => p.pinned)
      .map((p) => p.id);
    await goInApp(`/topic/${topicId}`);
    await expectScreenOnPage(page, 'topic');
    const card = screen('topic').locator(`[data-testid="post-card"][data-post-id="${post.id}"]`);
    await card.getByTestId('post-topic-pinned').waitFor();
    const order = await screen('topic')
      .getByTestId('post-card')
      .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-post-id'))));
    expect(order.filter((id) => !officialPins.includes(id))[0]).toBe(post.id);

    await goInApp('/me/props?tab=mine');
    await expectScreenOnPage(page, 'me-props');
    await until(() => owned.getByTestId('my-prop-count').textContent(), '×1');
  });
});

describe('paid post', () => {
  const text =
    'The full route through the hidden warp zones, with the frame-perfect jump explained step by step.';

  async function paidPost() {
    const author = await createNamedMember('Seller');
    const post = await callAs(author.token, endpoints.posts.createPost, {
      topic_id: await openTopicId(),
      text: `${text} ${uniqueWord('paid')}`,
      price: 50,
    });
    return { author, post };
  }

  it('shows a teaser with the price; unlocking pays the author and shows the whole post', async () => {
    const { author, post } = await paidPost();
    const reader = await signedInToday(context, 'Buyer');
    await grant(reader.id, 'gold', 200);
    const readerGold = await goldOf(reader);
    const authorGold = await goldOf(author);

    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const view = screen('post');
    const teaser = view.getByTestId('paid-teaser');
    await teaser.waitFor();
    expect(await teaser.getByTestId('paid-price').textContent()).toBe('50');
    const shown = (await view.getByTestId('post-text').textContent()) ?? '';
    expect(post.text.startsWith(shown.replace(/…$/, ''))).toBe(true);
    expect(shown.length).toBeLessThan(post.text.length);

    await teaser.getByTestId('unlock-post').getByText('Unlock for 50 gold').click();
    await dialog().getByText('Unlock this post for 50 gold?').waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Unlock', exact: true }).click();
    await until(() => view.getByTestId('post-text').textContent(), post.text);
    expect(await view.getByTestId('paid-teaser').count()).toBe(0);

    expect(await goldOf(reader)).toBe(readerGold - 50);
    expect(await goldOf(author)).toBe(authorGold + 50 - Math.floor(50 * PAID_POST_PLATFORM_SHARE));
  });

  it('tells a member without gold "Not enough coins", and "Get coins" leads to the tasks', async () => {
    const { post } = await paidPost();
    const poor = await signedInToday(context, 'Broke');
    expect(await goldOf(poor)).toBeLessThan(50);

    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const teaser = screen('post').getByTestId('paid-teaser');
    await teaser.getByTestId('unlock-post').click();
    await dialog().getByText('Unlock this post for 50 gold?').waitFor();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Unlock', exact: true }).click();

    const shortage = dialog().filter({ hasText: 'Not enough coins' });
    await shortage.waitFor();
    await shortage.getByText('Lack of gold COINS').waitFor();
    await shortage.getByRole('button', { name: 'Get coins' }).click();
    await page.waitForURL(/#\/me\/task$/);
    await expectScreenOnPage(page, 'me-task');
    expect(currentRoute(page)).toBe('/me/task');
    const still = await callAs(poor.token, endpoints.posts.postDetail, { id: post.id });
    expect(still.locked).toBe(true);
  });
});

describe('bets', () => {
  it('a level-30 member bets, sees the prize before confirming, and after settlement sees it won', {
    timeout: 120_000,
  }, async () => {
    const member = await signedInToday(context, 'Punter');
    await setLevel(member.id, 30);
    await grant(member.id, 'gold', 1000);
    const title = `Race night: Red vs Blue ${uniqueWord('race')}`;
    const event = await createBetEvent({
      title,
      options: ['Red:1.80', 'Blue:2.20'],
      closeAt: Date.now() + 3_600_000,
      startAt: Date.now() + 2 * 3_600_000,
    });

    await open(page, '/me/bets');
    await expectScreenOnPage(page, 'me-bets');
    const bets = screen('me-bets');
    const card = bets.locator(`[data-testid="bet-event"][data-event="${event.id}"]`);
    await card.getByRole('heading', { name: title }).waitFor();
    expect(await bets.getByTestId('bets-level-gate').count()).toBe(0);
    await card.getByTestId('bet-option').filter({ hasText: 'Red' }).click();

    const sheet = page.getByTestId('bet-sheet');
    await sheet.waitFor();
    await sheet.getByText('Red', { exact: true }).waitFor();
    await sheet.getByTestId('bet-amount').locator('input').fill('100');
    const preview = sheet.getByTestId('bet-preview');
    const row = async (label: string) =>
      (await preview
        .locator('div', { has: page.locator('dt', { hasText: label }) })
        .locator('dd')
        .textContent()) ?? '';
    await until(() => row('Stake'), '100');
    const gross = Math.floor(100 * 1.8);
    const charge = Math.floor(gross * BET_SERVICE_CHARGE);
    expect(await row('Odds')).toBe('×1.80');
    expect(await row('Win before charge')).toBe(String(gross));
    expect(await row('Service charge (10%)')).toBe(`−${charge}`);
    expect(await row('Prize if it wins')).toBe(String(gross - charge));

    const staked = await goldOf(member);
    await sheet.getByTestId('bet-confirm').getByText('Bet 100 gold').click();
    await toast('Bet placed');
    await sheet.waitFor({ state: 'hidden' });
    const mine = bets.locator('[data-testid="bet-card"]', { hasText: title });
    await until(() => mine.getByTestId('bet-status').textContent(), 'Waiting');
    expect(await mine.getAttribute('data-status')).toBe('waiting');
    expect(await goldOf(member)).toBe(staked - 100);

    // The operator settles once betting has closed, and is refused before.
    await expect(ops('bets:settle', String(event.id), 'Red')).rejects.toThrow(/is open until/);
    await closeBetting(event.id);
    const eventState = async () =>
      (await callAs(member.token, endpoints.bets.betEvents, { num: 100 })).list.find((e) => e.id === event.id)
        ?.state;
    await until(eventState, 'closed');
    const settledFrom = Date.now();
    const settled = await ops('bets:settle', String(event.id), 'Red');
    expect(settled).toContain(
      `settled event ${event.id}: "Red" won; 1 winning bets paid ${gross - charge} gold`,
    );

    await page.reload();
    await expectScreenOnPage(page, 'me-bets');
    await bets.getByRole('tab', { name: 'My bets' }).click();
    await until(() => mine.getByTestId('bet-status').textContent(), 'Won');
    expect(await mine.getAttribute('data-status')).toBe('won');
    expect(await mine.textContent()).toContain(`Prize${gross - charge}`);
    expect(await mine.textContent()).toContain('WinnerRed');
    // The ledger: the gross win, the service charge as its own row, and the first won bet's
    // achievement ("lucky"), which pays its tier reward on its own.
    const history = (await callAs(member.token, endpoints.wallet.walletHistory, { num: 100 })).list;
    const since = history.filter((e) => e.created_at >= settledFrom);
    expect(since.filter((e) => e.reason === 'bet_prize').map((e) => e.amount)).toEqual([gross]);
    expect(since.filter((e) => e.reason === 'bet_charge').map((e) => e.amount)).toEqual([-charge]);
    const achieved = since
      .filter((e) => e.reason === 'achievement_reward')
      .reduce((sum, e) => sum + e.amount, 0);
    expect(since.every((e) => ['bet_prize', 'bet_charge', 'achievement_reward'].includes(e.reason))).toBe(
      true,
    );
    expect(await goldOf(member)).toBe(staked - 100 + gross - charge + achieved);
  });

  it('a level-29 member sees "Bets need level 30" and cannot pick a side', async () => {
    const member = await signedInToday(context, 'Rookie');
    await setLevel(member.id, 29);
    const title = `Speedrun duel ${uniqueWord('duel')}`;
    const event = await createBetEvent({
      title,
      options: ['Red:1.80', 'Blue:2.20'],
      closeAt: Date.now() + 3_600_000,
      startAt: Date.now() + 2 * 3_600_000,
    });

    await open(page, '/me/bets');
    await expectScreenOnPage(page, 'me-bets');
    const gate = screen('me-bets').getByTestId('bets-level-gate');
    await gate.getByText('Bets need level 30').waitFor();
    await gate.getByText('You are level 29').waitFor();
    const card = screen('me-bets').locator(`[data-testid="bet-event"][data-event="${event.id}"]`);
    await card.getByRole('heading', { name: title }).waitFor();
    for (const option of await card.getByTestId('bet-option').all())
      expect(await option.isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Bets need level 30' }).waitFor();
  });
});
