import type { StaffMember, UserCard } from '@pixelhall/contract';
import { Button, DotLoading, SearchBar } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModStaff, useRevokeModerator } from '../../api/queries/moderation';
import { searchResults, useSearchResults } from '../../api/queries/search';
import { confirmAction } from '../../core/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { UserAvatar } from '../../ui/UserAvatar';
import { GrantSheet } from './GrantSheet';
import { MemberSheet } from './MemberSheet';

/**
 * Who moderates (administrators): every moderator and administrator with their topics; making
 * a member a moderator (found by nickname), changing a moderator's topics, and making one a
 * member again (docs/product/moderation.md#the-desk-on-screen). Administrators are made by operators only.
 */
export default function StaffTab() {
  const { t } = useTranslation();
  const staff = useModStaff();
  const [memberId, setMemberId] = useState(0);
  const [granting, setGranting] = useState<{
    user: { id: number; nickname: string };
    current: number[];
  } | null>(null);
  const listId = useId();
  const addId = useId();
  return (
    <div className="mod-tab">
      <section className="section" aria-labelledby={listId}>
        <h2 className="section__title" id={listId}>
          {t('modDesk.staff.title')}
        </h2>
        {staff.isPending ? (
          <Pending />
        ) : staff.isError ? (
          <LoadFailed onRetry={() => staff.refetch()} />
        ) : (
          <ul className="list-card mod-staff" data-testid="mod-staff">
            {staff.data.list.map((member) => (
              <li key={member.user.id}>
                <StaffRow
                  member={member}
                  onOpen={setMemberId}
                  onScope={() =>
                    setGranting({ user: member.user, current: member.topics.map((topic) => topic.id) })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="section" aria-labelledby={addId}>
        <h2 className="section__title" id={addId}>
          {t('modDesk.staff.add')}
        </h2>
        <AddModerator
          staffIds={new Set(staff.data?.list.map((s) => s.user.id) ?? [])}
          onPick={(user) => setGranting({ user, current: [] })}
        />
      </section>
      <GrantSheet
        user={granting?.user ?? null}
        current={granting?.current}
        onClose={() => setGranting(null)}
      />
      <MemberSheet userId={memberId} onClose={() => setMemberId(0)} />
    </div>
  );
}

function StaffRow({
  member,
  onOpen,
  onScope,
}: {
  member: StaffMember;
  onOpen: (userId: number) => void;
  onScope: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const revoke = useRevokeModerator();
  const name = member.user.nickname;
  const ask = async () => {
    const ok = await confirmAction({
      content: t('modDesk.confirm.revoke', { name }),
      confirmText: t('modDesk.actions.revoke'),
      danger: true,
    });
    if (ok) revoke.mutate(member.user.id);
  };
  const topics =
    member.role === 'admin' || member.topics.length === 0
      ? t('modDesk.staff.everyTopic')
      : member.topics.map((topic) => topic.name).join(', ');
  return (
    <div className="mod-staff-row" data-testid="mod-staff-row" data-user-id={member.user.id}>
      <button type="button" className="mod-staff-row__who" onClick={() => onOpen(member.user.id)}>
        <UserAvatar user={{ id: member.user.id, avatar: member.user.avatar }} size={40} />
        <span className="mod-staff-row__body">
          <span className="mod-staff-row__name" data-clamp>
            {name}
          </span>
          <span className="mod-staff-row__badges">
            <span className="badge" data-testid="mod-staff-role">
              {t(`modDesk.roles.${member.role}`)}
            </span>
            {member.granted_at !== null && (
              <span className="muted">{t('modDesk.staff.since', { date: fmt.date(member.granted_at) })}</span>
            )}
          </span>
          <span className="mod-staff-row__topics muted">{topics}</span>
        </span>
      </button>
      {member.role === 'moderator' && (
        <div className="mod-staff-row__actions">
          <Button
            size="mini"
            shape="rounded"
            onClick={onScope}
            aria-label={t('modDesk.staff.topicsOf', { name })}
          >
            {t('modDesk.staff.topics')}
          </Button>
          <Button
            size="mini"
            shape="rounded"
            color="danger"
            fill="outline"
            loading={revoke.isPending}
            onClick={() => void ask()}
            aria-label={t('modDesk.staff.revokeName', { name })}
            data-testid="mod-staff-revoke"
          >
            {t('modDesk.actions.revoke')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Finds a member by nickname through the app's search, and offers to make them a moderator. */
function AddModerator({
  staffIds,
  onPick,
}: {
  staffIds: ReadonlySet<number>;
  onPick: (user: UserCard) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const search = useSearchResults(keyword, 'users');
  const users = searchResults(search.data).users;
  return (
    <div className="mod-add">
      <SearchBar
        placeholder={t('modDesk.staff.searchPlaceholder')}
        value={typed}
        onChange={setTyped}
        onSearch={(value) => setKeyword(value.trim())}
        onClear={() => setKeyword('')}
        aria-label={t('modDesk.staff.searchPlaceholder')}
        data-testid="mod-staff-search"
      />
      {keyword &&
        (search.isPending ? (
          <DotLoading color="primary" />
        ) : search.isError ? (
          <LoadFailed onRetry={() => search.refetch()} />
        ) : users.length === 0 ? (
          <EmptyState text={t('modDesk.staff.noResults')} />
        ) : (
          <ul className="list-card mod-staff" data-testid="mod-staff-results">
            {users.map((user) => (
              <li key={user.id} className="mod-staff-row">
                <span className="mod-staff-row__who">
                  <UserAvatar user={{ id: user.id, avatar: user.avatar }} size={40} />
                  <span className="mod-staff-row__body">
                    <span className="mod-staff-row__name" data-clamp>
                      {user.nickname}
                    </span>
                    <span className="muted">{t('me.level', { level: user.level })}</span>
                  </span>
                </span>
                {staffIds.has(user.id) ? (
                  <span className="muted mod-staff-row__note">{t('modDesk.staff.already')}</span>
                ) : (
                  <Button
                    size="mini"
                    shape="rounded"
                    color="primary"
                    onClick={() => onPick(user)}
                    aria-label={t('modDesk.staff.makeName', { name: user.nickname })}
                    data-testid="mod-staff-make"
                  >
                    {t('modDesk.actions.makeModerator')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
