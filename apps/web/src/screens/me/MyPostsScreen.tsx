import { routes } from '@pixelhall/contract/routes';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { PostFeed } from '../../ui/posts/PostFeed';
import { Screen } from '../../ui/Screen';

/** /me/posts: what the signed-in member has posted, newest first. */
export default function MyPostsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen>
      <NavBar title={t('userPage.mine.posts')} />
      <PostFeed
        endpoint={routes.posts.userPosts}
        payload={{ tab: 'posts' }}
        empty={
          <EmptyState text={t('userPage.empty.myPosts')}>
            <Button color="primary" shape="rounded" onClick={() => navigate('/note')}>
              {t('userPage.mine.writePost')}
            </Button>
          </EmptyState>
        }
      />
    </Screen>
  );
}
