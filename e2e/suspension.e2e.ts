import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from './support/account-forms';
import { baseUrl, currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import {
  type CommunityMember,
  callAs,
  createNamedMember,
  openTopicId,
  postAs,
  signedInToday,
  uniqueWord,
} from './support/community';
import { withDatabase } from './support/members';
import { until } from './support/until';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const screen = (name: string) => page.locator(`[data-screen="${name}"]:visible`);
const NOTE_PLACEHOLDER = "What's on your mind? A tip, a high score, a find…";

/** A moderator of every topic, as `npm run ops -- roles:grant <name> moderator` makes one. */
async function globalModerator(): Promise<CommunityMember> {
  const moderator = await createNamedMember('Mod');
  await withDatabase((database) =>
    database.db
      .updateTable('users')
      .set({ role: 'moderator', role_granted_at: Date.now() })
      .where('id', '=', moderator.id)
      .execute(),
  );
  return moderator;
}

/** Signs the page in as another member, the way the app keeps its token, and reloads. */
async function switchTo(token: string): Promise<void> {
  await page.evaluate(
    (t) => localStorage.setItem('pixelhall.session', JSON.stringify({ state: { token: t }, version: 1 })),
    token,
  );
  await page.reload();
}

/** "14:07": the time of `ms` as the page's clock and time zone write it, as the app's formats do. */
function clockTime(ms: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  }, ms);
}

