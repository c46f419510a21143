import { routes } from '@pixelhall/contract/routes';
import { useTranslation } from 'react-i18next';
import { useAdultConfirmation } from '../../state/adult';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { PostFeed } from '../../ui/posts/PostFeed';
import { Screen } from '../../ui/Screen';

/** /me/upvoted: the posts the signed-in member liked. */
export default function MyUpvotedScreen() {
  const { t } = useTranslation();
  // Liked posts of adult topics show once the reader answered 18+ on this device.
  const confirmed = useAdultConfirmation((s) => s.confirmed);
  return (
    <Screen>
      <NavBar title={t('userPage.mine.upvoted')} />
      <PostFeed
        endpoint={routes.posts.userPosts}
        payload={confirmed ? { tab: 'upvoted', adult_confirmed: true } : { tab: 'upvoted' }}
        empty={<EmptyState text={t('userPage.empty.myUpvoted')} />}
      />
    </Screen>
  );
}
