import { CLIENT_VERSION } from '@pixelhall/contract';
import { Button, DotLoading, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useVersionCheck } from '../../api/queries/app-version';
import { useNavigate } from '../../core/navigation';
import { NavBar } from '../../ui/NavBar';
import { PixelLogo } from '../../ui/PixelLogo';
import { Screen } from '../../ui/Screen';
import './about.css';
import { useFormat } from '../../ui/format';

/**
 * About & Upgrade: this version, what the server says about newer ones, and the way to the
 * open-source licences.
 */
export default function AboutScreen() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useVersionCheck();
  const result = check.data;
  return (
    <Screen>
      <NavBar title={t('about.title')} />
      <div className="about-hero">
        <PixelLogo size={72} />
        <h1>Pixelhall</h1>
        <p className="muted">{t('about.tagline')}</p>
        <span className="badge" data-testid="current-version">
          {t('about.version', { version: CLIENT_VERSION })}
        </span>
      </div>
      <section className="section">
        <div className="card" data-testid="update-status" aria-live="polite">
          {check.isFetching ? (
            <p className="muted">
              {t('about.checking')} <DotLoading />
            </p>
          ) : result ? (
            <>
              <strong>
                {result.has_update
                  ? t('version.update_available', { version: result.latest_version })
                  : t('version.up_to_date')}
              </strong>
              {!result.has_update && (
                <p className="muted" data-testid="latest-version">
                  {t('about.latest', { version: result.latest_version })}
                </p>
              )}
              {result.force_update && (
                <p className="about-force-update" role="alert" data-testid="force-update">
                  {t('about.forceUpdate')}
                </p>
              )}
              {result.released_at && (
                <p className="muted">{t('about.released', { date: fmt.date(result.released_at) })}</p>
              )}
              {result.notes && <p className="release-notes">{result.notes}</p>}
              {result.has_update && result.download_url && (
                <Button
                  color="primary"
                  shape="rounded"
                  block
                  style={{ marginTop: 12 }}
                  onClick={() => {
                    window.open(result.download_url!, '_blank', 'noopener');
                  }}
                >
                  {t('about.download')}
                </Button>
              )}
            </>
          ) : (
            <p className="muted">{t('errors.load_failed')}</p>
          )}
        </div>
        <Button block shape="rounded" style={{ marginTop: 12 }} onClick={() => void check.refetch()}>
          {t('about.checkAgain')}
        </Button>
        <List className="list-card about-links">
          <List.Item onClick={() => navigate('/me/about/licences')} data-testid="licences-item">
            {t('licences.title')}
          </List.Item>
          {/* What moderators did and why, open to anyone (docs/product/moderation.md#what-members-see). */}
          <List.Item onClick={() => navigate('/modlog')} data-testid="modlog-item">
            {t('modNotices.log.title')}
          </List.Item>
        </List>
      </section>
    </Screen>
  );
}
