import { COMMENT_TEXT_MAX, type Reply } from '@pixelhall/contract';
import { Form, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useEditComment } from '../../../api/queries/edits';
import { AppForm } from '../../../ui/AppForm';
import { BottomSheet } from '../../../ui/BottomSheet';
import { ruleOf } from '../../../ui/form-rules';
import { SubmitButton } from '../../../ui/SubmitButton';
import { textLength } from './text-length';
import './edit.css';

/** The composer's limits, as a form rule: something to say, and not past the comment's length. */
const validateComment = (value: string) => {
  const length = textLength(value);
  if (length === 0) return 'validation.text_required' as const;
  return length > COMMENT_TEXT_MAX ? ('validation.comment_too_long' as const) : null;
};

/**
 * The author's edit of a comment or reply (`edit/comments`). The version before stays readable
 * under "edited"; the thread shows the new text at once.
 */
export function EditCommentSheet({
  comment,
  visible,
  onClose,
}: {
  comment: Reply;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditComment();
  const [form] = Form.useForm<{ text: string }>();
  const text = (Form.useWatch('text', form) as string | undefined) ?? comment.text;
  const count = textLength(text);
  return (
    <BottomSheet visible={visible} onClose={onClose} className="edit-sheet" destroyOnClose>
      <h2 className="edit-sheet__title">{t('edits.editComment')}</h2>
      <p className="edit-sheet__hint">{t('edits.publicHint')}</p>
      <AppForm
        form={form}
        layout="vertical"
        className="edit-sheet__form"
        initialValues={{ text: comment.text }}
        onFinish={({ text: next }: { text: string }) =>
          edit.mutate({ id: comment.id, text: next }, { onSuccess: onClose })
        }
        footer={
          <SubmitButton
            pending={edit.isPending}
            disabled={edit.isPending || text.trim() === comment.text.trim()}
            testId="edit-save"
          >
            {t('edits.save')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="text"
          label={t('edits.commentLabel')}
          rules={[ruleOf(validateComment, t)]}
          description={
            <span className={`field-count${count > COMMENT_TEXT_MAX ? ' field-count--over' : ''}`}>
              {count}/{COMMENT_TEXT_MAX}
            </span>
          }
        >
          <TextArea autoSize={{ minRows: 3, maxRows: 8 }} data-testid="edit-text" />
        </Form.Item>
      </AppForm>
    </BottomSheet>
  );
}
