import type { Page } from 'playwright-core';

/** A label the reader cannot read whole. */
export interface ClippedLabel {
  /** Its text, as the page has it (not as cut). */
  text: string;
  /**
   * `ellipsis`: cut with "…"; `clipped`: wider than its box and cut off; `broken`: a line break
   * inside a word ("Downloa/ding", "ダウンロー/ド").
   */
  problem: 'ellipsis' | 'clipped' | 'broken';
  /** Where it is: the element's tag and classes, and those of its nearest screen. */
  where: string;
}

/**
 * Elements whose text is a label: tabs, buttons, chips, filters, bar titles. Their whole text
 * must show, on one line or broken only between words.
 */
const LABELS = [
  'button',
  '[role="tab"]',
  '[role="button"]',
  '.adm-tabs-tab',
  '.adm-capsule-tabs-tab',
  '.adm-jumbo-tabs-tab',
  '.adm-selector-item',
  '.adm-segmented-item-label',
  '.adm-tab-bar-item-title',
  '.adm-nav-bar-title',
  '.adm-dropdown-item-title',
  '.adm-check-list-item .adm-list-item-content-main',
  '[class*="chip"]',
  '[class*="tab"]',
].join(',');

/**
 * Text cut on purpose (a post's body to its first lines, a long member-written name in a card):
 * marked `data-clamp` on the element or an ancestor.
 */
const INTENDED = '[data-clamp]';

/**
 * Every visible label on the page that shows less than its whole text: cut with an ellipsis,
 * clipped by its box, or broken inside a word. Any element cut with an ellipsis counts too,
 * label or not, unless it is marked as clamped on purpose.
 */
export function clippedLabels(page: Page): Promise<ClippedLabel[]> {
  return page.evaluate(
    ({ labels, intended }) => {
      const found: ClippedLabel[] = [];
      const seen = new Set<Element>();
      const describe = (el: Element): string => {
        const own = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
        const screen = el.closest('[data-screen]')?.getAttribute('data-screen') ?? 'page';
        return `${screen} › ${own}`;
      };
      const visible = (el: Element): boolean => {
        const box = el.getBoundingClientRect();
        // Text for screen readers only sits in a 1 px box on purpose.
        if (box.width <= 1 || box.height <= 1) return false;
        const style = getComputedStyle(el);
        if (style.clipPath.startsWith('inset(50%')) return false;
        return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) !== 0;
      };
      const add = (el: Element, problem: ClippedLabel['problem']) => {
        if (seen.has(el)) return;
        seen.add(el);
        found.push({ text: (el.textContent ?? '').trim(), problem, where: describe(el) });
      };
      // Wider than its box by more than rounding, where the overflow is hidden (not scrollable).
      const overflows = (el: HTMLElement): boolean => {
        if (el.scrollWidth <= el.clientWidth + 1) return false;
        const overflow = getComputedStyle(el).overflowX;
        return overflow === 'hidden' || overflow === 'clip';
      };
      // A line break between two characters of one word. Words of different elements (a name
      // over its odds) may sit on lines of their own, and a sentence (a setting's description)
      // wraps as text does: Japanese and Korean between any two characters.
      const WORDS_MAX = 24;
      const breaksInsideWord = (el: Element): boolean => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement && !visible(node.parentElement)) continue;
          if ((node.textContent ?? '').trim().length > WORDS_MAX) continue;
          let previous: { top: number; height: number; char: string } | null = null;
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i += 1) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect || rect.height === 0) continue;
            const char = text[i] as string;
            if (previous && rect.top > previous.top + previous.height / 2) {
              const between = /[\s\-/–—,.、。・·:：]/;
              if (!between.test(previous.char) && !between.test(char)) return true;
            }
            previous = { top: rect.top, height: rect.height, char };
          }
        }
        return false;
      };

      for (const el of document.querySelectorAll<HTMLElement>(labels)) {
        if (!visible(el) || el.closest(intended)) continue;
        const text = (el.textContent ?? '').trim();
        // Icon-only buttons and containers of many labels (a whole tab bar) are not one label.
        if (!text || text.length > 80 || el.querySelectorAll(labels).length > 0) continue;
        if (overflows(el)) add(el, 'clipped');
        else if (breaksInsideWord(el)) add(el, 'broken');
        // Its text may sit in an inner element that does the cutting.
        for (const inner of el.querySelectorAll<HTMLElement>('*')) {
          if (visible(inner) && !inner.closest(intended) && overflows(inner)) add(inner, 'clipped');
        }
      }
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        if (seen.has(el) || el.closest(intended) || !visible(el)) continue;
        if (getComputedStyle(el).textOverflow !== 'ellipsis') continue;
        if (el.scrollWidth > el.clientWidth + 1) add(el, 'ellipsis');
      }
      return found;
    },
    { labels: LABELS, intended: INTENDED },
  );
}
