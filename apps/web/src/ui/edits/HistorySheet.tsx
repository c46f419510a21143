import type { CommentVersion, PostVersion } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommentHistory, usePostHistory } from '../../api/queries/edits';
import { BottomSheet } from '../BottomSheet';
import { useFormat } from '../format';
import { LoadFailed, Pending } from '../QueryStates';
import './edits.css';

/** Whose versions a history sheet shows. */
export type HistoryTarget = { kind: 'post'; id: number } | { kind: 'comment'; id: number };

type Version = PostVersion | CommentVersion;

/**
 * Every version of a post or comment, newest (the current one) first, each with when it was
 * written. Texts are shown as text, never as markup. A paid post the reader has not unlocked
 * shows the beginning of each version only, as the server answers it.
 */
export default function HistorySheet({
  target,
  visible,
  onClose,
}: {
  target: HistoryTarget;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const post = usePostHistory(target.id, visible && target.kind === 'post');
  const comment = useCommentHistory(target.id, visible && target.kind === 'comment');
  const query = target.kind === 'post' ? post : comment;
  const versions: Version[] | undefined = query.data?.versions;
  const locked = versions?.some((v) => 'locked' in v && v.locked) ?? false;
  return (
    <BottomSheet visible={visible} onClose={onClose} className="edit-history">
      <section className="edit-history__body" aria-labelledby={titleId} data-testid="edit-history">
        <h2 className="edit-history__title" id={titleId}>
          {t('edits.historyTitle')}
        </h2>
        {locked && (
          <p className="edit-history__locked" data-testid="edit-history-locked">
            <LockOutline aria-hidden="true" />
            <span>{t('edits.lockedNote')}</span>
          </p>
        )}
        {versions ? (
          <ol className="edit-history__list">
            {versions.map((version) => (
              <VersionItem key={version.version} version={version} />
            ))}
          </ol>
        ) : query.isError ? (
          <LoadFailed onRetry={() => query.refetch()} />
        ) : (
          <Pending />
        )}
        <Button block shape="rounded" onClick={onClose} data-testid="edit-history-close">
          {t('edits.close')}
        </Button>
      </section>
    </BottomSheet>
  );
}

function VersionItem({ version }: { version: Version }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const links = 'links' in version ? version.links : [];
  return (
    <li className="edit-history__version" data-testid="edit-history-version" data-version={version.version}>
      <div className="edit-history__head">
        <strong>
          {version.version === 1 ? t('edits.original') : t('edits.version', { number: version.version })}
        </strong>
        {version.current && <span className="edit-history__current">{t('edits.current')}</span>}
        <time className="edit-history__time" dateTime={new Date(version.created_at).toISOString()}>
          {fmt.dateTime(version.created_at)}
        </time>
      </div>
      <p className="edit-history__text" data-testid="edit-history-text">
        {version.text}
      </p>
      {links.map((link) => (
        <p key={link} className="edit-history__link">
          {link}
        </p>
      ))}
    </li>
  );
}
