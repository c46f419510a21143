import {
  type Category,
  IMAGE_MAX_BYTES,
  LEVEL_TOPIC_CREATE,
  TOPIC_DESCRIPTION_MAX,
  TOPIC_NAME_MAX,
  type Topic,
  validateName,
} from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { Button, Form, Input, Selector, Switch, TextArea } from 'antd-mobile';
import { CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { upload } from '../../api/client';
import { useAddTopic } from '../../api/queries/note';
import { showFailToast } from '../../core/feedback';
import { AppForm } from '../../ui/AppForm';
import { BottomSheet } from '../../ui/BottomSheet';
import { reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf } from '../../ui/form-rules';
import { useFormat } from '../../ui/format';
import { LazyImage } from '../../ui/LazyImage';
import { SubmitButton } from '../../ui/SubmitButton';

interface TopicFields {
  category_id: number[];
  name: string;
  description: string;
  adult: boolean;
}

const AT_FIELDS = { 'errors.topic_name_taken': 'name' } as const;

const length = (value: string | undefined) => [...(value ?? '').trim()].length;

/**
 * "Create a topic" (from level 5: docs/product/posts-and-feeds.md#creating-a-topic). Below that level the form stays visible, but
 * disabled, with the member's level and what it takes; the server checks the level too.
 */
export function CreateTopicPopup({
  visible,
  categories,
  level,
  onClose,
  onCreated,
}: {
  visible: boolean;
  categories: readonly Category[];
  level: number;
  onClose: () => void;
  onCreated: (topic: Topic) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopicFields>();
  const name = Form.useWatch('name', form) as string | undefined;
  const description = Form.useWatch('description', form) as string | undefined;
  const [icon, setIcon] = useState<string | null>(null);
  const add = useAddTopic({ fieldReasons: reasonsAtFields(AT_FIELDS) });
  const allowed = level >= LEVEL_TOPIC_CREATE;

  const create = (values: TopicFields) => {
    add.mutate(
      {
        category_id: values.category_id[0] ?? 0,
        name: values.name,
        description: values.description ?? '',
        adult: values.adult,
        ...(icon ? { icon } : {}),
      },
      {
        onSuccess: (topic) => {
          form.resetFields();
          setIcon(null);
          onCreated(topic);
        },
        onError: (err) => showAtField(form, err, AT_FIELDS),
      },
    );
  };

  return (
    <BottomSheet visible={visible} onClose={onClose} className="create-topic" destroyOnClose>
      <header className="create-topic__header">
        <h2>{t('noteTopic.createTitle')}</h2>
        <button type="button" className="icon-button" aria-label={t('noteTopic.close')} onClick={onClose}>
          <CloseOutline />
        </button>
      </header>
      <div className={`create-topic__level${allowed ? '' : ' create-topic__level--locked'}`}>
        <span className="badge">{t('noteTopic.yourLevel', { level })}</span>
        <span>
          {allowed ? t('noteTopic.levelOk') : t('errors.level_required', { level: LEVEL_TOPIC_CREATE })}
        </span>
      </div>
      <AppForm
        form={form}
        layout="vertical"
        className="create-topic__form"
        disabled={!allowed}
        initialValues={{ category_id: [], name: '', description: '', adult: false }}
        onFinish={create}
        footer={
          <SubmitButton
            pending={add.isPending}
            disabled={!allowed || add.isPending}
            testId="topic-create-submit"
          >
            {t('noteTopic.create')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="category_id"
          label={t('noteTopic.category')}
          rules={[
            {
              validator: async (_r, value) => {
                if (!(value as number[] | undefined)?.length) throw new Error(t('validation.items_required'));
              },
            },
          ]}
        >
          <Selector
            columns={3}
            options={categories.map((c) => ({ label: c.name, value: c.id }))}
            data-testid="topic-create-category"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('noteTopic.name')}
          rules={[
            ruleOf(validateName, t),
            {
              validator: async (_r, value) => {
                if (length(value as string) > TOPIC_NAME_MAX) throw new Error(t('validation.topic_name_max'));
              },
            },
          ]}
          description={<Counter count={length(name)} max={TOPIC_NAME_MAX} />}
        >
          <Input placeholder={t('noteTopic.namePlaceholder')} clearable data-testid="topic-create-name" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('noteTopic.description')}
          rules={[
            {
              validator: async (_r, value) => {
                if (length(value as string) > TOPIC_DESCRIPTION_MAX)
                  throw new Error(t('validation.description_max'));
              },
            },
          ]}
          description={<Counter count={length(description)} max={TOPIC_DESCRIPTION_MAX} />}
        >
          <TextArea
            placeholder={t('noteTopic.descriptionPlaceholder')}
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="topic-create-description"
          />
        </Form.Item>
        <Form.Item label={t('noteTopic.icon')}>
          <IconPicker value={icon} disabled={!allowed} onChange={setIcon} />
        </Form.Item>
        <Form.Item name="adult" label={t('noteTopic.adult')} valuePropName="checked">
          <AdultSwitch hint={t('noteTopic.adultHint')} />
        </Form.Item>
      </AppForm>
    </BottomSheet>
  );
}

/** `checked`/`onChange` come from the Form.Item. */
function AdultSwitch({
  hint,
  checked,
  onChange,
}: {
  hint: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <div className="adult-switch">
      <p>{hint}</p>
      <Switch checked={checked} onChange={onChange} data-testid="topic-create-adult" />
    </div>
  );
}

function Counter({ count, max }: { count: number; max: number }) {
  return (
    <span className={`field-count${count > max ? ' field-count--over' : ''}`}>
      {count}/{max}
    </span>
  );
}

/** The topic's picture: uploaded at once as a square (app=images), then shown. */
function IconPicker({
  value,
  disabled,
  onChange,
}: {
  value: string | null;
  disabled: boolean;
  onChange: (url: string | null) => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return showFailToast(t('errors.image_required'));
    if (file.size > IMAGE_MAX_BYTES)
      return showFailToast(t('errors.image_too_large', { max: fmt.fileSize(IMAGE_MAX_BYTES) }));
    setBusy(true);
    try {
      const stored = await upload(
        routes.uploads.uploadFile,
        { file, app: 'images' },
        { successToast: false },
      );
      onChange(stored.url);
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="icon-picker">
      <span className="icon-picker__preview">{value ? <LazyImage src={value} /> : <PictureOutline />}</span>
      <Button
        size="small"
        shape="rounded"
        loading={busy}
        disabled={disabled || busy}
        onClick={() => input.current?.click()}
        data-testid="topic-create-icon"
      >
        {value ? t('noteTopic.changeIcon') : t('noteTopic.chooseIcon')}
      </Button>
      {value && (
        <Button size="small" fill="none" disabled={disabled} onClick={() => onChange(null)}>
          {t('noteTopic.removeIcon')}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        hidden
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          void pick(file);
        }}
      />
    </div>
  );
}
