import { endpoints } from '@pixelhall/contract';
import { staffService } from '@pixelhall/server/src/features/staff/service';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { type CommunityMember, callAs, createNamedMember, uniqueWord } from './support/community';
import { withDatabase } from './support/members';

let page: Page;
usePhone((p) => {
  page = p;
});

const screen = (name: string) => page.locator(`[data-screen="${name}"]:visible`);

/** Signs the page in as `member` and starts the app again, as a switch of phone would. */
async function actAs(member: CommunityMember): Promise<void> {
  await open(page, '/me');
  await page.evaluate((token) => {
    localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token }, version: 1 }));
  }, member.token);
  await page.reload();
  await expectScreenOnPage(page, 'me');
}

/** A member who has opened the app today (the day's check-in is behind them) and is no newcomer. */
async function seasonedMember(prefix: string): Promise<CommunityMember> {
  const member = await createNamedMember(prefix);
  await withDatabase((database) =>
    database.db
      .updateTable('users')
      .set({ level: 5, created_at: Date.now() - 30 * 86_400_000 })
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

const toast = (text: string) => page.locator('.adm-toast-main', { hasText: text });

describe('appeals', () => {
  it('takes a member’s appeal of a removal to another moderator, whose grant brings the post back and reaches the member', async () => {
    const author = await seasonedMember('Author');
    const remover = await seasonedMember('Remover');
    const answerer = await seasonedMember('Answerer');
    // A topic of this test's own, which both moderators are scoped to: appeals other journeys
    // leave in the shared database stay out of this desk.
    const [category] = await callAs(null, endpoints.topics.topicCategory, {});
    const topic = await callAs(author.token, endpoints.topics.addTopic, {
      category_id: category!.id,
      name: uniqueWord('Appeal').slice(0, 30),
    });
    await grantModerator(remover, [topic.id]);
    await grantModerator(answerer, [topic.id]);
    const text = `My price list of spare cartridge shells ${uniqueWord('shells')}`;
    const post = await callAs(author.token, endpoints.posts.createPost, { topic_id: topic.id, text });
    const reason = `Selling is not allowed here ${uniqueWord('why')}`;
    await callAs(remover.token, endpoints.moderation.modRemove, { target: 'post', id: post.id, reason });

    // The author finds the notice from Me, with what happened and why.
    await actAs(author);
    await screen('me').getByTestId('moderation-notices-entry').click();
    await expectScreenOnPage(page, 'me-moderation');
    const notices = screen('me-moderation');
    const notice = notices.locator('[data-testid="moderation-notice"][data-kind="remove_post"]').first();
    await notice.getByText('Post removed', { exact: true }).waitFor();
    await notice.getByText(reason).waitFor();

    // Appealing asks for a message: an empty one is refused at the field, in words.
    await notice.getByTestId('notice-appeal').click();
    const sheet = page.getByTestId('appeal-sheet');
    await sheet.getByTestId('appeal-sheet-submit').click();
    await sheet.getByText('Please tell the moderators why they should look again').waitFor();
    const message = `I give these away, nothing is for sale ${uniqueWord('msg')}`;
    await sheet.getByTestId('appeal-sheet-text').locator('textarea:not([aria-hidden])').fill(message);
    await sheet.getByTestId('appeal-sheet-submit').click();
    await toast('Appeal sent. A moderator will look at it.').waitFor();
    await notice.getByTestId('appeal-state').getByText('Appeal waiting').waitFor();
    await notice.getByTestId('notice-appeal-message').getByText(message).waitFor();
    expect(await notice.getByTestId('notice-appeal').count()).toBe(0);

    // The moderator who removed it sees the appeal but may not answer it.
    await actAs(remover);
    await open(page, '/mod', '');
    await expectScreenOnPage(page, 'mod');
    await screen('mod').getByTestId('mod-tab-appeals').click();
    const own = screen('mod').locator('[data-testid="desk-appeal"]', { hasText: message });
    await own.getByTestId('appeal-own-action').waitFor();
    expect(await own.getByTestId('appeal-grant').count()).toBe(0);

    // Another moderator of the topic grants it, with an answer and a confirmation.
    await actAs(answerer);
    await open(page, '/mod');
    await expectScreenOnPage(page, 'mod');
    const desk = screen('mod');
    await desk.getByTestId('mod-tab-appeals').getByText('1', { exact: true }).waitFor();
    await desk.getByTestId('mod-tab-appeals').click();
    const card = desk.locator('[data-testid="desk-appeal"]', { hasText: message });
    await card.getByTestId('appeal-snapshot').getByText(text).waitFor();
    await card.getByText(reason).waitFor();
    await card.getByText(`Action taken by ${remover.nickname}`).waitFor();
    await card.getByTestId('appeal-grant').click();
    const answerSheet = page.getByTestId('appeal-answer-sheet');
    await answerSheet.getByText('The content comes back as it was', { exact: false }).waitFor();
    await answerSheet.getByTestId('appeal-answer-sheet-submit').click();
    await answerSheet.getByText('Please write an answer for the member').waitFor();
    const answer = `You are right, giving away is fine ${uniqueWord('ok')}`;
    await answerSheet
      .getByTestId('appeal-answer-sheet-text')
      .locator('textarea:not([aria-hidden])')
      .fill(answer);
    await answerSheet.getByTestId('appeal-answer-sheet-submit').click();
    await page.locator('.adm-dialog-body:visible').getByText('Grant this appeal?').waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Grant', { exact: true }).click();
    await toast('Appeal granted. The member has been told.').waitFor();
    await card.waitFor({ state: 'detached' });
    await desk.getByText('No appeals are waiting.').waitFor();
    await desk.getByText('Answered', { exact: true }).click();
    const answered = desk.locator('[data-testid="desk-appeal"]', { hasText: message });
    await answered.getByTestId('appeal-state').getByText('Appeal granted').waitFor();

    // The member reads the answer, and the post is back for everyone.
    await actAs(author);
    await open(page, '/me/moderation');
    await expectScreenOnPage(page, 'me-moderation');
    const granted = screen('me-moderation').locator(
      '[data-testid="moderation-notice"][data-kind="remove_post"]',
      { hasText: message },
    );
    await granted.getByTestId('appeal-state').getByText('Appeal granted').waitFor();
    await granted.getByTestId('notice-appeal-answer').getByText(answer).waitFor();
    await screen('me-moderation')
      .locator('[data-testid="moderation-notice"][data-kind="restore_post"]')
      .first()
      .getByText('Post restored', { exact: true })
      .waitFor();
    await granted.getByText('Open the post').click();
    await expectScreenOnPage(page, 'post');
    await screen('post').getByText(text).waitFor();
    expect(await screen('post').getByTestId('removed-notice').count()).toBe(0);
  }, 120_000);
});
