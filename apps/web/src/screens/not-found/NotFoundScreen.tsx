import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import { Screen } from '../../ui/Screen';

/** The catch-all for paths the app does not know. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen name="not-found">
      <div className="not-found">
        <p className="not-found__code">404</p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <Button color="primary" shape="rounded" onClick={() => navigate('/home', { replace: true })}>
          {t('notFound.home')}
        </Button>
      </div>
    </Screen>
  );
}
