import { describe, expect, it, vi } from 'vitest';
import { shareLink, shareTitle } from './share-link';

const data = { url: 'https://pixelhall.test/#/post/7', title: 'Hi' };
const clipboard = (fail = false) => ({
  writeText: vi.fn(async () => {
    if (fail) throw new Error('denied');
  }),
});
const error = (name: string) => Object.assign(new Error(name), { name });

describe('shareLink', () => {
  it('uses the system share sheet when there is one', async () => {
    const nav = { share: vi.fn(async () => {}), clipboard: clipboard() };
    expect(await shareLink(data, nav as never)).toBe('shared');
    expect(nav.share).toHaveBeenCalledWith(data);
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });

  it('does nothing more when the person closes the sheet', async () => {
    const nav = { share: vi.fn(async () => Promise.reject(error('AbortError'))), clipboard: clipboard() };
    expect(await shareLink(data, nav as never)).toBe('dismissed');
    expect(nav.clipboard.writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the sheet cannot open or cannot take the data', async () => {
    const blocked = {
      share: vi.fn(async () => Promise.reject(error('NotAllowedError'))),
      clipboard: clipboard(),
    };
    expect(await shareLink(data, blocked as never)).toBe('copied');
    expect(blocked.clipboard.writeText).toHaveBeenCalledWith(data.url);
    const refuses = { share: vi.fn(), canShare: () => false, clipboard: clipboard() };
    expect(await shareLink(data, refuses as never)).toBe('copied');
    expect(refuses.share).not.toHaveBeenCalled();
  });

  it('copies without a share sheet, and says when copying fails', async () => {
    expect(await shareLink(data, { clipboard: clipboard() } as never)).toBe('copied');
    expect(await shareLink(data, { clipboard: clipboard(true) } as never)).toBe('copy-failed');
    expect(await shareLink(data, {})).toBe('copy-failed');
  });
});

describe('shareTitle', () => {
  it('keeps a short text on one line and cuts a long one', () => {
    expect(shareTitle('  Hello\n\n world ')).toBe('Hello world');
    expect(shareTitle('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
    expect([...shareTitle('😀'.repeat(20), 10)]).toHaveLength(10);
  });
});
