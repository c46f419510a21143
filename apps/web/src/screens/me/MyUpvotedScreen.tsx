import { endpoints } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { PostFeed } from '../../ui/posts/PostFeed';
import { Screen } from '../../ui/Screen';

/** /me/upvoted: the posts the signed-in member liked. */
export default function MyUpvotedScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <NavBar title={t('userPage.mine.upvoted')} />
      <PostFeed
        endpoint={endpoints.posts.userPosts}
        payload={{ tab: 'upvoted' }}
        empty={<EmptyState text={t('userPage.empty.myUpvoted')} />}
      />
    </Screen>
  );
}
