import type { User } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Relation } from '../../api/queries/follows';
import { Link } from '../../core/hash-router';
import { useNavigate } from '../../core/navigation';
import { useSession } from '../../state/session';
import { FollowButton } from '../../ui/FollowButton';
import { useFormat } from '../../ui/format';
import { UserAvatar } from '../../ui/UserAvatar';
import { ShownAchievements } from './ShownAchievements';
import { UnblockButton } from './UserMenu';

/** The member's card at the top of their page: who they are, their counts, and what you can do. */
export function UserHero({
  user,
  isMe,
  relation,
  nameRef,
}: {
  user: User;
  isMe: boolean;
  relation: Relation | undefined;
  nameRef: RefObject<HTMLDivElement | null>;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.token));
  return (
    <header className="user-hero" data-testid="user-hero">
      <div className="user-hero__identity">
        <UserAvatar user={user} size={76} className="user-hero__avatar" />
        <div className="user-hero__names" ref={nameRef}>
          <h1 className="user-hero__name" data-testid="user-name">
            {user.nickname}
          </h1>
          <p className="user-hero__badges">
            <span className="user-hero__badge">{t('me.level', { level: user.level })}</span>
            <span className="user-hero__badge user-hero__badge--grade">{t(`grade.${user.grade}`)}</span>
            {relation?.follows_you && !isMe ? (
              <span className="user-hero__badge user-hero__badge--soft">{t('userPage.followsYou')}</span>
            ) : null}
          </p>
        </div>
      </div>
      {user.signature ? <p className="user-hero__signature">{user.signature}</p> : null}
      <p className="user-hero__since">{t('me.memberSince', { date: fmt.date(user.created_at) })}</p>
      <ShownAchievements userId={user.id} isMe={isMe} />
      <div className="user-hero__stats">
        <div className="user-hero__stat">
          <strong>{fmt.compact(user.post_count)}</strong>
          <span>{t('userPage.stats.posts')}</span>
        </div>
        <Link
          className="user-hero__stat"
          to={`/user/followed?user_id=${user.id}`}
          data-testid="user-following"
        >
          <strong>{fmt.compact(user.following_count)}</strong>
          <span>{t('userPage.stats.following')}</span>
        </Link>
        <Link
          className="user-hero__stat"
          to={`/user/beingfollowed?user_id=${user.id}`}
          data-testid="user-followers"
        >
          <strong>{fmt.compact(user.follower_count)}</strong>
          <span>{t('userPage.stats.followers')}</span>
        </Link>
      </div>
      <div className="user-hero__actions">
        {isMe ? (
          <Button block shape="rounded" onClick={() => navigate('/user/edit')} data-testid="edit-profile">
            {t('userPage.editProfile')}
          </Button>
        ) : relation?.blocked ? (
          <UnblockButton user={user} block />
        ) : (
          <FollowButton
            block
            size="middle"
            disabled={signedIn && !relation}
            target={{
              id: user.id,
              nickname: user.nickname,
              followed: relation?.followed ?? false,
              follows_you: relation?.follows_you ?? false,
            }}
          />
        )}
      </div>
    </header>
  );
}
