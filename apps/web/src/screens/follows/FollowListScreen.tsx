import { Button, Segmented } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FollowListType, useFollowCount, useFollowList, useFriends } from '../../api/queries/follows';
import { useMemberProfile } from '../../api/queries/members';
import { useNavigate } from '../../core/navigation';
import { useRouteEntry, useRouteQuery } from '../../core/route-context';
import { loginPathFor } from '../../core/route-match';
import { useSession } from '../../state/session';
import { EmptyState } from '../../ui/EmptyState';
import { FollowButton } from '../../ui/FollowButton';
import { useFormat } from '../../ui/format';
import { MemberRow } from '../../ui/MemberRow';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { Screen } from '../../ui/Screen';
import './follows.css';

/** The member whose list this is: `?user_id=`, or the signed-in member (null) without one. */
function useListOwner(): number | null {
  const myId = useSession((s) => s.user?.id ?? null);
  const id = Number(useRouteQuery().get('user_id'));
  return Number.isInteger(id) && id > 0 && id !== myId ? id : null;
}

/**
 * Following (/user/followed) or followers (/user/beingfollowed) of a member, or of the
 * signed-in member; one's own following list also has the mutual "Friends".
 */
export function FollowListScreen({ type }: { type: FollowListType }) {
  const { t } = useTranslation();
  const owner = useListOwner();
  const token = useSession((s) => s.token);
  const title = t(type === 'following' ? 'follows.following' : 'follows.followers');
  // Usually cached already: people arrive here from the member's page.
  const ownerName = useMemberProfile(owner ?? 0).data?.nickname;
  return (
    <Screen>
      <NavBar
        title={
          ownerName ? (
            <span className="nav-title">
              <span>{title}</span>
              <small>{ownerName}</small>
            </span>
          ) : (
            title
          )
        }
      />
      {owner === null && !token ? <LogInToSee /> : <FollowLists type={type} owner={owner} />}
    </Screen>
  );
}

function FollowLists({ type, owner }: { type: FollowListType; owner: number | null }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const [segment, setSegment] = useState<'all' | 'friends'>('all');
  const withFriends = type === 'following' && owner === null;
  const counts = useFollowCount(null, withFriends);
  const friends = withFriends && segment === 'friends';
  return (
    <>
      {withFriends && (
        <div className="follow-segments" data-testid="follow-segments">
          <Segmented
            block
            value={segment}
            onChange={(value) => setSegment(value as typeof segment)}
            options={[
              {
                value: 'all',
                label: counts.data
                  ? t('follows.segments.allCount', { n: fmt.compact(counts.data.following) })
                  : t('follows.segments.all'),
              },
              {
                value: 'friends',
                label: counts.data
                  ? t('follows.segments.friendsCount', { n: fmt.compact(counts.data.friends) })
                  : t('follows.segments.friends'),
              },
            ]}
          />
        </div>
      )}
      {friends ? <FriendList /> : <FollowList type={type} owner={owner} />}
    </>
  );
}

function FollowList({ type, owner }: { type: FollowListType; owner: number | null }) {
  const { t } = useTranslation();
  const query = useFollowList(type, owner);
  const emptyKey =
    owner === null
      ? type === 'following'
        ? 'follows.empty.myFollowing'
        : 'follows.empty.myFollowers'
      : type === 'following'
        ? 'follows.empty.following'
        : 'follows.empty.followers';
  return (
    <PagedList
      query={query}
      testId="follow-list"
      empty={<EmptyState text={t(emptyKey)} />}
      renderItem={(card) => <MemberRow member={card} action={<FollowButton target={card} />} />}
    />
  );
}

function FriendList() {
  const { t } = useTranslation();
  const query = useFriends();
  return (
    <PagedList
      query={query}
      testId="friend-list"
      empty={<EmptyState text={t('follows.empty.friends')} />}
      renderItem={(card) => <MemberRow member={card} action={<FollowButton target={card} />} />}
    />
  );
}

function LogInToSee() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route } = useRouteEntry();
  return (
    <EmptyState text={t('follows.logInToSee')}>
      <Button color="primary" shape="rounded" onClick={() => navigate(loginPathFor(route.path))}>
        {t('common.log_in')}
      </Button>
    </EmptyState>
  );
}
