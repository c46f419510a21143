import { Collapse } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import type { NoticeGroup, ThirdPartyNotice } from './notice-file';
import { useThirdPartyNotices } from './notices-query';
import './licences.css';

const GROUPS: NoticeGroup[] = ['emulator', 'core', 'app', 'service-worker'];

/**
 * Open-source licences: the project's own, then every third-party part the server hands to the
 * browser with its terms (the build lists them: build/third-party-notices.ts). Terms that forbid
 * commercial use are called out first, since they decide what an operator may run.
 */
export default function LicencesScreen() {
  const { t, i18n } = useTranslation();
  const query = useThirdPartyNotices();
  const data = query.data;
  const nonCommercial = data?.notices.filter((notice) => notice.nonCommercial) ?? [];
  return (
    <Screen>
      <NavBar title={t('licences.title')} />
      {query.isPending ? (
        <Pending />
      ) : !data ? (
        <LoadFailed onRetry={() => query.refetch()} />
      ) : (
        <section className="section">
          <div className="card licences-intro">
            <p>{t('licences.project', { license: data.projectLicense })}</p>
            <p className="muted licences-intro__note">
              {t('licences.shipped', { count: data.notices.length })}
            </p>
          </div>
          {nonCommercial.length > 0 && (
            <div className="licences-warning" role="note" data-testid="non-commercial-warning">
              <strong>{t('licences.nonCommercialTitle')}</strong>
              <p className="licences-warning__body">
                {t('licences.nonCommercialBody', {
                  names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                    nonCommercial.map((notice) => notice.name),
                  ),
                })}
              </p>
            </div>
          )}
          {GROUPS.map((group) => {
            const notices = data.notices.filter((notice) => notice.group === group);
            if (notices.length === 0) return null;
            return (
              <div key={group} data-testid={`licences-${group}`}>
                <h2 className="section__title">{t(`licences.group.${group}`)}</h2>
                <Collapse className="list-card licences-list">
                  {notices.map((notice) => (
                    <Collapse.Panel
                      key={`${notice.name}@${notice.version}`}
                      title={<NoticeTitle notice={notice} />}
                    >
                      <NoticeBody notice={notice} />
                    </Collapse.Panel>
                  ))}
                </Collapse>
              </div>
            );
          })}
        </section>
      )}
    </Screen>
  );
}

function NoticeTitle({ notice }: { notice: ThirdPartyNotice }) {
  const { t } = useTranslation();
  return (
    <div className="licences-title" data-testid="notice">
      <span className="licences-title__name">
        {notice.name} <span className="muted">{notice.version}</span>
      </span>
      <span className="licences-title__badges">
        <span className="badge">{notice.license}</span>
        {notice.nonCommercial && (
          <span className="badge licences-badge--danger">{t('licences.nonCommercialBadge')}</span>
        )}
      </span>
    </div>
  );
}

function NoticeBody({ notice }: { notice: ThirdPartyNotice }) {
  const { t } = useTranslation();
  return (
    <div className="licences-body">
      <dl className="licences-facts">
        <dt>{t('licences.npm')}</dt>
        <dd>{notice.npm}</dd>
        {notice.repository && (
          <>
            <dt>{t('licences.source')}</dt>
            <dd>
              <a href={notice.repository} target="_blank" rel="noopener noreferrer">
                {notice.repository.replace(/^https:\/\//, '')}
              </a>
            </dd>
          </>
        )}
        {notice.contains.length > 0 && (
          <>
            <dt>{t('licences.contains')}</dt>
            <dd>{notice.contains.join(', ')}</dd>
          </>
        )}
      </dl>
      {notice.nonCommercial && <p className="licences-body__warning">{t('licences.nonCommercialPart')}</p>}
      {notice.text ? (
        <pre className="licences-text">{notice.text}</pre>
      ) : (
        <p className="muted licences-body__none">{t('licences.noText', { license: notice.license })}</p>
      )}
    </div>
  );
}
