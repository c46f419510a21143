/**
 * antd-mobile draws a tappable List.Item as an <a> without an href: no role, no tab stop, and
 * Enter does nothing, so the settings and menu rows were out of a keyboard's reach. Every such
 * row, wherever and whenever it renders, gets a button's role and tab stop, and Enter or Space
 * press it.
 */
const TAPPABLE_ROW = 'a.adm-list-item.adm-plain-anchor:not([href])';

function markRow(row: Element): void {
  if (!row.hasAttribute('role')) row.setAttribute('role', 'button');
  if (!row.hasAttribute('tabindex')) row.setAttribute('tabindex', '0');
}

function markWithin(node: Element): void {
  if (node.matches(TAPPABLE_ROW)) markRow(node);
  for (const row of node.querySelectorAll(TAPPABLE_ROW)) markRow(row);
}

export function makeListRowsKeyboardReachable(root: HTMLElement): void {
  markWithin(root);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) markWithin(node);
    }
  }).observe(root, { childList: true, subtree: true });
  root.addEventListener('keydown', (event) => {
    const row = event.target;
    if (!(row instanceof HTMLElement) || !row.matches(TAPPABLE_ROW)) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    row.click();
  });
}
