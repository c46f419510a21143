import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import type { Page } from 'playwright-core';
import { screenAtRest } from './motion';

/**
 * The desk's Filters tab with something to show (docs/product/moderation.md#filters-and-new-member-limits):
 * Wren, the administrator of support/mod-scene.ts, keeps a filter of every kind and action, in
 * Latin, Japanese and Korean script, beside the word filter that scene holds a post with. Filters
 * apply to the whole server: a `tag` keeps another suite's filters from matching what other
 * journeys on the same database write.
 */
export async function stageFilterScene(serverUrl: string, wardenToken: string, tag = ''): Promise<void> {
  const wren = async <E extends EndpointDef>(def: E, payload: PayloadOf<E>): Promise<DataOf<E>> => {
    const response = await fetch(`${serverUrl}/api/${def.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${wardenToken}` },
      body: JSON.stringify(payload),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: DataOf<E> };
    if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
    return envelope.data;
  };
  const { filtersAdd } = endpoints.contentFilters;
  await wren(filtersAdd, { kind: 'link', value: `goldz${tag}.example`, action: 'block' });
  await wren(filtersAdd, { kind: 'pattern', value: `fr[e3]{2}\\s*g[o0]ld${tag}`, action: 'block' });
  await wren(filtersAdd, { kind: 'word', value: `カジノ${tag}`, action: 'hold' });
  await wren(filtersAdd, { kind: 'word', value: `도박${tag}`, action: 'block' });
  await wren(filtersAdd, { kind: 'link', value: `https://bit${tag}.ly`, action: 'hold' });
}

/** The tab afresh, its list come (a scene before may have left a verdict or a refusal on the page). */
async function freshFilters(page: Page): Promise<void> {
  await page.reload();
  await page.locator('[data-screen="mod"] [data-testid="filter-row"]').first().waitFor();
}

/** A pattern with nested repetition, refused under its field in the picture's language. */
export async function showFilterRefusal(page: Page): Promise<void> {
  await freshFilters(page);
  const tab = page.locator('[data-screen="mod"] [data-testid="filters-tab"]');
  await tab.getByTestId('filter-kind').locator('button[data-value="pattern"]').click();
  await tab.getByTestId('filter-value').locator('input').fill('(a+)+$');
  await tab.getByTestId('filter-add').click();
  await tab.locator('.adm-form-item-feedback-error').waitFor();
  await screenAtRest(page);
}

/** A text tried against the filters: held for review by the Japanese word. */
export async function showFilterVerdict(page: Page): Promise<void> {
  await freshFilters(page);
  const tab = page.locator('[data-screen="mod"] [data-testid="filters-tab"]');
  const box = tab.getByTestId('filter-try-text').locator('textarea:not([aria-hidden])');
  await box.fill('今夜はカジノで遊ぼう！ Free chips for everyone.');
  await tab.getByTestId('filter-try').click();
  await tab.getByTestId('filter-try-verdict').waitFor();
  await tab.getByTestId('filter-try').scrollIntoViewIfNeeded();
  await tab.getByTestId('filter-try-verdict').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await screenAtRest(page);
}
