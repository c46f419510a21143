import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentRoute, open, useToken } from './support/app';
import { expectScreenOnPage, phoneContext, usePhone } from './support/browser';
import { callAs, openTopicId, postAs, signedInToday, skipHomePopup, uniqueWord } from './support/community';
import { openMenuSheet, pressAndHold } from './support/press';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

/** The history sheet on screen, and the text of each version in it, newest first. */
const historySheet = (on: Page) => on.getByTestId('edit-history').filter({ visible: true });
const versionTexts = (on: Page) => historySheet(on).getByTestId('edit-history-text').allTextContents();

describe('edits with history (docs/product/moderation.md#edits-with-history)', () => {
  it('a member edits a post and a comment, the card says edited, and another member reads the earlier text', async () => {
    const word = uniqueWord('e');
    const author = await signedInToday(context, 'editor');
    const post = await postAs(author, `Original words ${word}`);
    await callAs(author.token, endpoints.comments.postComment, {
      post_id: post.id,
      text: `First comment ${word}`,
    });

    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const detail = page.getByTestId('post-detail');
    await detail.getByText(`Original words ${word}`).waitFor();
    expect(await detail.getByTestId('edited-mark').count()).toBe(0);

    // The post, from its menu: the sheet starts from the post as it is.
    await page.getByTestId('post-menu').click();
    await openMenuSheet(page).getByText('Edit', { exact: true }).click();
    const text = page
      .getByTestId('edit-text')
      .filter({ visible: true })
      .locator('textarea:not([aria-hidden])');
    await expect.poll(() => text.inputValue()).toBe(`Original words ${word}`);
    expect(await page.getByTestId('edit-save').filter({ visible: true }).isDisabled()).toBe(true);
    await text.fill(`Better words ${word}`);
    await page.getByTestId('edit-save').filter({ visible: true }).click();
    await page.getByText('Edit saved').first().waitFor();
    await detail.getByText(`Better words ${word}`).waitFor();
    await detail.getByTestId('edited-mark').waitFor();
    expect((await callAs(author.token, endpoints.posts.postDetail, { id: post.id })).text).toBe(
      `Better words ${word}`,
    );

    // The comment, from its own "Edit".
    const comment = page.getByTestId('comment').filter({ hasText: `First comment ${word}` });
    await comment.getByTestId('comment-edit').click();
    const commentText = page
      .getByTestId('edit-text')
      .filter({ visible: true })
      .locator('textarea:not([aria-hidden])');
    await expect.poll(() => commentText.inputValue()).toBe(`First comment ${word}`);
    await commentText.fill(`Second thoughts ${word}`);
    await page.getByTestId('edit-save').filter({ visible: true }).click();
    const edited = page.getByTestId('comment').filter({ hasText: `Second thoughts ${word}` });
    await edited.getByTestId('edited-mark').waitFor();

    // The card in the topic's feed says so too.
    await open(page, `/topic/${await openTopicId()}`);
    const card = page.locator(`[data-testid="post-card"][data-post-id="${post.id}"]`);
    await card.getByText(`Better words ${word}`).waitFor();
    await card.getByTestId('edited-mark').click();
    await expect.poll(() => versionTexts(page)).toEqual([`Better words ${word}`, `Original words ${word}`]);
    // A tap inside the sheet stays in it: the card underneath does not open the post.
    await historySheet(page).getByTestId('edit-history-text').first().click();
    await historySheet(page).getByTestId('edit-history-close').click();
    await historySheet(page).waitFor({ state: 'hidden' });
    expect(currentRoute(page)).toBe(`/topic/${await openTopicId()}`);

    // Another member, on a phone of their own, reads what was said before.
    const reader = await signedInToday(context, 'reader');
    const theirs = await phoneContext(context.browser()!);
    try {
      await skipHomePopup(theirs);
      await useToken(theirs, reader.token);
      const other = await theirs.newPage();
      await open(other, `/post/${post.id}`);
      const theirDetail = other.getByTestId('post-detail');
      await theirDetail.getByText(`Better words ${word}`).waitFor();
      await theirDetail.getByTestId('edited-mark').click();
      await historySheet(other).waitFor();
      await expect
        .poll(() => versionTexts(other))
        .toEqual([`Better words ${word}`, `Original words ${word}`]);
      await historySheet(other).getByText('Current', { exact: true }).waitFor();
      await historySheet(other).getByText('Original', { exact: true }).waitFor();
      // Holding a finger on the sheet is not holding the post under it: no post menu opens.
      await pressAndHold(other, historySheet(other).getByTestId('edit-history-text').first(), 650);
      await historySheet(other).getByTestId('edit-history-close').click();
      await historySheet(other).waitFor({ state: 'hidden' });
      expect(await openMenuSheet(other).count()).toBe(0);

      const theirComment = other.getByTestId('comment').filter({ hasText: `Second thoughts ${word}` });
      await theirComment.getByTestId('edited-mark').click();
      await expect
        .poll(() => versionTexts(other))
        .toEqual([`Second thoughts ${word}`, `First comment ${word}`]);
      // Not theirs to edit.
      expect(await theirComment.getByTestId('comment-edit').count()).toBe(0);
    } finally {
      await theirs.close();
    }
  });

  it("refuses what breaks a post's rules in the sheet, and the post stays as it was", async () => {
    const author = await signedInToday(context, 'tidy');
    const post = await postAs(author, `Keep me ${uniqueWord('k')}`);
    await open(page, `/post/${post.id}`);
    await page.getByTestId('post-detail').waitFor();
    await page.getByTestId('post-menu').click();
    await openMenuSheet(page).getByText('Edit', { exact: true }).click();
    const text = page
      .getByTestId('edit-text')
      .filter({ visible: true })
      .locator('textarea:not([aria-hidden])');
    await text.fill('   ');
    await page.getByTestId('edit-link').filter({ visible: true }).locator('input').fill('not a link');
    await page.getByTestId('edit-save').filter({ visible: true }).click();
    await page.getByText('Please enter a text').first().waitFor();
    await page.getByText('Please enter the correct URL address').first().waitFor();
    expect((await callAs(author.token, endpoints.posts.postDetail, { id: post.id })).edited_at).toBeNull();
  });
});
