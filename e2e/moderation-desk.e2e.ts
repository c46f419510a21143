import { endpoints } from '@pixelhall/contract';
import { staffService } from '@pixelhall/server/src/features/staff/service';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { type CommunityMember, callAs, createNamedMember, uniqueWord } from './support/community';
import { withDatabase } from './support/members';
import { openMenuSheet, pressAndHold } from './support/press';

let page: Page;
usePhone((p) => {
  page = p;
});

const screen = (name: string) => page.locator(`[data-screen="${name}"]:visible`);

/** Signs the page in as `member` (or out, with null) and starts the app again, as a switch of phone would. */
async function actAs(member: CommunityMember | null): Promise<void> {
  await open(page, '/me');
  await page.evaluate((token) => {
    if (token) localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token }, version: 1 }));
    else localStorage.removeItem('pixelhall.session');
  }, member?.token ?? null);
  await page.reload();
  await expectScreenOnPage(page, 'me');
}

/** A member who has opened the app today (the day's check-in is behind them) and is no newcomer. */
async function seasonedMember(prefix: string, level = 5): Promise<CommunityMember> {
  const member = await createNamedMember(prefix);
  await withDatabase((database) =>
    database.db
      .updateTable('users')
      .set({ level, created_at: Date.now() - 30 * 86_400_000 })
      .where('id', '=', member.id)
      .execute(),
  );
  await callAs(member.token, endpoints.tasks.startUp, { type: 1, authLogin: true });
  return member;
}

/** What `npm run ops -- roles:grant <username> moderator --topics <id>` does. */
async function grantModerator(member: CommunityMember, topicIds: number[]): Promise<void> {
  await withDatabase(async (database) => {
    const { username } = await database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    await staffService({ db: database.db }).grantByOperator(username, 'moderator', topicIds);
  });
}

