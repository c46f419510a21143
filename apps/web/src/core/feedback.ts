import { SHELL_TOAST_DURATION_MS, TOAST_DURATION_MS } from '@pixelhall/contract';
import i18n from '../i18n';
import { nextOverlayZIndex, overlayStyle } from './overlay';

/**
 * The toast and dialog components (and the animation library under them) load with the first
 * one shown, not with the API client that may show one; so does the toast's placement, which
 * keeps it off open overlays (toast-queue.ts). Calls keep their order: each waits on the same
 * import.
 */
const kit = () => import('./imperative-kit');
// One promise for every caller: the build wraps each import() in a preload of its own, and two
// of those may settle out of order the first time (a toast dropped before it was shown).
let toastQueue: Promise<typeof import('./toast-queue')> | null = null;
const queue = () => {
  // A chunk that failed to load (offline) is asked for again next time.
  toastQueue ??= import('./toast-queue').catch((err: unknown) => {
    toastQueue = null;
    throw err;
  });
  return toastQueue;
};

/** Short toasts and dialogs, callable from anywhere (the API client, the host bridge). */
export function showSuccessToast(content: string): void {
  void queue().then(({ showToast }) => showToast({ icon: 'success', content, duration: TOAST_DURATION_MS }));
}

export function showFailToast(content: string): void {
  void queue().then(({ showToast }) => showToast({ icon: 'fail', content, duration: TOAST_DURATION_MS }));
}

/** `duration`: longer for a message the member has to act on. */
export function showInfoToast(content: string, duration = TOAST_DURATION_MS): void {
  void queue().then(({ showToast }) => showToast({ content, duration }));
}

/** A host message: the shell's toast, longer and at the top (SHELL_TOAST_DURATION_MS). */
export function showHostMessage(content: string): void {
  void queue().then(({ showToast }) =>
    showToast({ icon: 'fail', content, duration: SHELL_TOAST_DURATION_MS, atTop: true }),
  );
}

/** Takes the message toast away, shown or waiting: a dialog that says more takes its place. */
export function dropToast(): void {
  void queue().then(({ dropMessageToast }) => dropMessageToast());
}

let loadingCount = 0;

/**
 * The loading toast has no timeout and blocks clicks (docs/product/app-shell-and-settings.md#overlays-and-toasts) until every call that asked for
 * it has finished; returns the function that ends this call's share.
 */
export function showLoading(content?: string): () => void {
  loadingCount += 1;
  const text = content ?? i18n.t('shell.loading');
  void queue().then(({ dropMessageToast, Toast }) => {
    // antd-mobile shows one toast at a time: the loading one takes the message toast's place for good.
    dropMessageToast();
    Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false });
  });
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
