import { POST_TEXT_MAX, validatePostText, validateTopicChoice, validateUrl } from '@pixelhall/contract';
import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePost } from '../../api/queries/note';
import { usePostStyles } from '../../api/queries/posts';
import { refreshIfSuspended } from '../../api/queries/standing';
import { useTopic } from '../../api/queries/topics';
import { useMe } from '../../api/queries/users';
import { showFailToast } from '../../core/feedback';
import { useLocation } from '../../core/hash-router';
import { useNavigate } from '../../core/navigation';
import { useRouteQuery } from '../../core/route-context';
import type { TKey } from '../../i18n/keys';
import { type NoteDraft, useNote } from '../../state/note';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { ruleOf } from '../../ui/form-rules';
import { SuspensionNotice, useSuspension } from '../../ui/moderation/SuspensionNotice';
import { NavBar } from '../../ui/NavBar';
import { StylePicker } from '../../ui/posts/StylePicker';
import { Screen } from '../../ui/Screen';
import { AttachmentList } from './AttachmentList';
import { attachedFiles, hasFailed, isUploading } from './attachments';
import { paidPrice, validatePaidPrice } from './price';
import { TopicField } from './TopicField';
import { useAttachments } from './useAttachments';
import './note.css';
import { AppForm } from '../../ui/AppForm';

interface NoteFields {
  topic_id: number | undefined;
  text: string;
  link: string;
  price: string;
}

/** Counted as the contract counts: code points of the trimmed text. */
const textLength = (text: string | undefined) => [...(text ?? '').trim()].length;

/** History entries whose `?topic_id=` was applied already. */
const appliedPresets = new Set<string>();

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Writing a post: topic, text, pictures and files, colour and upgrade style, a link and a
 * paid-to-view price. What was typed stays as a draft when the member leaves; publishing
 * opens the new post in place of this screen.
 */
