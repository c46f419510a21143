import type { Post } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { useSetPost } from '../../api/queries/post-detail';
import { usePostStyles } from '../../api/queries/posts';
import { useMe } from '../../api/queries/users';
import { BottomSheet } from '../../ui/BottomSheet';
import { StylePicker } from '../note/StylePicker';

/**
 * The author's colour style and upgrade style for a published post (`set/posts`). Each pick is
 * saved at once and the post behind the sheet wears it; styles above the member's level show the
 * level they need, as when writing the post, and prop-only styles stay with props.
 */
export function PostLookSheet({
  post,
  visible,
  onClose,
}: {
  post: Post;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const styles = usePostStyles().data;
  const level = useMe().data?.level ?? 1;
  const setPost = useSetPost();
  const save = (change: { color: string | null } | { style: string | null }) => {
    if (!setPost.isPending) setPost.mutate({ id: post.id, ...change });
  };
  return (
    <BottomSheet visible={visible} onClose={onClose} flush className="post-look">
      <div className="section" data-testid="post-look">
        <h2 className="section__title">{t('postDetail.look')}</h2>
        <p className="muted">{t('postDetail.lookHint')}</p>
        {styles && styles.colors.length > 0 && (
          <>
            <h3 className="post-look__label">{t('note.color')}</h3>
            <StylePicker
              kind="color"
              options={styles.colors}
              value={post.color}
              level={level}
              onChange={(color) => save({ color })}
            />
          </>
        )}
        {styles && styles.styles.length > 0 && (
          <>
            <h3 className="post-look__label">{t('note.style')}</h3>
            <StylePicker
              kind="style"
              options={styles.styles}
              value={post.style}
              level={level}
              onChange={(style) => save({ style })}
            />
          </>
        )}
      </div>
    </BottomSheet>
  );
}
