import type { User } from '@pixelhall/contract';
import { useCallback } from 'react';
import { signIn } from '../../api/session';
import { useNavigate } from '../../core/navigation';
import { host, isNativeShell } from '../../host';

/**
 * The end of a log-in: the session transition (docs/product/accounts-and-sessions.md#session-transitions), then the page the person was going
 * to, in place of the log-in page. A native shell that opened the log-in page may close it.
 */
export function useFinishSignIn(): (session: { token: string; user: User }, to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (session, to) => {
      signIn(session.token, session.user);
      navigate(to, { replace: true });
      if (isNativeShell) void host.call('closeLoginPage', undefined, { silent: true }).catch(() => {});
    },
    [navigate],
  );
}