export default function NoteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useRouteQuery();
  const note = useNote();
  const { setTopic, updateDraft, clearDraft } = note;
  const level = useMe().data?.level ?? 1;
  const styles = usePostStyles().data;
  const attachments = useAttachments();
  const create = useCreatePost();
  const [form] = Form.useForm<NoteFields>();
  const text = Form.useWatch('text', form) as string | undefined;
  const suspended = useSuspension() !== null;

  // /note?topic_id=7 (from a topic's page) starts in that topic, once: coming back from the
  // topic picker to the same history entry keeps what the member picked there.
  const entryKey = useLocation().key;
  const presetId = positiveId(query.get('topic_id'));
  const topicId = note.topic?.id;
  const wantsPreset = presetId !== null && !appliedPresets.has(entryKey);
  const preset = useTopic(wantsPreset && presetId !== topicId ? presetId : 0);
  useEffect(() => {
    if (!wantsPreset) return;
    if (presetId === topicId) appliedPresets.add(entryKey);
    else if (preset.data) {
      appliedPresets.add(entryKey);
      setTopic(preset.data);
    }
  }, [wantsPreset, presetId, topicId, preset.data, setTopic, entryKey]);
  useEffect(() => {
    form.setFieldValue('topic_id', topicId);
  }, [form, topicId]);

  const allowed = (
    list: { id: string; min_level: number; prop_only: boolean }[] | undefined,
    id: string | null,
  ) => (id !== null && list?.some((s) => s.id === id && !s.prop_only && s.min_level <= level) ? id : null);
  const uploading = isUploading(attachments.items);

  const publish = (values: NoteFields) => {
    if (hasFailed(attachments.items)) {
      showFailToast(t('note.failedFiles'));
      return;
    }
    create.mutate(
      {
        topic_id: values.topic_id ?? 0,
        text: values.text,
        color: allowed(styles?.colors, note.color),
        style: allowed(styles?.styles, note.style),
        files: attachedFiles(attachments.items),
        link: values.link?.trim() || null,
        price: paidPrice(values.price),
      },
      {
        onSuccess: (post) => {
          clearDraft();
          navigate(`/post/${post.id}`, { replace: true });
        },
        onError: refreshIfSuspended,
      },
    );
  };

  const count = textLength(text ?? note.text);
  return (
    <Screen>
      <NavBar
        title={t('note.title')}
        right={
          suspended ? null : (
            <Button
              size="small"
              color="primary"
              shape="rounded"
              loading={create.isPending}
              disabled={uploading || create.isPending}
              onClick={() => form.submit()}
              data-testid="note-publish"
            >
              {t('note.publish')}
            </Button>
          )
        }
      />
      {/* Suspended: told until when, instead of a form whose publishing would fail; the draft waits. */}
      {suspended && (
        <section className="section note-suspended">
          <SuspensionNotice />
        </section>
      )}
      <AppForm
        form={form}
        layout="vertical"
        className="note-form"
        style={suspended ? { display: 'none' } : undefined}
        initialValues={{ topic_id: topicId, text: note.text, link: note.link, price: note.price }}
        onValuesChange={(changed: Partial<NoteFields>) => {
          const draft: Partial<NoteDraft> = {};
          if (changed.text !== undefined) draft.text = changed.text;
          if (changed.link !== undefined) draft.link = changed.link;
          if (changed.price !== undefined) draft.price = changed.price;
          updateDraft(draft);
        }}
        onFinish={publish}
      >
        <Form.Item
          name="topic_id"
          label={t('note.topic')}
          rules={[
            { validator: async (_r, value) => check(validateTopicChoice(value as number | undefined)) },
          ]}
        >
          <TopicField topic={note.topic} level={level} onOpen={() => navigate('/note/topic')} />
        </Form.Item>
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
          <TextArea
            placeholder={t('note.textPlaceholder')}
            autoSize={{ minRows: 6, maxRows: 14 }}
            data-testid="note-text"
          />
        </Form.Item>
        <Form.Item label={t('note.attachments')}>
          <AttachmentList
            items={attachments.items}
            previewOf={attachments.previewOf}
            onAdd={attachments.add}
            onRemove={attachments.remove}
            onRetry={attachments.retry}
          />
        </Form.Item>
        {styles && styles.colors.length > 0 && (
          <Form.Item label={t('note.color')}>
            <StylePicker
              kind="color"
              options={styles.colors}
              value={note.color}
              level={level}
              onChange={(color) => updateDraft({ color })}
            />
          </Form.Item>
        )}
        {styles && styles.styles.length > 0 && (
          <Form.Item label={t('note.style')}>
            <StylePicker
              kind="style"
              options={styles.styles}
              value={note.style}
              level={level}
              onChange={(style) => updateDraft({ style })}
            />
          </Form.Item>
        )}
        <Form.Item
          name="link"
          label={t('note.link')}
          rules={[
            { validator: async (_r, value) => check((value as string)?.trim() ? validateUrl(value) : null) },
          ]}
        >
          <Input
            type="url"
            inputMode="url"
            placeholder={t('note.linkPlaceholder')}
            clearable
            autoCapitalize="off"
            autoCorrect="off"
            data-testid="note-link"
          />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('note.price')}
          description={<span className="muted">{t('note.priceHint')}</span>}
          rules={[{ validator: async (_r, value) => check(validatePaidPrice(value as string)) }]}
        >
          <PriceInput />
        </Form.Item>
      </AppForm>
      {uploading && (
        <p className="note-waiting muted" role="status">
          {t('note.waitingForUploads')}
        </p>
      )}
    </Screen>
  );

  function check(key: TKey | null): void {
    if (key) throw new Error(t(key));
  }
}

/** Gold to view the post; `value`/`onChange` come from the Form.Item. */
function PriceInput({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="price-input">
      <CurrencyIcon kind="gold" size={14} coarse />
      <Input
        value={value}
        onChange={onChange}
        inputMode="numeric"
        placeholder={t('note.pricePlaceholder')}
        clearable
        data-testid="note-price"
      />
    </div>
  );
}
