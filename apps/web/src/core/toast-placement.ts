/**
 * Where a toast may show so it never covers an open dialog, popup or sheet (issue 15): in the
 * middle when nothing is open; at the top of the screen when whatever is open starts below the
 * toast's room there (a bottom sheet, a dialog, the reward overlay's card); nowhere yet when an
 * open panel reaches the top: the toast waits until it closes.
 */
export type ToastSpot = 'center' | 'top' | 'wait';

/** The strip at the top of the screen a toast takes there, safe area included. */
export const TOP_TOAST_ROOM = 88;

/** The panels of the overlays that a toast must leave visible: antd-mobile's, and the reward card. */
const OVERLAY_PANELS = '.adm-popup-body, .adm-center-popup-wrap, .reward-card';

/** `atTop`: the toast belongs at the top anyway (the shell's host messages). */
export function toastSpot(panelTops: readonly number[], atTop: boolean): ToastSpot {
  if (panelTops.length === 0) return atTop ? 'top' : 'center';
  return Math.min(...panelTops) >= TOP_TOAST_ROOM ? 'top' : 'wait';
}

/** The top edges of the overlay panels on screen now (a closed popup kept in the page has no box). */
export function openPanelTops(root: ParentNode = document): number[] {
  const tops: number[] = [];
  for (const panel of root.querySelectorAll<HTMLElement>(OVERLAY_PANELS)) {
    const box = panel.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) tops.push(box.top);
  }
  return tops;
}
