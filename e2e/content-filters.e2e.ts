import { endpoints } from '@pixelhall/contract';
import { staffService } from '@pixelhall/server/src/features/staff/service';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { type CommunityMember, callAs, createNamedMember, OPEN_TOPIC, uniqueWord } from './support/community';
import { withDatabase } from './support/members';

/*
 * The content filters as an administrator keeps them and a new member meets them
 * (docs/product/moderation.md#filters-and-new-member-limits): a hold filter added on the desk
 * holds a newcomer's post, and a moderator's release puts it in New.
 */

let page: Page;
usePhone((p) => {
  page = p;
});

const screen = (name: string) => page.locator(`[data-screen="${name}"]:visible`);
const cardOf = (within: Locator, postId: number) =>
  within.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
const NOTE_PLACEHOLDER = "What's on your mind? A tip, a high score, a find…";

/** Signs the page in as `member` and starts the app again, as a switch of phone would. */
async function actAs(member: CommunityMember): Promise<void> {
  await open(page, '/me');
  await page.evaluate((token) => {
    localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token }, version: 1 }));
  }, member.token);
  await page.reload();
  await expectScreenOnPage(page, 'me');
}

/** A member who opened the app today (the check-in is behind them), made staff as `npm run ops -- roles:grant` does. */
async function staff(prefix: string, role: 'moderator' | 'admin'): Promise<CommunityMember> {
  const member = await createNamedMember(prefix);
  await withDatabase(async (database) => {
    const { username } = await database.db
      .updateTable('users')
      .set({ level: 12, created_at: Date.now() - 400 * 86_400_000 })
      .where('id', '=', member.id)
      .returning('username')
      .executeTakeFirstOrThrow();
    await staffService({ db: database.db }).grantByOperator(username, role, []);
  });
  await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
  return member;
}

describe('content filters', () => {
  it('hold a new member’s post a filter matches until a moderator releases it into New', async () => {
    const admin = await staff('Admin', 'admin');
    const moderator = await staff('Mod', 'moderator');
    // Just signed up: level 1, joined now. Their check-in is behind them.
    const newcomer = await createNamedMember('Newbie');
    await callAs(newcomer.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
    // A word of this test's own, so no other journey's post is held by it.
    const word = uniqueWord('prize').toLowerCase();

    // The administrator adds a hold filter for the word on the desk's Filters tab.
    await actAs(admin);
    await open(page, '/mod?tab=filters');
    await expectScreenOnPage(page, 'mod');
    const tab = screen('mod').getByTestId('filters-tab');
    await tab.getByTestId('filter-kind').getByText('Word', { exact: true }).waitFor();
    expect(await tab.getByTestId('filter-kind').locator('[aria-pressed="true"]').textContent()).toBe('Word');
    expect(await tab.getByTestId('filter-action').locator('[aria-pressed="true"]').textContent()).toBe(
      'Hold for review',
    );
    await tab.getByTestId('filter-value').locator('input').fill(word);
    await tab.getByTestId('filter-add').click();
    await page.getByText('Filter added', { exact: true }).waitFor();
    const row = tab.locator('[data-testid="filter-row"]').filter({ hasText: word });
    await row.getByText('Hold for review', { exact: true }).waitFor();
    await row.getByText(`Added by ${admin.nickname}`, { exact: false }).waitFor();
    expect(await tab.getByTestId('filter-value').locator('input').inputValue()).toBe('');

    // A pattern that would take catastrophic time elsewhere is refused at its field, and not saved.
    await tab.getByTestId('filter-kind').getByText('Pattern', { exact: true }).click();
    await tab.getByTestId('filter-value').locator('input').fill('(a+)+$');
    await tab.getByTestId('filter-add').click();
    await tab.getByText('The pattern repeats something inside a repetition', { exact: false }).waitFor();
    expect(await tab.locator('[data-testid="filter-row"]').filter({ hasText: '(a+)+$' }).count()).toBe(0);

    // Trying a text says what the filters would do with it, and which one decides.
    await tab
      .getByTestId('filter-try-text')
      .locator('textarea:not([aria-hidden])')
      .fill(`Win a ${word.toUpperCase()} today!`);
    await tab.getByTestId('filter-try').click();
    const verdict = tab.getByTestId('filter-try-verdict');
    await verdict.getByText('Held for review', { exact: true }).waitFor();
    await verdict.getByText(`It matches the word “${word}”.`).waitFor();
    expect(await verdict.getAttribute('data-verdict')).toBe('hold');

    // The new member writes a post with the word: it is written, held, and says so.
    await actAs(newcomer);
    await open(page, '/note');
    await expectScreenOnPage(page, 'note');
    const text = `Giving away my spare cartridges, first come first served: ${word}`;
    await screen('note').getByPlaceholder(NOTE_PLACEHOLDER).fill(text);
    await screen('note').getByTestId('note-topic').click();
    await expectScreenOnPage(page, 'note-topic');
    await screen('note-topic').getByPlaceholder('Search topics').fill('lounge');
    await screen('note-topic').getByTestId('topic-choice').filter({ hasText: OPEN_TOPIC }).click();
    await expectScreenOnPage(page, 'note');
    await screen('note').getByTestId('note-publish').click();
    await page.getByText("Your post is waiting for a moderator's review.", { exact: true }).waitFor();
    await page.waitForURL(/#\/post\/\d+$/);
    await expectScreenOnPage(page, 'post');
    const postId = Number(currentRoute(page).split('/').pop());
    await screen('post').getByTestId('held-notice').getByText("Waiting for a moderator's review").waitFor();
    await screen('post').getByTestId('post-text').getByText(text).waitFor();

    // Nobody else finds it yet: not on its page, not in New.
    const outsider = await createNamedMember('Outsider');
    await expect(callAs(outsider.token, endpoints.posts.postDetail, { id: postId })).rejects.toThrow(
      'This post no longer exists',
    );

    // A moderator finds it in the Held queue with why it was held, and releases it.
    await actAs(moderator);
    await open(page, '/mod?tab=held');
    await expectScreenOnPage(page, 'mod');
    const card = screen('mod').locator(`[data-testid="held-card"][data-post-id="${postId}"]`);
    await card.getByText(text).waitFor();
    expect(await card.getByTestId('held-reason').textContent()).toContain(word);
    await card.getByTestId('held-release').click();
    await card.waitFor({ state: 'detached' });

    // Now it is in New for everyone.
    await actAs(outsider);
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    const home = screen('home');
    expect(await home.getByRole('tab', { name: 'New', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await cardOf(home, postId).getByText(text).waitFor();

    // The administrator takes the filter away, after a confirmation.
    await actAs(admin);
    await open(page, '/mod?tab=filters');
    await expectScreenOnPage(page, 'mod');
    const again = screen('mod').getByTestId('filters-tab').locator('[data-testid="filter-row"]').filter({
      hasText: word,
    });
    await again.getByTestId('filter-remove').click();
    const dialog = page.locator('.adm-dialog-body:visible');
    await dialog.getByText('Remove this filter?').waitFor();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('Filter removed', { exact: true }).waitFor();
    await again.waitFor({ state: 'detached' });
    const next = await callAs(newcomer.token, endpoints.posts.createPost, {
      topic_id: (await callAs(null, endpoints.posts.postDetail, { id: postId })).topic.id,
      text: `Another one: ${word}`,
    });
    expect(next.held).toBe(false);
  }, 120_000);
});
