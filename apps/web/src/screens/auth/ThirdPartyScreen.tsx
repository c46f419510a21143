import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { completeProviderSignIn, signInErrorText } from '../../api/auth/oidc';
import { useNavigate } from '../../core/navigation';
import { useRouteEntry } from '../../core/route-context';
import { useSession } from '../../state/session';
import { NavBar } from '../../ui/NavBar';
import { PixelLogo } from '../../ui/PixelLogo';
import { Screen } from '../../ui/Screen';
import { offerToKeepAccount } from './keep-account';
import { afterSignIn } from './redirect';
import { holdSecondStep, secondStepPath } from './second-step';
import './auth.css';

/**
 * Where the browser lands back from an OpenID Connect provider (`?code=…&state=…`): finishes the
 * sign-in and moves on, or says why it could not.
 */
export default function ThirdPartyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useRouteEntry();
  // A query, not an effect: the code can be exchanged once, and a query runs once per answer
  // even when React mounts the screen twice.
  const result = useQuery({
    queryKey: ['auth', 'third', search],
    queryFn: () => completeProviderSignIn(new URLSearchParams(search)),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (!result.isSuccess) return;
    const { returnTo, secondStep } = result.data;
    if (!secondStep) {
      navigate(afterSignIn(returnTo), { replace: true });
      void offerToKeepAccount(useSession.getState().user);
      return;
    }
    holdSecondStep(secondStep.second_step);
    navigate(secondStepPath(afterSignIn(returnTo)), { replace: true });
  }, [result.isSuccess, result.data, navigate]);

  return (
    <Screen>
      <NavBar title={t('authUi.third.title')} />
      {result.isError ? (
        <div className="auth-status" role="alert" data-testid="third-error">
          <CloseCircleOutline className="auth-status__icon" aria-hidden="true" />
          <h1>{t('authUi.third.failed')}</h1>
          <p>{signInErrorText(result.error)}</p>
          <Button color="primary" shape="rounded" onClick={() => navigate('/login', { replace: true })}>
            {t('authUi.third.back')}
          </Button>
        </div>
      ) : (
        <div className="auth-status" aria-busy="true" data-testid="third-progress">
          <PixelLogo size={52} />
          <h1>{t('authUi.third.progress')}</h1>
          <p>{t('authUi.third.progressText')}</p>
          <DotLoading color="primary" />
        </div>
      )}
    </Screen>
  );
}
