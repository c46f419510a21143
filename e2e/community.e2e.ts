import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentRoute, open, useToken } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, createNamedMember, OPEN_TOPIC, postAs, uniqueWord } from './support/community';
import { showcasePosts } from './support/showcase-posts';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const screen = (name: string) => page.locator(`[data-screen="${name}"]:visible`);
const cardOf = (within: Locator, postId: number) =>
  within.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
/** The open confirmation dialog (antd's Dialog renders outside the screen; its root has no box). */
const dialog = () => page.locator('.adm-dialog-body:visible');

/** A post action's count, without the screen-reader label ("Like", "Comments") the button holds too. */
const countOf = async (action: Locator) => (await action.textContent())?.replace(/\D/g, '');

describe('reading the community as a visitor', () => {
  it('shows the New and Popular feeds and opens a post with its author and comments', async () => {
    const author = await createNamedMember('Curator');
    const reader = await createNamedMember('Reader');
    const text = `Which cartridge label art is the best ever printed? ${uniqueWord('label')}`;
    const post = await postAs(author, text);
    const comment = `The gold Zelda cartridge, no contest ${uniqueWord('c')}`;
    await callAs(reader.token, endpoints.comments.postComment, { post_id: post.id, text: comment });

    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    const home = screen('home');
    await cardOf(home, post.id).getByText(text).waitFor();
    expect(await home.getByRole('tab', { name: 'New', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );

    await home.getByRole('tab', { name: 'Popular', exact: true }).click();
    const popular = home.locator('.home-pane[data-tab="popular"]');
    await popular.getByTestId('post-card').first().waitFor();
    expect(await popular.getByTestId('post-card').count()).toBeGreaterThan(0);

    await home.getByRole('tab', { name: 'New', exact: true }).click();
    await cardOf(home, post.id).getByText(text).click();
    await expectScreenOnPage(page, 'post');
    expect(currentRoute(page)).toBe(`/post/${post.id}`);
    const detail = screen('post').getByTestId('post-detail');
    expect(await detail.getByTestId('post-text').textContent()).toBe(text);
    await detail.getByRole('button', { name: author.nickname, exact: true }).first().waitFor();
    expect(await detail.getByTestId('post-topic').textContent()).toContain(OPEN_TOPIC);
    const comments = screen('post').getByTestId('comments');
    await comments.getByRole('heading', { name: /Comments/ }).waitFor();
    await comments.getByText(comment).waitFor();
    await comments.getByText(reader.nickname).waitFor();
  });
});

describe('a post of an adult topic', () => {
  it('asks the reader’s age first, in their language, and opens the post on yes', async () => {
    const { __POST_ADULT__: id } = await showcasePosts(inject('databaseUrl'));
    await context.addInitScript(() => {
      localStorage.setItem(
        'pixelhall.preferences',
        JSON.stringify({ state: { locale: { id: 3, value: 'ko-KR', text: '한국어' } }, version: 1 }),
      );
    });
    await open(page, `/post/${id}`);
    await expectScreenOnPage(page, 'post');
    // The server's refusal is known by its reason, whatever language its message is in.
    const gate = screen('post').getByTestId('age-gate');
    await gate.getByRole('heading', { name: '18세 이상입니까?' }).waitFor();
    await gate.getByTestId('age-gate-yes').click();
    await screen('post').getByTestId('post-detail').waitFor();
    expect(await screen('post').getByTestId('age-gate').count()).toBe(0);
  });
});

describe('writing a post', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-note-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes text, a topic, a picture and a 50 MB file, with upload progress, and opens the post', async () => {
    const member = await createNamedMember('Writer');
    const text = `My cartridge shelf, sorted by colour at last ${uniqueWord('shelf')}`;
    const picture = await sharp({
      create: { width: 96, height: 64, channels: 3, background: { r: 91, g: 110, b: 225 } },
    })
      .png()
      .toBuffer();
    const archive = path.join(dir, 'shelf-catalogue.bin');
    writeFileSync(archive, Buffer.alloc(50 * 1024 * 1024, 7));

    await useToken(context, member.token);
    await open(page, '/note');
    await expectScreenOnPage(page, 'note');
    await screen('note').getByPlaceholder("What's on your mind? A tip, a high score, a find…").fill(text);

    // The topic is picked on its own screen; the text waits as a draft meanwhile.
    await screen('note').getByTestId('note-topic').click();
    await expectScreenOnPage(page, 'note-topic');
    await screen('note-topic').getByPlaceholder('Search topics').fill('lounge');
    await screen('note-topic').getByTestId('topic-choice').filter({ hasText: OPEN_TOPIC }).click();
    await expectScreenOnPage(page, 'note');
    const note = screen('note');
    await note.getByTestId('note-topic').getByText(OPEN_TOPIC).waitFor();
    expect(
      await note.getByPlaceholder("What's on your mind? A tip, a high score, a find…").inputValue(),
    ).toBe(text);

    // What the screen showed at each change while the big file was uploading, however briefly.
    await page.evaluate(() => {
      const seen: Array<{ percent: number; publishDisabled: boolean; waiting: boolean }> = [];
      (window as unknown as { uploadStates: typeof seen }).uploadStates = seen;
      new MutationObserver(() => {
        const row = [...document.querySelectorAll('[data-testid="note-attachment"]')].find((r) =>
          r.textContent?.includes('shelf-catalogue.bin'),
        );
        const percent =
          row?.getAttribute('data-status') === 'uploading' && /(\d+)% · /.exec(row.textContent ?? '');
        if (!percent) return;
        seen.push({
          percent: Number(percent[1]),
          publishDisabled: Boolean(
            document.querySelector<HTMLButtonElement>('[data-testid="note-publish"]')?.disabled,
          ),
          waiting: (
            document.querySelector('[data-screen="note"] [role="status"]')?.textContent ?? ''
          ).includes('You can publish once the uploads have finished.'),
        });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await note
      .getByTestId('note-image-input')
      .setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: picture });
    await note.getByTestId('note-file-input').setInputFiles(archive);

    const done = (name: string) =>
      note.locator('[data-testid="note-attachment"][data-status="done"]', { hasText: name });
    await done('shelf-catalogue.bin').waitFor({ timeout: 45_000 });
    await done('shelf.png').waitFor();
    expect(await done('shelf-catalogue.bin').textContent()).toContain('50.00 MB');
    const states = await page.evaluate(
      () =>
        (
          window as unknown as {
            uploadStates: Array<{ percent: number; publishDisabled: boolean; waiting: boolean }>;
          }
        ).uploadStates,
    );
    expect(states.some((s) => s.percent > 0 && s.percent < 100)).toBe(true);
    expect(states.every((s) => s.publishDisabled && s.waiting)).toBe(true);

    await note.getByTestId('note-publish').click();
    await page.waitForURL(/#\/post\/\d+$/);
    await expectScreenOnPage(page, 'post');
    const detail = screen('post').getByTestId('post-detail');
    expect(await detail.getByTestId('post-text').textContent()).toBe(text);
    expect(await detail.getByTestId('post-topic').textContent()).toContain(OPEN_TOPIC);
    const image = detail.getByTestId('post-images').locator('img');
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const file = detail.getByTestId('post-file');
    expect(await file.textContent()).toContain('shelf-catalogue.bin');
    expect(await file.textContent()).toContain('50.00 MB');
  });
});

describe('taking part in a post', () => {
  it('comments, replies, likes (kept after a reload) and follows the author, asking before unfollowing', async () => {
    const author = await createNamedMember('Host');
    const member = await createNamedMember('Guest');
    const text = `Tonight's stream: a blindfolded run of the first castle ${uniqueWord('stream')}`;
    const post = await postAs(author, text);
    const hostNote = `Starting at nine, bring snacks ${uniqueWord('n')}`;
    const hostComment = await callAs(author.token, endpoints.comments.postComment, {
      post_id: post.id,
      text: hostNote,
    });

    await useToken(context, member.token);
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const view = screen('post');
    const detail = view.getByTestId('post-detail');
    const comments = view.getByTestId('comments');
    await comments.getByText(hostNote).waitFor();

    const mine = `Count me in ${uniqueWord('me')}`;
    await view.getByPlaceholder('Add a comment…').fill(mine);
    await view.getByRole('button', { name: 'Send' }).click();
    await comments.getByTestId('comment').filter({ hasText: mine }).waitFor();
    await expect.poll(() => countOf(detail.getByTestId('post-comments'))).toBe('2');

    const thread = comments.locator(`[data-testid="comment"][data-comment-id="${hostComment.id}"]`);
    await thread.getByTestId('comment-reply').first().click();
    const answer = `Snacks are sorted ${uniqueWord('re')}`;
    await view.getByPlaceholder(`Reply to @${author.nickname}…`).fill(answer);
    await view.getByRole('button', { name: 'Send' }).click();
    await thread.getByTestId('reply').filter({ hasText: answer }).waitFor();
    await view.getByPlaceholder('Add a comment…').waitFor();

    // The count changes on the tap; the request follows once taps settle. The server's answer is
    // held back until the count has changed, so the count cannot be waiting for it.
    const like = detail.getByTestId('post-like');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await countOf(like)).toBe('0');
    let letAnswer = () => {};
    const answerHeld = new Promise<void>((resolve) => {
      letAnswer = resolve;
    });
    await page.route('**/api/posts/likes', async (route) => {
      await answerHeld;
      await route.continue();
    });
    const likeSent = page.waitForResponse((r) => r.url().endsWith('/api/posts/likes'));
    await like.click();
    await expect.poll(() => countOf(like)).toBe('1');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    letAnswer();
    expect((await (await likeSent).json()).code).toBe(1);
    await page.unroute('**/api/posts/likes');

    const follow = detail.getByTestId('follow-button');
    await expect.poll(() => follow.isEnabled()).toBe(true);
    expect(await follow.textContent()).toBe('Follow');
    await follow.click();
    await expect.poll(() => follow.textContent()).toBe('Following');

    await page.reload();
    await expectScreenOnPage(page, 'post');
    await expect.poll(() => countOf(detail.getByTestId('post-like'))).toBe('1');
    expect(await detail.getByTestId('post-like').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => detail.getByTestId('follow-button').textContent()).toBe('Following');
    await comments.getByText(mine).waitFor();
    await comments.getByText(answer).waitFor();

    // Unfollowing asks first; cancelling keeps the follow.
    await detail.getByTestId('follow-button').click();
    await dialog().getByText(`Unfollow ${author.nickname}?`).waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(await detail.getByTestId('follow-button').textContent()).toBe('Following');
    await detail.getByTestId('follow-button').click();
    await dialog().getByRole('button', { name: 'Unfollow' }).click();
    await expect.poll(() => detail.getByTestId('follow-button').textContent()).toBe('Follow');
  });
});

describe('the blacklist', () => {
  it('blocks a member from their page, after confirming, and their posts leave the New feed', async () => {
    const member = await createNamedMember('Keeper');
    const other = await createNamedMember('Pest');
    const text = `Buy cheap gold coins here!!! ${uniqueWord('spam')}`;
    const post = await postAs(other, text);

    await useToken(context, member.token);
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    const card = cardOf(screen('home'), post.id);
    await card.getByText(text).waitFor();
    await card.getByRole('button', { name: other.nickname, exact: true }).first().click();

    await expectScreenOnPage(page, 'user-id');
    expect(currentRoute(page)).toBe(`/user/${other.id}`);
    const profile = screen('user-id');
    await profile.getByTestId('user-name').getByText(other.nickname).waitFor();
    await profile.getByTestId('user-menu').click();
    await page.getByRole('option', { name: 'Add to blacklist' }).click();
    await dialog().getByText(`Add ${other.nickname} to your blacklist?`).waitFor();
    await dialog().getByRole('button', { name: 'Add to blacklist' }).click();
    await profile.getByText(`${other.nickname} is on your blacklist.`, { exact: false }).waitFor();
    await profile.getByRole('button', { name: 'Remove from blacklist' }).waitFor();

    // Back on the kept-alive home, the feed drops the post without a reload…
    await profile.locator('.adm-nav-bar-back').click();
    await expectScreenOnPage(page, 'home');
    await card.waitFor({ state: 'detached' });
    // …and a fresh load never shows it.
    await page.reload();
    await expectScreenOnPage(page, 'home');
    await screen('home').getByTestId('post-card').first().waitFor();
    expect(await cardOf(screen('home'), post.id).count()).toBe(0);
    expect(await screen('home').getByText(text).count()).toBe(0);
  });
});

describe('search', () => {
  it('finds a post by a distinctive word and keeps the search in the history', async () => {
    const author = await createNamedMember('Runner');
    const member = await createNamedMember('Seeker');
    const word = uniqueWord('warpzone');
    const text = `The ${word} skip saves four seconds in world eight`;
    const post = await postAs(author, text);

    await useToken(context, member.token);
    await open(page, '/home');
    await expectScreenOnPage(page, 'home');
    await screen('home').getByRole('button', { name: 'Search posts, topics and players' }).click();
    await expectScreenOnPage(page, 'search');
    const search = screen('search');
    const box = search.getByPlaceholder('Search posts, topics and players');
    await box.fill(word);
    await box.press('Enter');

    await search.getByRole('heading', { name: 'Posts', exact: true }).waitFor();
    await cardOf(search.getByTestId('search-posts'), post.id).getByText(text).waitFor();

    await box.fill('');
    const history = search.getByTestId('search-history');
    await history.getByRole('heading', { name: 'Recent searches' }).waitFor();
    await history.getByRole('button', { name: word, exact: true }).waitFor();
  });
});

describe('news', () => {
  it('tells a member that someone liked their post', async () => {
    const member = await createNamedMember('Poster');
    const fan = await createNamedMember('Fan');
    const text = `Found a boxed copy at a flea market today ${uniqueWord('box')}`;
    const post = await postAs(member, text);
    await callAs(fan.token, endpoints.posts.likePost, { id: post.id, like: true });

    await useToken(context, member.token);
    await open(page, '/me/news');
    await expectScreenOnPage(page, 'me-news');
    const item = screen('me-news')
      .getByTestId('news-item')
      .filter({
        hasText: `${fan.nickname} liked your post`,
      });
    await item.waitFor();
    expect(await item.textContent()).toContain(text);
    expect(await item.getByRole('img', { name: 'Unread' }).count()).toBe(1);

    await item.click();
    await expectScreenOnPage(page, 'post');
    expect(currentRoute(page)).toBe(`/post/${post.id}`);
  });
});
