import { readFile } from 'node:fs/promises';
import { type DataOf, type Envelope, endpoints, endpointUrl } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { baseUrl, currentRoute, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { callAs, openTopicId, signedInToday, uniqueWord } from './support/community';

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const SECURITY = '/me/setting/accountandsecurity';
type UploadedFile = DataOf<typeof endpoints.uploads.uploadFile>;

// A 1×1 PNG: upload/file re-encodes it into the WebP a post shows.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M/wHwAEBgIApD5fRAAAAABJRU5ErkJggg==',
  'base64',
);

/** A picture as the app uploads one for a post (upload/file, app=post_images). */
async function uploadPicture(token: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('app', 'post_images');
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'castle.png');
  const res = await fetch(`${baseUrl()}${endpointUrl(endpoints.uploads.uploadFile)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<UploadedFile>;
  if (envelope.code !== 1) throw new Error(`upload/file: ${envelope.msg}`);
  return envelope.data;
}

/** Every entry of a zip file on disk, by name. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('download my data', () => {
  it('asks for the export in Account and security, waits for it, and downloads a zip with the post and its picture', async () => {
    const member = await signedInToday(context, 'exp');
    const picture = await uploadPicture(member.token);
    const text = `${uniqueWord('castle')} run with a secret exit`;
    const post = await callAs(member.token, endpoints.posts.createPost, {
      topic_id: await openTopicId(),
      text,
      files: [{ sha256: picture.sha256, name: 'castle.webp' }],
    });

    await open(page, SECURITY);
    await expectScreenOnPage(page, 'me-setting-accountandsecurity');
    const section = page.getByTestId('export-section');
    await section.getByTestId('export-request').click();
    await page.getByText('We are preparing a copy of your data.', { exact: false }).first().waitFor();
    await section.getByTestId('export-preparing').waitFor();

    // The server's job builds it (every second in this suite); the screen asks until it is ready.
    await section.getByTestId('export-ready').waitFor({ timeout: 30_000 });
    await expect(section.getByTestId('export-ready').textContent()).resolves.toContain(
      'Ready to download until',
    );
    // One a day: the section says when the next may be asked for, instead of the button.
    await section.getByTestId('export-next').waitFor();
    expect(await section.getByTestId('export-request').count()).toBe(0);

    const downloaded = page.waitForEvent('download');
    await section.getByTestId('export-download').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^pixelhall-e2e_\d+_\d+-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();
    const entries = await unzip(file);

    const posts = JSON.parse(entries.get('posts.json')!.toString('utf8')) as Array<{
      id: number;
      text: string;
      files: Array<{ name: string; path: string }>;
    }>;
    expect(posts).toEqual([expect.objectContaining({ id: post.id, text })]);
    const inZip = entries.get(posts[0]!.files[0]!.path);
    const stored = Buffer.from(await (await fetch(`${baseUrl()}${picture.url}`)).arrayBuffer());
    expect(inZip?.equals(stored)).toBe(true);
    expect(entries.get('README.txt')?.toString('utf8')).toContain('Your Pixelhall data');
    // The zip on disk is the one the server keeps.
    expect((await readFile(file)).length).toBeGreaterThan(stored.length);

    // The inbox says it is ready, and leads back to the download.
    await open(page, '/me/news');
    const item = page.getByText('Your data is ready to download in Account and security.');
    await item.click();
    await page.waitForURL(new RegExp(`#${SECURITY}$`));
    expect(currentRoute(page)).toBe(SECURITY);
    await page.getByTestId('export-ready').waitFor();
  });
});
