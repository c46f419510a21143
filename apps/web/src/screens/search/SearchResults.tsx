import { SEARCH_PREVIEW, type UserCard } from '@pixelhall/contract';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type SearchType, searchResults, useSearchResults } from '../../api/queries/search';
import { EmptyState } from '../../ui/EmptyState';
import { FeedFooter } from '../../ui/FeedFooter';
import { FollowButton } from '../../ui/FollowButton';
import { useFormat } from '../../ui/format';
import { MemberRow } from '../../ui/MemberRow';
import { PostCard } from '../../ui/posts/PostCard';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { TopicRow } from '../../ui/topics/TopicRow';

/** The results of one search, of one kind or (`all`) a few topics and members before the posts. */
export function SearchResults({
  keyword,
  type,
  onType,
}: {
  keyword: string;
  type: SearchType;
  onType: (type: SearchType) => void;
}) {
  const { t } = useTranslation();
  const query = useSearchResults(keyword, type);
  const { posts, topics, users } = searchResults(query.data);

  if (query.isPending) return <Pending place="feed" />;
  if (query.isError && !query.data) return <LoadFailed place="feed" onRetry={() => query.refetch()} />;
  if (!posts.length && !topics.length && !users.length)
    return <EmptyState text={t('searchUi.noResults', { keyword })} />;

  const more = <FeedFooter pages={query} />;

  const topicList = (items: typeof topics) => (
    <div className="list-card search-list" data-testid="search-topics">
      {items.map((topic) => (
        <TopicRow key={topic.id} topic={topic} />
      ))}
    </div>
  );
  const userList = (items: UserCard[]) => (
    <div className="list-card search-list" data-testid="search-users">
      {items.map((user) => (
        <MemberRow key={user.id} member={user} action={<MemberAction user={user} />} />
      ))}
    </div>
  );
  const postList = (
    <div className="post-list search-posts" data-testid="search-posts">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </div>
  );

  if (type === 'topics')
    return (
      <div className="search-results">
        {topicList(topics)}
        {more}
      </div>
    );
  if (type === 'users')
    return (
      <div className="search-results">
        {userList(users)}
        {more}
      </div>
    );
  if (type === 'posts')
    return (
      <div className="search-results">
        {postList}
        {more}
      </div>
    );
  return (
    <div className="search-results">
      {topics.length > 0 && (
        <ResultSection
          title={t('searchUi.topics')}
          onAll={topics.length >= SEARCH_PREVIEW ? () => onType('topics') : undefined}
        >
          {topicList(topics.slice(0, SEARCH_PREVIEW))}
        </ResultSection>
      )}
      {users.length > 0 && (
        <ResultSection
          title={t('searchUi.users')}
          onAll={users.length >= SEARCH_PREVIEW ? () => onType('users') : undefined}
        >
          {userList(users.slice(0, SEARCH_PREVIEW))}
        </ResultSection>
      )}
      {posts.length > 0 && <ResultSection title={t('searchUi.posts')}>{postList}</ResultSection>}
      {posts.length > 0 && more}
    </div>
  );
}

function ResultSection({
  title,
  onAll,
  children,
}: {
  title: string;
  onAll?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="search-section">
      <div className="search-section-head">
        <h2 className="section__title">{title}</h2>
        {onAll && (
          <button type="button" className="search-section-head__action" onClick={onAll}>
            <span>{t('searchUi.seeAll')}</span>
            <RightOutline />
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

function MemberAction({ user }: { user: UserCard }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  return (
    <div className="search-member-action">
      <FollowButton target={user} size="mini" />
      <span className="muted">
        {t('searchUi.followers', { count: user.follower_count, formatted: fmt.compact(user.follower_count) })}
      </span>
    </div>
  );
}
