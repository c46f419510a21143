import { SHELL_TOAST_DURATION_MS, TOAST_DURATION_MS } from '@pixelhall/contract';
import i18n from '../i18n';
import { nextOverlayZIndex, overlayStyle } from './overlay';
import { openPanelTops, type ToastSpot, toastSpot } from './toast-placement';

/**
 * The toast and dialog components (and the animation library under them) load with the first
 * one shown, not with the API client that may show one. Calls keep their order: each waits on
 * the same import.
 */
const kit = () => import('./imperative-kit');

interface ToastRequest {
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

function showToast(request: ToastRequest): void {
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
  void kit().then(({ Toast }) => {
    // Moved or replaced while the toast kit loaded.
    if (active !== toast || toast.spot !== spot || !toast.timer) return;
    const handler = Toast.show({
      icon: toast.icon,
      content: toast.content,
      duration: 0,
      position: spot === 'top' ? 'top' : 'center',
      maskClassName: spot === 'top' ? 'toast-mask--top' : undefined,
    });
    toast.close = handler.close;
  });
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

/** Short toasts and dialogs, callable from anywhere (the API client, the host bridge). */
export function showSuccessToast(content: string): void {
  showToast({ icon: 'success', content, duration: TOAST_DURATION_MS });
}

export function showFailToast(content: string): void {
  showToast({ icon: 'fail', content, duration: TOAST_DURATION_MS });
}

export function showInfoToast(content: string): void {
  showToast({ content, duration: TOAST_DURATION_MS });
}

/** A host message: the shell's toast, longer and at the top (SHELL_TOAST_DURATION_MS). */
export function showHostMessage(content: string): void {
  showToast({ icon: 'fail', content, duration: SHELL_TOAST_DURATION_MS, atTop: true });
}

let loadingCount = 0;

/**
 * The loading toast has no timeout and blocks clicks (docs/product/app-shell-and-settings.md#overlays-and-toasts) until every call that asked for
 * it has finished; returns the function that ends this call's share.
 */
export function showLoading(content?: string): () => void {
  // antd-mobile shows one toast at a time: the loading one takes the message toast's place for good.
  if (active) finish(active);
  loadingCount += 1;
  const text = content ?? i18n.t('shell.loading');
  void kit().then(({ Toast }) =>
    Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false }),
  );
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingCount -= 1;
    if (loadingCount === 0) void kit().then(({ Toast }) => Toast.clear());
  };
}

/** A one-button dialog; resolves when it closes. */
export function showAlert(options: { title?: string; content: string; confirmText: string }): Promise<void> {
  const style = overlayStyle(nextOverlayZIndex());
  return kit().then(({ Dialog }) => Dialog.alert({ ...options, closeOnMaskClick: false, style }));
}
