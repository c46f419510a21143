import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, createNamedMember, postAs, signedInToday, uniqueWord } from './support/community';
import { openMenuSheet, pressAndHold } from './support/press';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const press = (target: Locator, ms: number) => pressAndHold(page, target, ms);
const menuSheet = () => openMenuSheet(page);

describe("the author's post menu (set/posts)", () => {
  it('changes the colour and the upgrade style and closes and opens comments, shown on the post at once', async () => {
    const author = await signedInToday(context, 'look');
    const post = await postAs(author, `Styled ${uniqueWord('p')}`);
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const detail = page.getByTestId('post-detail');
    await detail.waitFor();

    await page.getByTestId('post-menu').click();
    await menuSheet().getByText('Colour and style', { exact: true }).click();
    const sheet = page.getByTestId('post-look');
    await sheet.waitFor();
    await sheet.locator('[data-style-id="teal"]').click();
    await expect
      .poll(() => sheet.locator('[data-style-id="teal"]').getAttribute('aria-pressed'))
      .toBe('true');
    await sheet.locator('[data-style-id="arcade"]').click();
    await expect.poll(() => detail.getAttribute('class')).toContain('post-detail--framed');
    // A style above the member's level shows what it needs and is not sent.
    // Locked swatches are aria-disabled, yet a tap on one still explains itself.
    await sheet.locator('[data-style-id="neon"]').click({ force: true });
    await page.getByText('This style needs level 5.').waitFor();
    const saved = await callAs(author.token, endpoints.posts.postDetail, { id: post.id });
    expect(saved).toMatchObject({ color: 'teal', style: 'arcade' });
    await page.mouse.click(195, 60);
    await sheet.waitFor({ state: 'hidden' });

    await page.getByTestId('post-menu').click();
    await menuSheet().getByText('Close comments', { exact: true }).click();
    await page.getByTestId('composer').getByText('Comments are closed on this post').waitFor();
    expect((await callAs(author.token, endpoints.posts.postDetail, { id: post.id })).comments_open).toBe(
      false,
    );

    await page.getByTestId('post-menu').click();
    await menuSheet().getByText('Open comments', { exact: true }).click();
    await expect.poll(() => page.getByTestId('composer').textContent()).not.toContain('Comments are closed');
  });

  it('is not offered on somebody else’s post', async () => {
    const author = await createNamedMember('own');
    const post = await postAs(author, `Not yours ${uniqueWord('p')}`);
    await signedInToday(context, 'reader');
    await open(page, `/post/${post.id}`);
    await page.getByTestId('post-detail').waitFor();
    await page.getByTestId('post-menu').click();
    await menuSheet().getByText('Report', { exact: true }).waitFor();
    expect(await menuSheet().getByText('Colour and style').count()).toBe(0);
    expect(await menuSheet().getByText('Close comments').count()).toBe(0);
  });
});

describe('long press (500 ms)', () => {
  it("opens a post's menu, and a short tap does not", async () => {
    const author = await signedInToday(context, 'hold');
    const post = await postAs(author, `Hold me ${uniqueWord('p')}`);
    await open(page, `/post/${post.id}`);
    const text = page.getByTestId('post-text');
    await text.waitFor();

    await press(text, 200);
    // Time is the subject: a long press's menu would open 500 ms after the finger went down.
    await page.waitForTimeout(500);
    expect(await menuSheet().count()).toBe(0);

    await press(text, 650);
    await menuSheet().getByText('Colour and style', { exact: true }).waitFor();
    // The release did not also act on what was under the finger, nor select the text.
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  });

  it("opens a comment's menu, whose actions work", async () => {
    const author = await signedInToday(context, 'talk');
    const post = await postAs(author, `Talk ${uniqueWord('p')}`);
    await callAs(author.token, endpoints.comments.postComment, {
      post_id: post.id,
      text: 'Hold this comment',
    });
    await open(page, `/post/${post.id}`);
    const comment = page.getByTestId('comment-press').filter({ hasText: 'Hold this comment' });
    await comment.waitFor();

    await press(comment.locator('.comment__text'), 650);
    await menuSheet().getByText('Like', { exact: true }).click();
    await expect.poll(() => comment.getByTestId('comment-like').getAttribute('aria-pressed')).toBe('true');

    await press(comment.locator('.comment__text'), 650);
    await menuSheet().getByText('Delete', { exact: true }).waitFor();
    await menuSheet().getByText('Reply', { exact: true }).click();
    await page.getByTestId('composer-cancel-reply').waitFor();
  });
});
