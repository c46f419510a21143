import { heldReasonOf } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeldRow, useModHeld, useReleasePost } from '../../api/queries/moderation';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { PagedList } from '../../ui/PagedList';
import { MemberSheet } from './MemberSheet';
import { MemberButton, PostBody } from './parts';
import { RemoveSheet, type RemoveTarget } from './RemoveSheet';

/**
 * Posts held for review (a filter matched, or a new member posted a link), oldest first, whole:
 * release one into the feeds, or remove it with a reason (docs/product/moderation.md#the-desk-on-screen).
 */
export default function HeldTab() {
  const { t } = useTranslation();
  const held = useModHeld();
  const [memberId, setMemberId] = useState(0);
  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  return (
    <div className="mod-tab">
      <PagedList
        query={held}
        testId="mod-held"
        className="mod-list"
        empty={<EmptyState text={t('modDesk.held.empty')} />}
        renderItem={(row) => (
          <HeldCard
            row={row}
            onMember={setMemberId}
            onRemove={() => setRemoving({ target: 'post', id: row.post.id })}
          />
        )}
      />
      <RemoveSheet target={removing} onClose={() => setRemoving(null)} />
      <MemberSheet userId={memberId} onClose={() => setMemberId(0)} />
    </div>
  );
}

function HeldCard({
  row,
  onMember,
  onRemove,
}: {
  row: HeldRow;
  onMember: (userId: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const release = useReleasePost();
  const { post } = row;
  const headingId = `mod-held-${post.id}`;
  return (
    <article
      className="card mod-card"
      aria-labelledby={headingId}
      data-testid="held-card"
      data-post-id={post.id}
    >
      <header className="mod-card__head">
        <h3 className="mod-card__title" id={headingId}>
          <span className="badge">{t('modDesk.target.post')}</span>
          <span className="mod-card__topic">{post.topic.name}</span>
        </h3>
        <time className="mod-meta" dateTime={new Date(row.held_at).toISOString()}>
          {t('modDesk.held.at', { date: fmt.dateTime(row.held_at) })}
        </time>
      </header>
      <p className="mod-held-why" data-testid="held-reason">
        <HeldWhy reason={row.held_reason} />
      </p>
      <MemberButton member={post.user} onOpen={onMember} />
      <PostBody post={post} />
      <div className="mod-actions">
        <Button
          size="small"
          shape="rounded"
          color="primary"
          loading={release.isPending}
          onClick={() => release.mutate(post.id)}
          data-testid="held-release"
        >
          {t('modDesk.actions.release')}
        </Button>
        <Button size="small" shape="rounded" color="danger" onClick={onRemove} data-testid="held-remove">
          {t('modDesk.actions.remove')}
        </Button>
      </div>
    </article>
  );
}

/** Why a post waits: a new member's link, or the filter that matched (its value as the admin typed it). */
function HeldWhy({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  const why = heldReasonOf(reason);
  if (why.cause === 'new_member_link') return t('modDesk.held.why.newMemberLink');
  if (why.cause === 'filter') return t(`modDesk.held.why.${why.kind}`, { value: why.value });
  return why.text ? why.text : t('modDesk.held.why.unknown');
}