describe('the moderators’ desk', () => {
  it('takes a member’s report to a moderator, whose removal reaches the author with its reason and others as a placeholder', async () => {
    const author = await seasonedMember('Author');
    const reporter = await seasonedMember('Reporter');
    const bystander = await seasonedMember('Bystander');
    const moderator = await seasonedMember('Mod');
    // A topic of this test's own, which the moderator alone is scoped to: what other journeys
    // report elsewhere in the shared database stays out of this desk's counts.
    const [category] = await callAs(null, endpoints.topics.topicCategory, {});
    const topic = await callAs(author.token, endpoints.topics.addTopic, {
      category_id: category!.id,
      name: uniqueWord('Desk').slice(0, 30),
    });
    await grantModerator(moderator, [topic.id]);
    const text = `Cheap gold, message me now ${uniqueWord('spam')}`;
    const post = await callAs(author.token, endpoints.posts.createPost, { topic_id: topic.id, text });

    // The reporter, a member, has no way into the desk on Me (once their standing has come).
    const standing = page.waitForResponse((r) => r.url().includes('/api/my/standing'));
    await actAs(reporter);
    await standing;
    await screen('me').getByTestId('community-entries').waitFor();
    expect(await screen('me').getByTestId('mod-entry').count()).toBe(0);

    // The reporter uses the post's own menu: a reason, then what is wrong.
    const complaint = `This is an advert, not a post ${uniqueWord('why')}`;
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    await screen('post').getByTestId('post-menu').click();
    await openMenuSheet(page).getByText('Report', { exact: true }).click();
    await page.locator('.adm-action-sheet').getByText('Spam or advertising', { exact: true }).click();
    await page.getByPlaceholder('Tell the moderators what is wrong').fill(complaint);
    await page.getByTestId('report-submit').click();
    await page.getByTestId('report-submit').waitFor({ state: 'hidden' });

    // A member who is not staff finds no desk at all.
    await open(page, '/mod');
    await expectScreenOnPage(page, 'not-found');
    expect(await page.locator('[data-screen="mod"]').count()).toBe(0);

    // The moderator's Me screen counts what waits; the desk shows the report as it was made.
    await actAs(moderator);
    const entry = screen('me').getByTestId('mod-entry');
    await entry.getByTestId('mod-entry-badge').getByText('1', { exact: true }).waitFor();
    await entry.click();
    await expectScreenOnPage(page, 'mod');
    const desk = screen('mod');
    await desk.getByTestId('mod-scope').getByText('You moderate 1 topic.').waitFor();
    await desk.getByTestId('mod-tab-reports').getByText('1', { exact: true }).waitFor();
    const card = desk.locator(`[data-testid="report-card"][data-target="post"][data-target-id="${post.id}"]`);
    await card.getByTestId('report-as-reported').getByText(text).waitFor();
    await card.getByTestId('report-reason').getByText('Spam or advertising').waitFor();
    await card.getByText(complaint).waitFor();
    await card.getByText(reporter.nickname).waitFor();
    await card.getByTestId('mod-member-button').getByText(author.nickname).waitFor();
    // Administrators' tabs are not a moderator's.
    expect(await desk.getByTestId('mod-tab-log').count()).toBe(0);
    expect(await desk.getByTestId('mod-tab-staff').count()).toBe(0);

    // Removing asks why: a preset, or words of one's own (the sheet refuses neither chosen).
    await card.getByTestId('report-remove').click();
    const sheet = page.getByTestId('mod-remove-sheet');
    await sheet.getByTestId('mod-reason-submit').click();
    await sheet.getByText('Pick a reason or write one.').waitFor();
    await sheet.getByTestId('mod-reason-presets').getByText('Spam', { exact: true }).click();
    await sheet
      .getByTestId('mod-reason-text')
      .locator('textarea:not([aria-hidden])')
      .fill('selling gold for money');
    await sheet.getByTestId('mod-reason-submit').click();
    await page.getByText('Removed', { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });
    await desk.getByText('No open reports. All clear.').waitFor();
    const reason = 'Spam: selling gold for money';

    // The author is told, and reads their post with the reason.
    await actAs(author);
    await open(page, '/me/news');
    await expectScreenOnPage(page, 'me-news');
    await screen('me-news').getByText('A moderator removed your post').waitFor();
    await screen('me-news').getByText(reason).waitFor();
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    await screen('post').getByText(`Removed by a moderator: ${reason}`).waitFor();

    // Anyone else reads only that a moderator removed it: not the text, not the reason.
    await actAs(bystander);
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    await screen('post').getByText('This post was removed by a moderator.').waitFor();
    expect(await screen('post').getByText(text).count()).toBe(0);
    expect(await screen('post').getByText(reason).count()).toBe(0);
  }, 120_000);

  it('takes a comment, reported from its long press with a reason and words, to the desk', async () => {
    const author = await seasonedMember('Poster');
    const commenter = await seasonedMember('Heckler');
    const reporter = await seasonedMember('Witness');
    const moderator = await seasonedMember('CMod');
    const [category] = await callAs(null, endpoints.topics.topicCategory, {});
    const topic = await callAs(author.token, endpoints.topics.addTopic, {
      category_id: category!.id,
      name: uniqueWord('Talk').slice(0, 30),
    });
    await grantModerator(moderator, [topic.id]);
    const post = await callAs(author.token, endpoints.posts.createPost, {
      topic_id: topic.id,
      text: `Which cartridge first? ${uniqueWord('p')}`,
    });
    const said = `Nobody here can play ${uniqueWord('c')}`;
    const comment = await callAs(commenter.token, endpoints.comments.postComment, {
      post_id: post.id,
      text: said,
    });
    const mine = `My own answer ${uniqueWord('own')}`;
    await callAs(reporter.token, endpoints.comments.postComment, { post_id: post.id, text: mine });
    const thread = (text: string) => screen('post').getByTestId('comment-press').filter({ hasText: text });

    // A visitor's Report goes to log in, as the post's does.
    await actAs(null);
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    await thread(said).getByTestId('comment-report').click();
    await page.waitForFunction(() => location.hash === '#/login');

    // The reporter's own comment offers no report, on its row or in its long-press menu.
    await actAs(reporter);
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    await thread(mine).waitFor();
    expect(await thread(mine).getByTestId('comment-report').count()).toBe(0);
    await pressAndHold(page, thread(mine).locator('.comment__text'), 650);
    await openMenuSheet(page).getByText('Edit', { exact: true }).waitFor();
    expect(await openMenuSheet(page).getByText('Report', { exact: true }).count()).toBe(0);
    await openMenuSheet(page).getByText('Cancel', { exact: true }).click();
    await expect.poll(() => openMenuSheet(page).count()).toBe(0);

    // Another member's: a long press, Report, a reason, then what is wrong (required, as the server checks).
    await pressAndHold(page, thread(said).locator('.comment__text'), 650);
    await openMenuSheet(page).getByText('Report', { exact: true }).click();
    const reasons = openMenuSheet(page).filter({ hasText: 'Why are you reporting this comment?' });
    await reasons.getByText('Harassment or hate', { exact: true }).click();
    await page.getByText('Report this comment', { exact: true }).waitFor();
    await page.getByTestId('report-submit').click();
    await page.getByText('Reporting information cannot be empty').waitFor();
    const complaint = `Mocks everyone who answers ${uniqueWord('why')}`;
    await page.getByPlaceholder('Tell the moderators what is wrong').fill(complaint);
    await page.getByTestId('report-submit').click();
    await page.getByText('Thank you. We will look into it.').waitFor();
    await page.getByTestId('report-submit').waitFor({ state: 'hidden' });

    // The moderator of the topic finds the comment on the desk, as it was, with the reason and words.
    await actAs(moderator);
    await open(page, '/mod?tab=reports');
    await expectScreenOnPage(page, 'mod');
    const card = screen('mod').locator(
      `[data-testid="report-card"][data-target="comment"][data-target-id="${comment.id}"]`,
    );
    await card.getByTestId('report-as-reported').getByText(said).waitFor();
    await card.getByTestId('report-reason').getByText('Harassment or hate').waitFor();
    await card.getByText(complaint).waitFor();
    await card.getByText(reporter.nickname).waitFor();
    await card.getByTestId('mod-member-button').getByText(commenter.nickname).waitFor();
  }, 120_000);

  it('takes a member, reported from their page through the same reasons and words', async () => {
    const reported = await seasonedMember('Cheat');
    const reporter = await seasonedMember('Witness');
    await actAs(reporter);
    await open(page, `/user/${reported.id}`);
    await expectScreenOnPage(page, 'user-id');
    await screen('user-id').getByTestId('user-menu').click();
    await openMenuSheet(page).getByText('Report user', { exact: true }).click();
    const reasons = openMenuSheet(page).filter({ hasText: `Report ${reported.nickname}` });
    await reasons.getByText('Cheating or scams', { exact: true }).click();
    const words = `Sells save files that unlock everything ${uniqueWord('why')}`;
    await page.getByPlaceholder('Tell the moderators what this member did').fill(words);
    await page.getByTestId('report-submit').click();
    await page.getByText('Thank you. We will look into it.').waitFor();
    await page.getByTestId('report-submit').waitFor({ state: 'hidden' });
    const stored = await withDatabase((database) =>
      database.db
        .selectFrom('reports')
        .select(['reporter_id', 'reason', 'text'])
        .where('target', '=', 'user')
        .where('target_id', '=', reported.id)
        .execute(),
    );
    expect(stored.map((row) => ({ ...row, reporter_id: Number(row.reporter_id) }))).toEqual([
      { reporter_id: reporter.id, reason: 'cheating', text: words },
    ]);
  }, 60_000);
});
