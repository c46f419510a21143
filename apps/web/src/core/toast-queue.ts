import { Toast } from './imperative-kit';
import { openPanelTops, type ToastSpot, toastSpot } from './toast-placement';

/**
 * The message toast's life on screen, loaded with the first toast (core/feedback.ts shows them):
 * where it sits so it never covers an open dialog, popup or sheet, and the time it has left.
 */

export { Toast };

export interface ToastRequest {
  content: string;
  icon?: 'success' | 'fail';
  duration: number;
  /** The shell's host messages show at the top (docs/product/app-shell-and-settings.md#overlays-and-toasts). */
  atTop?: boolean;
}

interface ActiveToast extends ToastRequest {
  /** Time left to show; counts down only while the toast is on screen. */
  left: number;
  spot: ToastSpot;
  shownAt: number;
  close: (() => void) | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The one message toast (a newer one replaces it, as antd-mobile's own do). While it lasts, it
 * watches the page: an overlay opening moves it to the top or makes it wait, and it comes back
 * with the time it had left once the overlay is out of its way.
 */
let active: ActiveToast | null = null;
let watcher: MutationObserver | null = null;
let placing = false;

export function showToast(request: ToastRequest): void {
  const previous = active;
  if (previous?.timer) clearTimeout(previous.timer);
  // The one on screen stays until this one replaces it, or goes if this one has to wait.
  const close = previous?.close ?? null;
  active = { ...request, left: request.duration, spot: 'wait', shownAt: 0, close, timer: null };
  place();
  watch();
}

/** Stops the clock; `hide` also takes the toast off the screen (a new spot replaces it in place). */
function takeDown(toast: ActiveToast, hide: boolean): void {
  if (toast.timer) {
    toast.left -= performance.now() - toast.shownAt;
    clearTimeout(toast.timer);
  }
  toast.timer = null;
  if (!hide) return;
  toast.close?.();
  toast.close = null;
}

function place(): void {
  const toast = active;
  if (!toast) return;
  const spot = toastSpot(openPanelTops(), toast.atTop ?? false);
  if (spot === toast.spot && (spot === 'wait' || toast.timer)) return;
  takeDown(toast, spot === 'wait');
  toast.spot = spot;
  if (spot === 'wait') return;
  if (toast.left <= 0) {
    finish(toast);
    return;
  }
  toast.shownAt = performance.now();
  toast.timer = setTimeout(() => finish(toast), toast.left);
  const handler = Toast.show({
    icon: toast.icon,
    content: toast.content,
    duration: 0,
    position: spot === 'top' ? 'top' : 'center',
    maskClassName: spot === 'top' ? 'toast-mask--top' : undefined,
  });
  toast.close = handler.close;
}

function finish(toast: ActiveToast): void {
  toast.close?.();
  if (toast.timer) clearTimeout(toast.timer);
  if (active !== toast) return;
  active = null;
  watcher?.disconnect();
  watcher = null;
}

/** Overlays open and close by adding nodes and changing styles; one look per frame is enough. */
function watch(): void {
  if (watcher || typeof MutationObserver === 'undefined') return;
  watcher = new MutationObserver(() => {
    if (placing) return;
    placing = true;
    requestAnimationFrame(() => {
      placing = false;
      place();
    });
  });
  watcher.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class'],
  });
}

/** Takes the message toast away for good (the loading toast takes its place). */
export function dropMessageToast(): void {
  if (active) finish(active);
}
