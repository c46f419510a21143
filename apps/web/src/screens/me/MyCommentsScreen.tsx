import { useTranslation } from 'react-i18next';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { UserCommentList } from '../../ui/UserCommentList';

/** /me/comment: the signed-in member's comments, each with the post it answers, deletable. */
export default function MyCommentsScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <NavBar title={t('userPage.mine.comments')} />
      <UserCommentList userId={null} deletable emptyText={t('userPage.empty.myComments')} />
    </Screen>
  );
}
