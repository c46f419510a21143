import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, createNamedMember, postAs, signedInToday, uniqueWord } from './support/community';
import { openMenuSheet } from './support/press';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const screen = (name: string) => page.locator(`[data-screen="${name}"]:visible`);
const cardOf = (within: Locator, postId: number) =>
  within.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);

describe('mute', () => {
  it("mutes a member and a word: the member's posts and comments leave Home, search and comments, and a post with the word folds behind Show anyway", async () => {
    await signedInToday(context, 'Muter');
    const loud = await createNamedMember('Loud');
    const writer = await createNamedMember('Writer');
    // Both posts carry the shared word, so one search finds both until the mute.
    const shared = uniqueWord('cartridge');
    const word = uniqueWord('plot');
    const loudText = `My ${shared} collection is the best, fight me`;
    const loudPost = await postAs(loud, loudText);
    const calmText = `Cleaned the pins of an old ${shared} today`;
    const calmPost = await postAs(writer, calmText);
    const loudComment = `Mine is cleaner ${uniqueWord('c')}`;
    const calmComment = `Isopropyl alcohol works wonders ${uniqueWord('c')}`;
    await callAs(loud.token, endpoints.comments.postComment, { post_id: calmPost.id, text: loudComment });
    await callAs(writer.token, endpoints.comments.postComment, { post_id: calmPost.id, text: calmComment });

    // Muting the member from their post's menu.
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    const home = screen('home');
    await cardOf(home, loudPost.id).getByText(loudText).click();
    await expectScreenOnPage(page, 'post');
    await screen('post').getByTestId('post-menu').click();
    await openMenuSheet(page).getByText(`Mute ${loud.nickname}`, { exact: true }).click();
    const durations = page.locator('.adm-action-sheet:visible', { has: page.getByTestId('mute-sheet') });
    await durations.getByText(`Mute ${loud.nickname}`, { exact: true }).waitFor();
    await durations.getByText('For a day', { exact: true }).click();
    await page.getByText('Muted. Their posts, comments and notifications are hidden from you').waitFor();

    // Muting a word on the Mute screen.
    await open(page, '/me/mute');
    await expectScreenOnPage(page, 'me-mute');
    const mute = screen('me-mute');
    await mute
      .getByTestId('muted-member')
      .filter({ hasText: loud.nickname })
      .getByText(/^Until /)
      .waitFor();
    await mute.getByTestId('mute-word-add').click();
    await mute.getByText('Please enter a word or phrase').waitFor();
    await mute.getByTestId('mute-word-input').locator('input').fill(word.toUpperCase());
    await mute.getByTestId('mute-word-add').click();
    await mute.getByTestId('muted-word').getByText(word.toUpperCase(), { exact: true }).waitFor();
    // The same word in another case is refused at the field, and the list stays as it is.
    await mute.getByTestId('mute-word-input').locator('input').fill(word);
    await mute.getByTestId('mute-word-add').click();
    await mute.getByText('You have already muted this word or phrase').waitFor();
    expect(await mute.getByTestId('muted-word').count()).toBe(1);

    // A post with the word, written after the mute, comes folded.
    const foldedText = `The ${word} twist in the last level got me`;
    const foldedPost = await postAs(writer, foldedText);

    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    const folded = cardOf(home, foldedPost.id);
    await folded
      .getByTestId('folded')
      .getByText(`Hidden: contains a word you muted (${word.toUpperCase()})`)
      .waitFor();
    expect(await folded.getByText(foldedText).count()).toBe(0);
    await cardOf(home, calmPost.id).getByText(calmText).waitFor();
    expect(await cardOf(home, loudPost.id).count()).toBe(0);
    await folded.getByTestId('folded-show').click();
    await folded.getByText(foldedText).waitFor();
    expect(await folded.getByTestId('folded').count()).toBe(0);

    // Search finds the other member's post, not the muted member's.
    await home.getByRole('button', { name: 'Search posts, topics and players' }).click();
    await expectScreenOnPage(page, 'search');
    const search = screen('search');
    const box = search.getByPlaceholder('Search posts, topics and players');
    await box.fill(shared);
    await box.press('Enter');
    const results = search.getByTestId('search-posts');
    await cardOf(results, calmPost.id).getByText(calmText).waitFor();
    expect(await cardOf(results, loudPost.id).count()).toBe(0);

    // The post's comments leave the muted member's out.
    await cardOf(results, calmPost.id).getByText(calmText).click();
    await expectScreenOnPage(page, 'post');
    const comments = screen('post').getByTestId('comments');
    await comments.getByText(calmComment).waitFor();
    expect(await comments.getByText(loudComment).count()).toBe(0);
  });
});
