import { type ModMember, ROLES, type Role } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type SanctionKind,
  useLiftSanction,
  useModMember,
  useRestoreContent,
  useSanction,
} from '../../api/queries/moderation';
import { useStanding } from '../../api/queries/standing';
import { confirmAction } from '../../core/confirm';
import { Link } from '../../core/hash-router';
import { BottomSheet } from '../../ui/BottomSheet';
import { useFormat } from '../../ui/format';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { UserAvatar } from '../../ui/UserAvatar';
import { ActionEntry } from './ActionEntry';
import { GrantSheet } from './GrantSheet';
import { PlainText } from './parts';
import { ReasonSheet } from './ReasonSheet';
import type { SuspendLength } from './reason';
import { useLatest } from './use-latest';

type Step = SanctionKind | 'lift';

const rank = (role: Role) => ROLES.indexOf(role);

/**
 * A member as the desk sees them (mod/member): their card, role, standing, recent posts and
 * comments (removed ones marked), earlier actions against them and open reports; and what the
 * caller may do to them: warn, suspend, ban or lift, each with a reason and a confirmation, and
 * for administrators making a member a moderator. Buttons the caller could not use are left
 * out (a moderator of some topics, someone of the member's rank or above); the server refuses
 * them all the same (docs/product/moderation.md#the-desk-on-screen).
 */
export function MemberSheet({ userId, onClose }: { userId: number; onClose: () => void }) {
  const shown = useLatest(userId > 0 ? userId : null);
  return (
    <BottomSheet visible={userId > 0} onClose={onClose} className="mod-sheet mod-member-sheet" destroyOnClose>
      {shown !== null && <MemberView key={shown} userId={shown} />}
    </BottomSheet>
  );
}

