import { validateUrl } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../core/route-context';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';

/** An external page inside the app (the mining page, help pages), sandboxed in a frame. */
export default function WebviewScreen() {
  const { t } = useTranslation();
  const query = useRouteQuery();
  const url = query.get('url') ?? '';
  const title = query.get('title') || t('webview.title');
  const invalid = validateUrl(url);
  return (
    <Screen>
      <NavBar
        title={title}
        right={
          invalid ? null : (
            <Button
              size="mini"
              fill="none"
              onClick={() => {
                window.open(url, '_blank', 'noopener');
              }}
            >
              {t('webview.openInBrowser')}
            </Button>
          )
        }
      />
      {invalid ? (
        <EmptyState text={t(invalid)} />
      ) : (
        <iframe
          className="webview-frame"
          title={title}
          src={url}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      )}
    </Screen>
  );
}
