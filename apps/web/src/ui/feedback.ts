import { TOAST_DURATION_MS } from '@pixelhall/contract';
import { Dialog, Toast } from 'antd-mobile';
import i18n from '../i18n';
import { nextOverlayZIndex, overlayStyle } from './overlay';

/** Short toasts and dialogs, callable from anywhere (the API client, the host bridge). */
export function showSuccessToast(content: string): void {
  Toast.show({ icon: 'success', content, duration: TOAST_DURATION_MS });
}

export function showFailToast(content: string): void {
  Toast.show({ icon: 'fail', content, duration: TOAST_DURATION_MS });
}

export function showInfoToast(content: string): void {
  Toast.show({ content, duration: TOAST_DURATION_MS });
}

let loadingCount = 0;

/**
 * The loading toast has no timeout and blocks clicks (spec §9) until every call that asked for
 * it has finished; returns the function that ends this call's share.
 */
export function showLoading(content?: string): () => void {
  loadingCount += 1;
  Toast.show({
    icon: 'loading',
    content: content ?? i18n.t('shell.loading'),
    duration: 0,
    maskClickable: false,
  });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingCount -= 1;
    if (loadingCount === 0) Toast.clear();
  };
}

/** A one-button dialog; resolves when it closes. */
export function showAlert(options: { title?: string; content: string; confirmText: string }): Promise<void> {
  return Dialog.alert({ ...options, closeOnMaskClick: false, style: overlayStyle(nextOverlayZIndex()) });
}
