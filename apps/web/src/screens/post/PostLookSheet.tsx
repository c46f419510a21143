import type { Post } from '@pixelhall/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetPost } from '../../api/queries/post-detail';
import { usePostStyles } from '../../api/queries/posts';
import { useMe } from '../../api/queries/users';
import { BottomSheet } from '../../ui/BottomSheet';
import { StylePicker } from '../../ui/posts/StylePicker';

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
  const save = (kind: 'color' | 'style', id: string | null) => {
    if (!setPost.isPending) setPost.mutate({ id: post.id, [kind]: id });
  };
  // The two pickers the new-post sheet shows too; a kind with no styles shows none.
  const pickers = styles
    ? ([
        { kind: 'color', label: t('note.color'), options: styles.colors, value: post.color },
        { kind: 'style', label: t('note.style'), options: styles.styles, value: post.style },
      ] as const)
    : [];
  return (
    <BottomSheet visible={visible} onClose={onClose} flush className="post-look">
      <div className="section" data-testid="post-look">
        <h2 className="section__title">{t('postDetail.look')}</h2>
        <p className="muted">{t('postDetail.lookHint')}</p>
        {pickers
          .filter((picker) => picker.options.length > 0)
          .map(({ kind, label, options, value }) => (
            <Fragment key={kind}>
              <h3 className="post-look__label">{label}</h3>
              <StylePicker
                kind={kind}
                options={options}
                value={value}
                level={level}
                onChange={(id) => save(kind, id)}
              />
            </Fragment>
          ))}
      </div>
    </BottomSheet>
  );
}
