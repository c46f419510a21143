import type { User } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { Tabs } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelation } from '../../api/queries/follows';
import { useMemberProfile } from '../../api/queries/members';
import { useMe } from '../../api/queries/users';
import { useGuard } from '../../core/guard';
import { useRouteParams } from '../../core/route-context';
import { useSession } from '../../state/session';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { PostFeed } from '../../ui/posts/PostFeed';
import { Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { UserCommentList } from '../../ui/UserCommentList';
import { UserHero } from './UserHero';
import { UserMenu } from './UserMenu';
import './user.css';

const TABS = ['posts', 'comments', 'upvoted'] as const;
type Tab = (typeof TABS)[number];

/**
 * /user/{id}: a member's page. A dark hero with the member and the follow button, then their
 * posts, comments and upvoted posts. Viewing yourself offers "Edit profile" instead.
 */
export default function UserScreen() {
  const { t } = useTranslation();
  // The route shows this screen only for a positive whole id (`ids` in shell/routes.tsx).
  const id = Number(useRouteParams().id);
  const myId = useSession((s) => s.user?.id);
  const isMe = id === myId;
  const me = useMe();
  const profile = useMemberProfile(isMe ? 0 : id);
  const user = isMe ? me.data : profile.data;
  const relation = useRelation(id, !isMe);
  const [menuOpen, setMenuOpen] = useState(false);
  const guard = useGuard();
  const heroName = useRef<HTMLDivElement>(null);
  const scrolledPast = useScrolledPast(heroName, Boolean(user));

  const more =
    user && !isMe ? (
      <button
        type="button"
        className="user-topbar__more"
        aria-label={t('userPage.menu.title')}
        onClick={() => guard({ action: () => setMenuOpen(true) })}
        data-testid="user-menu"
      >
        <MoreOutline />
      </button>
    ) : null;

  return (
    <Screen className="user-screen">
      <NavBar className="user-topbar" title={scrolledPast && user ? user.nickname : ''} right={more} />
      {user ? (
        <>
          <UserHero user={user} isMe={isMe} relation={relation.data} nameRef={heroName} />
          {relation.data?.blocked ? (
            <EmptyState text={t('userPage.blockedHint', { name: user.nickname })} />
          ) : (
            <UserTabs user={user} isMe={isMe} />
          )}
          {!isMe && (
            <UserMenu
              user={user}
              blocked={relation.data?.blocked ?? false}
              visible={menuOpen}
              onClose={() => setMenuOpen(false)}
            />
          )}
        </>
      ) : profile.isError || (isMe && me.isError) ? (
        <EmptyState text={profile.error?.message || t('errors.user_not_found')} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function UserTabs({ user, isMe }: { user: User; isMe: boolean }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('posts');
  const name = user.nickname;
  return (
    <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="user-tabs">
      <Tabs.Tab key="posts" title={t('userPage.tabs.posts')}>
        <PostFeed
          endpoint={routes.posts.userPosts}
          payload={{ user_id: user.id, tab: 'posts' }}
          showTopic
          empty={
            <EmptyState text={isMe ? t('userPage.empty.myPosts') : t('userPage.empty.posts', { name })} />
          }
        />
      </Tabs.Tab>
      <Tabs.Tab key="comments" title={t('userPage.tabs.comments')}>
        <UserCommentList
          userId={user.id}
          deletable={isMe}
          emptyText={isMe ? t('userPage.empty.myComments') : t('userPage.empty.comments', { name })}
        />
      </Tabs.Tab>
      <Tabs.Tab key="upvoted" title={t('userPage.tabs.upvoted')}>
        <PostFeed
          endpoint={routes.posts.userPosts}
          payload={{ user_id: user.id, tab: 'upvoted' }}
          empty={
            <EmptyState text={isMe ? t('userPage.empty.myUpvoted') : t('userPage.empty.upvoted', { name })} />
          }
        />
      </Tabs.Tab>
    </Tabs>
  );
}

/** True once the element has scrolled up under the top bar (then the bar shows the name). */
function useScrolledPast(ref: React.RefObject<HTMLElement | null>, ready: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!ready || !element) return;
    const root = element.closest('.screen');
    const observer = new IntersectionObserver(
      ([entry]) => setPast(Boolean(entry && !entry.isIntersecting && entry.boundingClientRect.top < 100)),
      { root, rootMargin: '-60px 0px 0px 0px', threshold: 0 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, ready]);
  return past;
}
