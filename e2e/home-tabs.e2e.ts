import { endpoints } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, openTopicId, postAs, signedInToday, uniqueWord } from './support/community';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const home = () => page.locator('[data-screen="home"]:visible');
const tabs = () => home().getByRole('tab');

/** Reloads Home and waits for the answer that decides YOURS (the topics of category 0). */
async function reloadHome(): Promise<void> {
  const followCheck = page.waitForResponse((r) => r.url().includes('/api/topic/list'));
  await page.reload();
  await followCheck;
  await expectScreenOnPage(page, 'home');
}

describe('home tabs', () => {
  it('lead with YOURS once the member follows a topic, open on New, and drop YOURS with the last follow', async () => {
    const member = await signedInToday(context, 'Tabs');
    const topic = await openTopicId();
    const text = `Followed-topic post ${uniqueWord('yours')}`;
    await postAs(member, text);

    await open(page, '/home');
    await reloadHome();
    await expect.poll(async () => (await tabs().allTextContents()).slice(0, 2)).toEqual(['New', 'Popular']);

    await callAs(member.token, endpoints.topics.topicFollow, { id: topic, follow: true });
    await reloadHome();
    await expect
      .poll(async () => (await tabs().allTextContents()).slice(0, 3))
      .toEqual(['YOURS', 'New', 'Popular']);
    // Home still opens on New: YOURS joins the row once the follow check answers.
    expect(await home().getByRole('tab', { name: 'New', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );

    await tabs().first().click();
    await home().locator('.home-pane[data-tab="c0"]').getByText(text).waitFor();

    await callAs(member.token, endpoints.topics.topicFollow, { id: topic, follow: false });
    await reloadHome();
    await home().getByRole('tab', { name: 'New', exact: true }).waitFor();
    await expect.poll(async () => (await tabs().allTextContents()).includes('YOURS')).toBe(false);
  });
});
