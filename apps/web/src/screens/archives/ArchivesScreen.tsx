import type { LocalArchive } from '@pixelhall/contract/host';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import { useLocalArchives } from '../../games/archives';
import { useArchiveSyncing } from '../../games/cloud-sync';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { GameArchiveRow } from './GameArchiveRow';
import './archives.css';

/** /me/archives: the save archives on this device by game, and the way to the cloud copies. */
export default function ArchivesScreen() {
  const { t } = useTranslation();
  const { list, ready } = useLocalArchives();
  return (
    <Screen>
      <NavBar title={t('archivesUi.title')} />
      <Link to="/me/archives/cloud" className="card archive-cloud-entry" data-testid="archives-cloud-entry">
        <span className="archive-cloud-entry__icon" aria-hidden="true">
          {/* A pixel cloud with an arrow up: saves kept off this device. */}
          <svg viewBox="0 0 16 12" shape-rendering="crispEdges" aria-hidden="true">
            <path
              fill="currentColor"
              d="M5 1h4v1H5zM4 2h6v1H4zM3 3h10v1H3zM2 4h12v1H2zM1 5h14v4H1zM2 9h12v1H2z"
            />
            <path style={{ fill: 'var(--ph-surface)' }} d="M7 3h2v1h1v1h1v1H9v3H7V6H5V5h1V4h1z" />
          </svg>
        </span>
        <span className="archive-cloud-entry__text">
          <strong>{t('archivesUi.cloudTitle')}</strong>
          <span>{t('archivesUi.cloudHint')}</span>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
      <h2 className="section__title archive-section-title">{t('archivesUi.onDevice')}</h2>
      {!ready ? (
        <Pending />
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="archive-games" data-testid="local-archives">
          {list.map((archive) => (
            <LocalGameRow key={archive.romMd5} archive={archive} />
          ))}
        </div>
      )}
    </Screen>
  );
}

function LocalGameRow({ archive }: { archive: LocalArchive }) {
  const { t } = useTranslation();
  const syncing = useArchiveSyncing(archive.romMd5);
  const parts = [t('archivesUi.slots', { count: archive.slots.length })];
  if (archive.battery) parts.push(t('archivesUi.battery'));
  return (
    <GameArchiveRow
      to={`/me/archives/slot?romMd5=${archive.romMd5}`}
      cover={archive.coverImage}
      name={archive.gameName}
      meta={parts.join(' · ')}
      badge={
        syncing && (
          <span className="badge archive-syncing" data-testid="archive-syncing">
            {t('archivesUi.syncing')}
          </span>
        )
      }
      testId="local-archive-game"
    />
  );
}
