import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ReportRow,
  useDismissReports,
  useLockComments,
  useModReports,
} from '../../api/queries/moderation';
import { Link } from '../../core/hash-router';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { PagedList } from '../../ui/PagedList';
import { MemberSheet } from './MemberSheet';
import { LinkList, MemberButton, PlainText } from './parts';
import { RemoveSheet, type RemoveTarget } from './RemoveSheet';

/**
 * The report queue: one card per reported post, comment or member, oldest first, with the
 * content as it was when first reported, every reporter's reason and words, and one tap to
 * dismiss, remove, lock comments or open the author (docs/product/moderation.md#the-desk-on-screen).
 */
export default function ReportsTab() {
  const { t } = useTranslation();
  const reports = useModReports();
  const [memberId, setMemberId] = useState(0);
  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  return (
    <div className="mod-tab">
      <PagedList
        query={reports}
        testId="mod-reports"
        className="mod-list"
        empty={<EmptyState text={t('modDesk.reports.empty')} />}
        renderItem={(group) => (
          <ReportCard
            group={group}
            onMember={setMemberId}
            onRemove={() => {
              if (group.target !== 'user') setRemoving({ target: group.target, id: group.target_id });
            }}
          />
        )}
      />
      <RemoveSheet target={removing} onClose={() => setRemoving(null)} />
      <MemberSheet userId={memberId} onClose={() => setMemberId(0)} />
    </div>
  );
}

function ReportCard({
  group,
  onMember,
  onRemove,
}: {
  group: ReportRow;
  onMember: (userId: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const dismiss = useDismissReports();
  const lock = useLockComments();
  const content = group.target !== 'user';
  const live = group.state === 'visible' || group.state === 'held';
  const headingId = `mod-report-${group.id}`;
  return (
    <article
      className="card mod-card"
      aria-labelledby={headingId}
      data-testid="report-card"
      data-target={group.target}
      data-target-id={group.target_id}
    >
      <header className="mod-card__head">
        <h3 className="mod-card__title" id={headingId}>
          <span className="badge">{t(`modDesk.target.${group.target}`)}</span>
          {group.topic && <span className="mod-card__topic">{group.topic.name}</span>}
        </h3>
        {group.state !== 'visible' && (
          <span className={`mod-state mod-state--${group.state}`} data-testid="report-state">
            {t(`modDesk.state.${group.state}`)}
          </span>
        )}
      </header>
      {group.author && <MemberButton member={group.author} onOpen={onMember} />}
      {content && group.as_reported && (
        <section className="mod-quote" aria-label={t('modDesk.reports.asReported')}>
          <p className="mod-meta">
            {t('modDesk.reports.asReportedOn', { date: fmt.dateTime(group.as_reported.created_at) })}
          </p>
          <PlainText text={group.as_reported.text} testId="report-as-reported" />
          {group.as_reported.link && <LinkList links={[group.as_reported.link]} />}
        </section>
      )}
      {content && group.current_text !== null && (
        <section className="mod-quote mod-quote--now" data-testid="report-edited">
          <p className="mod-meta mod-meta--warn">{t('modDesk.reports.editedSince')}</p>
          <PlainText text={group.current_text} />
        </section>
      )}
      <section>
        <p className="mod-meta">{t('modDesk.reports.count', { count: group.reports.length })}</p>
        <ul className="mod-reporters">
          {group.reports.map((report) => (
            <li key={report.id} className="mod-reporter" data-testid="report-entry">
              <p className="mod-reporter__line">
                <strong className="mod-reporter__name">{report.reporter.nickname}</strong>
                <span className="mod-reason-chip" data-testid="report-reason">
                  {t(`postDetail.reasons.${report.reason}`)}
                </span>
                <time className="muted" dateTime={new Date(report.created_at).toISOString()}>
                  {fmt.dateTime(report.created_at)}
                </time>
              </p>
              {report.text && <p className="mod-reporter__text">{report.text}</p>}
            </li>
          ))}
        </ul>
      </section>
      {content && group.post_id !== null && group.state !== 'gone' && (
        <Link className="mod-open" to={`/post/${group.post_id}`}>
          {group.target === 'post' ? t('modDesk.reports.openPost') : t('modDesk.reports.openThread')}
        </Link>
      )}
      <div className="mod-actions">
        <Button
          size="small"
          shape="rounded"
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate({ target: group.target, targetId: group.target_id })}
          data-testid="report-dismiss"
        >
          {t('modDesk.actions.dismiss')}
        </Button>
        {content && live && (
          <Button size="small" shape="rounded" color="danger" onClick={onRemove} data-testid="report-remove">
            {t('modDesk.actions.remove')}
          </Button>
        )}
        {group.target === 'post' && live && (
          <Button
            size="small"
            shape="rounded"
            loading={lock.isPending}
            onClick={() => lock.mutate({ postId: group.target_id, locked: !group.comments_locked })}
            data-testid="report-lock"
          >
            {group.comments_locked ? t('modDesk.actions.unlock') : t('modDesk.actions.lock')}
          </Button>
        )}
        {group.author && (
          <Button
            size="small"
            shape="rounded"
            fill="outline"
            color="primary"
            onClick={() => {
              if (group.author) onMember(group.author.id);
            }}
            data-testid="report-author"
          >
            {content ? t('modDesk.actions.author') : t('modDesk.actions.member')}
          </Button>
        )}
      </div>
    </article>
  );
}
