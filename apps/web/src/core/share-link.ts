/** How a share ended: handed to the system sheet, copied, dismissed by the person, or failed to copy. */
export type ShareOutcome = 'shared' | 'copied' | 'dismissed' | 'copy-failed';

type ShareNavigator = Partial<Pick<Navigator, 'share' | 'canShare' | 'clipboard'>>;

/**
 * Hands a post's link on: the system share sheet where there is one (phones), else the
 * clipboard. A share sheet the person closes is not a failure; one that cannot open (no user
 * gesture left, blocked by policy) falls back to copying.
 */
export async function shareLink(
  data: { url: string; title?: string; text?: string },
  nav: ShareNavigator = navigator,
): Promise<ShareOutcome> {
  if (nav.share && (!nav.canShare || nav.canShare(data))) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') return 'dismissed';
    }
  }
  try {
    if (!nav.clipboard) return 'copy-failed';
    await nav.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'copy-failed';
  }
}

/** A short line for the share sheet: the first words of the post, on one line. */
export function shareTitle(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}