function MemberView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const member = useModMember(userId);
  const titleId = useId();
  if (member.isPending) return <Pending />;
  if (member.isError || !member.data) return <LoadFailed onRetry={() => member.refetch()} />;
  const data = member.data;
  return (
    <section
      className="mod-member-view"
      aria-label={t('modDesk.member.open', { name: data.user.nickname })}
      data-testid="mod-member-sheet"
    >
      <MemberHead data={data} titleId={titleId} />
      <MemberActions data={data} />
      <RecentPosts data={data} />
      <RecentComments data={data} />
      <section className="mod-member-view__part" aria-labelledby={`${titleId}-actions`}>
        <h3 className="mod-part-title" id={`${titleId}-actions`}>
          {t('modDesk.member.earlier')}
        </h3>
        {data.actions.length === 0 ? (
          <p className="muted mod-none">{t('modDesk.member.noActions')}</p>
        ) : (
          <ul className="mod-entries" data-testid="mod-member-actions">
            {data.actions.map((action) => (
              <li key={action.id}>
                <ActionEntry action={action} showSubject={false} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function MemberHead({ data, titleId }: { data: ModMember; titleId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const status =
    data.status === 'banned'
      ? t('modDesk.member.banned')
      : data.status === 'suspended' && data.suspended_until !== null
        ? t('modDesk.member.suspendedUntil', { date: fmt.dateTime(data.suspended_until) })
        : t('modDesk.member.active');
  return (
    <header className="mod-member-head">
      <UserAvatar user={data.user} size={56} />
      <div className="mod-member-head__body">
        <h2 className="mod-sheet__title" id={titleId}>
          {data.user.nickname}
        </h2>
        <p className="mod-member-head__badges">
          <span className="badge" data-testid="mod-member-role">
            {t(`modDesk.roles.${data.role}`)}
          </span>
          <span className="badge">{t('me.level', { level: data.level })}</span>
        </p>
        <p className="mod-meta">{t('modDesk.member.joined', { date: fmt.date(data.joined_at) })}</p>
        <p className={`mod-status mod-status--${data.status}`} data-testid="mod-member-status">
          {status}
        </p>
        <p className="mod-meta" data-testid="mod-member-reports">
          {t('modDesk.member.openReports', { count: data.open_reports })}
        </p>
        <Link className="mod-open" to={`/user/${data.user.id}`}>
          {t('modDesk.member.profile')}
        </Link>
      </div>
    </header>
  );
}

function MemberActions({ data }: { data: ModMember }) {
  const { t } = useTranslation();
  const standing = useStanding().data;
  const sanction = useSanction();
  const lift = useLiftSanction();
  const [step, setStep] = useState<Step | null>(null);
  const [granting, setGranting] = useState(false);
  const name = data.user.nickname;
  if (!standing) return null;
  // Sanctions are for moderators of every topic and administrators, on a member of a lower role.
  const global = standing.role !== 'member' && standing.topic_ids === null;
  const outranks = rank(standing.role) > rank(data.role);
  const canSanction = global && outranks;
  const canGrant = standing.role === 'admin' && data.role === 'member' && data.status === 'active';
  if (!canSanction && !canGrant) return <p className="muted mod-none">{t('modDesk.member.cannotAct')}</p>;

  const act = async (reason: string, hours: number | undefined, length: SuspendLength | undefined) => {
    if (!step) return;
    const ok = await confirmAction({
      content:
        step === 'suspend'
          ? t('modDesk.confirm.suspend', { name, length: t(`modDesk.lengths.${length ?? 'd1'}`) })
          : t(`modDesk.confirm.${step}`, { name }),
      confirmText: t(`modDesk.actions.${step}`),
      danger: step !== 'lift',
    });
    if (!ok) return;
    const done = { onSuccess: () => setStep(null) };
    if (step === 'lift') lift.mutate({ userId: data.user.id, reason }, done);
    else sanction.mutate({ userId: data.user.id, kind: step, reason, hours }, done);
  };

  const restricted = data.status !== 'active';
  return (
    <div className="mod-actions mod-actions--member" data-testid="mod-member-buttons">
      {canSanction && data.status !== 'banned' && (
        <>
          <Button size="small" shape="rounded" onClick={() => setStep('warn')} data-testid="mod-warn">
            {t('modDesk.actions.warn')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            color="danger"
            fill="outline"
            onClick={() => setStep('suspend')}
            data-testid="mod-suspend"
          >
            {t('modDesk.actions.suspend')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            color="danger"
            onClick={() => setStep('ban')}
            data-testid="mod-ban"
          >
            {t('modDesk.actions.ban')}
          </Button>
        </>
      )}
      {canSanction && restricted && (
        <Button
          size="small"
          shape="rounded"
          color="success"
          onClick={() => setStep('lift')}
          data-testid="mod-lift"
        >
          {t('modDesk.actions.lift')}
        </Button>
      )}
      {canGrant && (
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          color="primary"
          onClick={() => setGranting(true)}
          data-testid="mod-make-moderator"
        >
          {t('modDesk.actions.makeModerator')}
        </Button>
      )}
      <ReasonSheet
        visible={step !== null}
        onClose={() => setStep(null)}
        title={step ? t(`modDesk.sanction.${step}`, { name }) : ''}
        hint={t('modDesk.sanction.hint', { name })}
        submitText={step ? t(`modDesk.actions.${step}`) : ''}
        pending={sanction.isPending || lift.isPending}
        presets={step !== 'lift'}
        durations={step === 'suspend'}
        danger={step === 'ban' || step === 'suspend'}
        onSubmit={(reason, hours, length) => void act(reason, hours, length)}
        testId="mod-sanction-sheet"
      />
      <GrantSheet user={granting ? data.user : null} onClose={() => setGranting(false)} />
    </div>
  );
}

function RecentPosts({ data }: { data: ModMember }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const restore = useRestoreContent();
  const id = useId();
  return (
    <section className="mod-member-view__part" aria-labelledby={id}>
      <h3 className="mod-part-title" id={id}>
        {t('modDesk.member.posts')}
      </h3>
      {data.recent_posts.length === 0 ? (
        <p className="muted mod-none">{t('modDesk.member.noPosts')}</p>
      ) : (
        <ul className="mod-recent" data-testid="mod-member-posts">
          {data.recent_posts.map((post) => (
            <li key={post.id} className="mod-recent__item" data-post-id={post.id}>
              <p className="mod-recent__meta">
                <time className="muted" dateTime={new Date(post.created_at).toISOString()}>
                  {fmt.dateTime(post.created_at)}
                </time>
                <span className="muted">{post.topic.name}</span>
                {post.removed && (
                  <span className="mod-state mod-state--removed">{t('modDesk.state.removed')}</span>
                )}
                {post.held && <span className="mod-state mod-state--held">{t('modDesk.state.held')}</span>}
              </p>
              <PlainText text={post.text} />
              {post.removed?.reason && (
                <p className="mod-meta">{t('modDesk.member.removedFor', { reason: post.removed.reason })}</p>
              )}
              <p className="mod-recent__links">
                <Link className="mod-open" to={`/post/${post.id}`}>
                  {t('modDesk.reports.openPost')}
                </Link>
                {post.removed && (
                  <Button
                    size="mini"
                    shape="rounded"
                    loading={restore.isPending && restore.variables?.id === post.id}
                    onClick={() => restore.mutate({ target: 'post', id: post.id })}
                    data-testid="mod-restore"
                  >
                    {t('modDesk.actions.restore')}
                  </Button>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentComments({ data }: { data: ModMember }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const restore = useRestoreContent();
  const id = useId();
  return (
    <section className="mod-member-view__part" aria-labelledby={id}>
      <h3 className="mod-part-title" id={id}>
        {t('modDesk.member.comments')}
      </h3>
      {data.recent_comments.length === 0 ? (
        <p className="muted mod-none">{t('modDesk.member.noComments')}</p>
      ) : (
        <ul className="mod-recent" data-testid="mod-member-comments">
          {data.recent_comments.map((comment) => (
            <li key={comment.id} className="mod-recent__item">
              <p className="mod-recent__meta">
                <time className="muted" dateTime={new Date(comment.created_at).toISOString()}>
                  {fmt.dateTime(comment.created_at)}
                </time>
                {comment.removed && (
                  <span className="mod-state mod-state--removed">{t('modDesk.state.removed')}</span>
                )}
              </p>
              <PlainText text={comment.text} />
              <p className="mod-recent__links">
                <Link className="mod-open" to={`/post/${comment.post.id}`}>
                  {t('modDesk.reports.openThread')}
                </Link>
                {comment.removed && (
                  <Button
                    size="mini"
                    shape="rounded"
                    loading={restore.isPending && restore.variables?.id === comment.id}
                    onClick={() => restore.mutate({ target: 'comment', id: comment.id })}
                  >
                    {t('modDesk.actions.restore')}
                  </Button>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
