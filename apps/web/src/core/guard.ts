import { useCallback } from 'react';
import i18n from '../i18n';
import { useSession } from '../state/session';
import { showInfoToast } from './feedback';
import { useNavigate } from './navigation';

export interface GuardedTarget {
  /** Runs first (a callback), when there is a token. */
  action?: () => void;
  /** Then navigates here. */
  to?: string;
  replace?: boolean;
}

/**
 * The guarded click (docs/product/accounts-and-sessions.md#guarded-actions): a visitor sees "The user is not logged in" and goes to /login;
 * a member runs the action and/or navigates (replacing history when so set).
 */
export function useGuard(): (target: GuardedTarget) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (target) => {
      if (!useSession.getState().token) {
        showInfoToast(i18n.t('errors.not_logged_in'));
        navigate('/login');
        return false;
      }
      target.action?.();
      if (target.to) navigate(target.to, { replace: target.replace ?? false });
      return true;
    },
    [navigate],
  );
}
