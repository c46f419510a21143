import { isSecondStep, type SecondStep, type User } from '@pixelhall/contract';
import { useCallback } from 'react';
import { signIn } from '../../api/session';
import { useNavigate } from '../../core/navigation';
import { host, isNativeShell } from '../../host';
import { offerToKeepAccount } from './keep-account';
import { holdSecondStep, secondStepPath } from './second-step';

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
      void offerToKeepAccount(session.user);
    },
    [navigate],
  );
}

/**
 * The end of a password or provider log-in: the session, or, for a member with a second step on,
 * its page (the ticket waits in this tab's storage), which then finishes the same way.
 */
export function useFinishLogIn(): (answer: { token: string; user: User } | SecondStep, to: string) => void {
  const finish = useFinishSignIn();
  const navigate = useNavigate();
  return useCallback(
    (answer, to) => {
      if (!isSecondStep(answer)) return finish(answer, to);
      holdSecondStep(answer.second_step);
      navigate(secondStepPath(to));
    },
    [finish, navigate],
  );
}
