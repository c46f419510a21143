import { POST_TEXT_MAX, type Post, validatePostText, validateUrl } from '@pixelhall/contract';
import { Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useEditPost } from '../../../api/queries/edits';
import { AppForm } from '../../../ui/AppForm';
import { BottomSheet } from '../../../ui/BottomSheet';
import { ruleOf } from '../../../ui/form-rules';
import { SubmitButton } from '../../../ui/SubmitButton';
import { textLength } from './text-length';
import './edit.css';

interface Fields {
  text: string;
  link: string;
}

/**
 * The author's edit of a post's text and link (`edit/posts`), with the same checks as writing it.
 * The version before stays readable under "edited"; the server's new copy replaces the post in
 * every list, and its answer (saved, or waiting for a moderator) is the toast.
 */
export function EditPostSheet({
  post,
  visible,
  onClose,
}: {
  post: Post;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditPost();
  const [form] = Form.useForm<Fields>();
  const text = Form.useWatch('text', form) as string | undefined;
  const link = Form.useWatch('link', form) as string | undefined;
  const initial: Fields = { text: post.text, link: post.links[0] ?? '' };
  const count = textLength(text ?? initial.text);
  const unchanged =
    (text ?? initial.text).trim() === initial.text.trim() && (link ?? initial.link).trim() === initial.link;
  return (
    <BottomSheet visible={visible} onClose={onClose} className="edit-sheet" destroyOnClose>
      <h2 className="edit-sheet__title">{t('edits.editPost')}</h2>
      <p className="edit-sheet__hint">{t('edits.publicHint')}</p>
      <AppForm
        form={form}
        layout="vertical"
        className="edit-sheet__form"
        initialValues={initial}
        onFinish={(values: Fields) =>
          edit.mutate(
            { id: post.id, text: values.text, link: values.link?.trim() || null },
            { onSuccess: onClose },
          )
        }
        footer={
          <SubmitButton pending={edit.isPending} disabled={edit.isPending || unchanged} testId="edit-save">
            {t('edits.save')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="text"
          label={t('note.text')}
          rules={[ruleOf(validatePostText, t)]}
          description={
            <span className={`field-count${count > POST_TEXT_MAX ? ' field-count--over' : ''}`}>
              {count}/{POST_TEXT_MAX}
            </span>
          }
        >
          <TextArea autoSize={{ minRows: 4, maxRows: 10 }} data-testid="edit-text" />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('note.link')}
          rules={[ruleOf((value) => (value.trim() ? validateUrl(value) : null), t)]}
        >
          <Input
            type="url"
            inputMode="url"
            placeholder={t('note.linkPlaceholder')}
            clearable
            autoCapitalize="off"
            autoCorrect="off"
            data-testid="edit-link"
          />
        </Form.Item>
      </AppForm>
    </BottomSheet>
  );
}