describe('what members see of moderation', () => {
  it('a suspended member is told until when and why on Me, the note screen and the comment bar, and writes again once the server says it ended', async () => {
    const moderator = await globalModerator();
    const member = await signedInToday(context, 'Paused');
    const author = await createNamedMember('Host');
    const post = await postAs(author, `Which cartridge shell colour is best? ${uniqueWord('q')}`);
    const reason = 'Posting the same link in every topic';
    await callAs(moderator.token, endpoints.sanctions.modSanction, {
      user_id: member.id,
      kind: 'suspend',
      reason,
      hours: 24,
    });
    const standing = await callAs(member.token, endpoints.sanctions.myStanding, {});
    const end = standing.suspension?.until;
    if (!end) throw new Error('the suspension did not start');
    const endTime = await clockTime(end);
    const endYear = String(new Date(end).getFullYear());

    // Me: the notice at the top, with the end's date and time and the reason.
    await open(page, '/me');
    await expectScreenOnPage(page, 'me');
    const meNotice = screen('me').getByTestId('suspension-notice');
    await meNotice.waitFor();
    const meUntil = await meNotice.getByTestId('suspension-until').textContent();
    expect(meUntil).toContain('You can read, but not post or comment, until');
    expect(meUntil).toContain(endTime);
    expect(meUntil).toContain(endYear);
    expect(await meNotice.getByTestId('suspension-reason').textContent()).toBe(`Reason: ${reason}`);
    await meNotice.getByTestId('suspension-appeal').waitFor();

    // The note screen: the notice instead of a form whose publishing would fail.
    const topicId = await openTopicId();
    await open(page, `/note?topic_id=${topicId}`);
    await expectScreenOnPage(page, 'note');
    const noteNotice = screen('note').getByTestId('suspension-notice');
    await noteNotice.waitFor();
    expect(await noteNotice.getByTestId('suspension-until').textContent()).toContain(endTime);
    expect(await screen('note').getByTestId('note-publish').count()).toBe(0);
    expect(await screen('note').getByPlaceholder(NOTE_PLACEHOLDER).isVisible()).toBe(false);

    // Trying to comment: the comment bar is the notice too.
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const composer = screen('post').getByTestId('composer');
    await composer.getByTestId('suspension-notice').waitFor();
    expect(await composer.getByTestId('suspension-until').textContent()).toContain(endTime);
    expect(await composer.getByTestId('suspension-reason').textContent()).toBe(`Reason: ${reason}`);
    expect(await composer.getByTestId('composer-input').count()).toBe(0);
    // The server refuses the write itself, whatever a client shows.
    const refused = await fetch(`${baseUrl()}/api/${endpoints.comments.postComment.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ post_id: post.id, text: 'Still here?' }),
    });
    const answer = await refused.text();
    expect(JSON.parse(answer).reason, answer).toBe('errors.suspended');

    // The end comes ten seconds from now on the server's clock. The member opens the app again:
    // the note screen still says it, then notices the end on its own and the form comes back.
    await withDatabase((database) =>
      database.db
        .updateTable('users')
        .set({ suspended_until: Date.now() + 10_000 })
        .where('id', '=', member.id)
        .execute(),
    );
    await open(page, `/note?topic_id=${topicId}`);
    await page.reload();
    await expectScreenOnPage(page, 'note');
    await screen('note').getByTestId('suspension-notice').waitFor();
    expect(await screen('note').getByTestId('note-publish').count()).toBe(0);
    const note = screen('note');
    await note.getByPlaceholder(NOTE_PLACEHOLDER).waitFor({ state: 'visible', timeout: 25_000 });
    expect(await note.getByTestId('suspension-notice').count()).toBe(0);
    await note.getByTestId('note-topic').getByText('Pixelhall lounge').waitFor();
    const text = `Back from a break ${uniqueWord('back')}`;
    await note.getByPlaceholder(NOTE_PLACEHOLDER).fill(text);
    await note.getByTestId('note-publish').click();
    await page.waitForURL(/#\/post\/\d+$/);
    await expectScreenOnPage(page, 'post');
    expect(await screen('post').getByTestId('post-text').textContent()).toBe(text);
    await screen('post').getByTestId('composer-input').waitFor();

    // Me no longer says it.
    await open(page, '/me');
    await expectScreenOnPage(page, 'me');
    await screen('me').getByTestId('profile-card').waitFor();
    await until(
      () => screen('me').getByTestId('suspension-notice').count(),
      (n) => n === 0,
      { what: 'the notice on Me to go' },
    );
  }, 90_000);

  it('a removed post: its author reads why and may appeal, others see only that it was removed, and the public log says why without naming the moderator', async () => {
    const moderator = await globalModerator();
    const author = await signedInToday(context, 'Spammer');
    const reader = await createNamedMember('Reader');
    const text = `Cheap gold, click my profile ${uniqueWord('spam')}`;
    const post = await postAs(author, text);
    const reason = 'Selling gold is not allowed';
    await callAs(moderator.token, endpoints.moderation.modRemove, { target: 'post', id: post.id, reason });

    // The author: their text still, the reason, and the way to appeal.
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const detail = screen('post').getByTestId('post-detail');
    const notice = detail.getByTestId('removed-notice');
    await notice.getByText(`Removed by a moderator: ${reason}`).waitFor();
    expect(await detail.getByTestId('post-text').textContent()).toBe(text);
    expect(await screen('post').getByTestId('composer').textContent()).toContain('takes no new comments');
    await notice.getByTestId('removed-appeal').click();
    await until(
      async () => currentRoute(page),
      (route) => route === '/me/moderation',
    );

    // Their own list still shows it, marked.
    await open(page, '/me/posts');
    await expectScreenOnPage(page, 'me-posts');
    const card = screen('me-posts').locator(`[data-testid="post-card"][data-post-id="${post.id}"]`);
    await card.getByTestId('removed-notice').getByText(reason, { exact: false }).waitFor();

    // Another member: the placeholder, no reason, no text, and the way to the public log.
    await switchTo(reader.token);
    await open(page, `/post/${post.id}`);
    await expectScreenOnPage(page, 'post');
    const seen = screen('post').getByTestId('post-detail');
    await seen.getByTestId('removed-notice').getByText('This post was removed by a moderator.').waitFor();
    expect(await seen.textContent()).not.toContain(reason);
    expect(await seen.textContent()).not.toContain(text);
    await seen.getByTestId('removed-log-link').click();
    await expectScreenOnPage(page, 'modlog');
    const entry = screen('modlog')
      .getByTestId('modlog-entry')
      .filter({ has: page.getByText(author.nickname, { exact: true }) })
      .first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-action')).toBe('remove_post');
    expect(await entry.getByTestId('modlog-reason').textContent()).toBe(`Reason: ${reason}`);
    expect(await entry.textContent()).toContain('Post removed');
    expect(await entry.textContent()).not.toContain(moderator.nickname);
    expect(await entry.textContent()).not.toContain(text);
  }, 90_000);

  it("a held post is its author's alone and says it waits for review; a locked post's comment box says a moderator locked it", async () => {
    const moderator = await globalModerator();
    const author = await signedInToday(context, 'Newbie');
    const reader = await createNamedMember('Passerby');
    const held = await postAs(author, `My first speedrun notes ${uniqueWord('held')}`);
    // Held as a filter or a new member's link would hold it (features/content-filters).
    await withDatabase((database) =>
      database.db
        .updateTable('posts')
        .set({ held_at: Date.now(), held_reason: 'New member posting a link' })
        .where('id', '=', held.id)
        .execute(),
    );
    const locked = await postAs(author, `Console wars thread ${uniqueWord('lock')}`);
    await callAs(moderator.token, endpoints.moderation.modLock, {
      post_id: locked.id,
      locked: true,
      reason: 'Heated',
    });

    await open(page, `/post/${held.id}`);
    await expectScreenOnPage(page, 'post');
    await screen('post').getByTestId('held-notice').getByText("Waiting for a moderator's review").waitFor();
    await open(page, '/me/posts');
    await expectScreenOnPage(page, 'me-posts');
    await screen('me-posts')
      .locator(`[data-testid="post-card"][data-post-id="${held.id}"]`)
      .getByTestId('held-notice')
      .waitFor();

    await open(page, `/post/${locked.id}`);
    await expectScreenOnPage(page, 'post');
    const composer = screen('post').getByTestId('composer');
    await composer
      .getByTestId('locked-notice')
      .getByText('A moderator locked comments on this post.')
      .waitFor();
    expect(await composer.getByTestId('composer-input').count()).toBe(0);

    // Someone else: the held post does not exist for them; the locked one has no comment box either.
    await switchTo(reader.token);
    await open(page, `/post/${held.id}`);
    await expectScreenOnPage(page, 'post');
    await screen('post').locator('.empty-state').waitFor();
    expect(await screen('post').getByTestId('post-detail').count()).toBe(0);
    await open(page, `/post/${locked.id}`);
    await expectScreenOnPage(page, 'post');
    await screen('post').getByTestId('composer').getByTestId('locked-notice').waitFor();
  }, 90_000);

  it('a banned member trying to log in is told why in a dialog that stays', async () => {
    const moderator = await globalModerator();
    const password = 'correct horse';
    const username = uniqueWord('ban').slice(0, 20);
    const { user } = await callAs(null, endpoints.auth.register, {
      username,
      email: `${username}@example.org`,
      password,
    });
    const reason = 'Repeated harassment after two suspensions';
    await callAs(moderator.token, endpoints.sanctions.modSanction, { user_id: user.id, kind: 'ban', reason });

    await open(page, '/login');
    await expectScreenOnPage(page, 'login');
    await logIn(page, username, password);
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('Account banned', { exact: true }).waitFor();
    expect(await dialog.textContent()).toContain(`This account was banned: ${reason}`);
    // Said once, in the dialog, not in a toast that passes.
    expect(await page.locator('.adm-toast-main', { hasText: reason }).count()).toBe(0);
    await dialog.getByText('OK', { exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(currentRoute(page)).toBe('/login');
  }, 60_000);
});
