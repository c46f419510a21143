import {
  type ContentFilter,
  FILTER_ACTIONS,
  FILTER_KINDS,
  type FilterAction,
  type FilterKind,
  HOURLY_LIMITS,
  validateFilterValue,
  validatePostText,
} from '@pixelhall/contract';
import { Button, DotLoading, Form, Input, TextArea } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAddContentFilter,
  useContentFilters,
  useRemoveContentFilter,
  useTryContentFilters,
} from '../../api/queries/content-filters';
import { confirmAction } from '../../core/confirm';
import { AppForm } from '../../ui/AppForm';
import { EmptyState } from '../../ui/EmptyState';
import { type FieldsByReason, reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf } from '../../ui/form-rules';
import { useFormat } from '../../ui/format';
import { LoadFailed } from '../../ui/QueryStates';
import { ChoiceChips } from './ChoiceChips';
import './filters-tab.css';

/** The server's refusals of a value, shown under the field (the form checks emptiness and length first). */
const VALUE_FIELD: FieldsByReason = {
  'validation.filter_value_required': 'value',
  'validation.filter_value_max': 'value',
  'errors.filter_pattern_invalid': 'value',
  'errors.filter_pattern_slow': 'value',
  'errors.filter_link_invalid': 'value',
  'errors.filter_exists': 'value',
};
const VALUE_REASONS = reasonsAtFields(VALUE_FIELD);

const TRY_FIELD: FieldsByReason = { 'validation.text_required': 'text', 'validation.text_too_long': 'text' };

/**
 * The desk's Filters tab, for administrators (the desk shows it only to them; the server answers
 * anyone else "not found"): the words, patterns and links that block or hold content, a form to
 * add one, removal after a confirmation, and a box that tries a text against them
 * (docs/product/moderation.md#filters-and-new-member-limits).
 */
export default function FiltersTab() {
  const { t } = useTranslation();
  return (
    <div className="mod-tab filters-tab" data-testid="filters-tab">
      <p className="filters-tab__hint muted">{t('filters.hint')}</p>
      <p className="filters-tab__hint muted">
        {t('filters.newMembers', {
          newPosts: HOURLY_LIMITS.newMember.post,
          newComments: HOURLY_LIMITS.newMember.comment,
          posts: HOURLY_LIMITS.member.post,
          comments: HOURLY_LIMITS.member.comment,
        })}
      </p>
      <AddFilter />
      <TryText />
      <FilterList />
    </div>
  );
}

function AddFilter() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: string }>();
  const [kind, setKind] = useState<FilterKind>('word');
  const [action, setAction] = useState<FilterAction>('hold');
  const add = useAddContentFilter(VALUE_REASONS);

  const submit = ({ value }: { value: string }) => {
    add.mutate(
      { kind, value: value.trim(), action },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => showAtField(form, error, VALUE_FIELD),
      },
    );
  };

  const changeKind = (next: FilterKind) => {
    setKind(next);
    // A refusal of the last value (a pattern that does not compile) says nothing about the next kind.
    form.setFields([{ name: 'value', errors: [] }]);
  };

  return (
    <section className="card filters-card" aria-labelledby="filters-add-title">
      <h2 className="filters-card__title" id="filters-add-title">
        {t('filters.add.title')}
      </h2>
      <ChoiceChips
        label={t('filters.kind.label')}
        options={FILTER_KINDS.map((value) => ({ value, label: t(`filters.kind.${value}`) }))}
        value={kind}
        onChange={changeKind}
        testId="filter-kind"
      />
      <AppForm form={form} layout="vertical" className="filters-form" onFinish={submit}>
        <Form.Item
          name="value"
          label={t(`filters.value.${kind}`)}
          description={t(`filters.help.${kind}`)}
          rules={[ruleOf(validateFilterValue, t)]}
        >
          <Input
            placeholder={t(`filters.placeholder.${kind}`)}
            clearable
            autoComplete="off"
            className={kind === 'word' ? undefined : 'filters-form__code'}
            data-testid="filter-value"
          />
        </Form.Item>
        <ChoiceChips
          label={t('filters.action.label')}
          options={FILTER_ACTIONS.map((value) => ({ value, label: t(`filters.action.${value}`) }))}
          value={action}
          onChange={setAction}
          testId="filter-action"
        />
        <Button
          type="submit"
          color="primary"
          shape="rounded"
          block
          className="filters-form__submit"
          loading={add.isPending}
          disabled={add.isPending}
          data-testid="filter-add"
        >
          {t('filters.add.submit')}
        </Button>
      </AppForm>
    </section>
  );
}

function TryText() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  const attempt = useTryContentFilters();
  const result = attempt.data;

  const submit = ({ text }: { text: string }) => {
    attempt.mutate(text.trim(), { onError: (error) => showAtField(form, error, TRY_FIELD) });
  };

  return (
    <section className="card filters-card" aria-labelledby="filters-try-title">
      <h2 className="filters-card__title" id="filters-try-title">
        {t('filters.try.title')}
      </h2>
      <AppForm form={form} layout="vertical" className="filters-form" onFinish={submit}>
        <Form.Item
          name="text"
          label={t('filters.try.label')}
          description={t('filters.try.note')}
          rules={[ruleOf(validatePostText, t)]}
        >
          <TextArea
            placeholder={t('filters.try.placeholder')}
            autoSize={{ minRows: 3, maxRows: 8 }}
            data-testid="filter-try-text"
          />
        </Form.Item>
        <Button
          type="submit"
          shape="rounded"
          block
          className="filters-form__submit"
          loading={attempt.isPending}
          disabled={attempt.isPending}
          data-testid="filter-try"
        >
          {t('filters.try.submit')}
        </Button>
      </AppForm>
      {/* Announced when it changes, so a screen reader hears the verdict after "Try". */}
      <div className="filters-verdict" role="status" aria-live="polite">
        {result && (
          <p
            className={`filters-verdict__text filters-verdict__text--${result.verdict}`}
            data-testid="filter-try-verdict"
            data-verdict={result.verdict}
          >
            <strong className={`filters-badge filters-badge--${result.verdict}`}>
              {t(`filters.verdict.${result.verdict}`)}
            </strong>{' '}
            <span className="filters-verdict__why">
              {result.kind && result.matched !== null
                ? t(`filters.try.${result.kind}`, { value: result.matched })
                : t('filters.try.none')}
            </span>
          </p>
        )}
      </div>
    </section>
  );
}

function FilterList() {
  const { t } = useTranslation();
  const filters = useContentFilters();
  const list = filters.data?.list ?? [];
  return (
    <section className="filters-list-section" aria-labelledby="filters-list-title">
      <h2 className="filters-card__title filters-list-section__title" id="filters-list-title">
        {t('filters.list.title')}
      </h2>
      {filters.isPending ? (
        <DotLoading color="primary" />
      ) : filters.isError ? (
        <LoadFailed onRetry={() => filters.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState text={t('filters.list.empty')} />
      ) : (
        <ul className="filters-list" data-testid="filter-list">
          {list.map((filter) => (
            <FilterRow key={filter.id} filter={filter} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FilterRow({ filter }: { filter: ContentFilter }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const remove = useRemoveContentFilter();
  const date = fmt.dateTime(filter.created_at);

  const askRemove = async () => {
    const confirmed = await confirmAction({
      title: t('filters.remove.title'),
      content: t('filters.remove.content', { value: filter.value }),
      confirmText: t('filters.remove.confirm'),
      danger: true,
    });
    if (confirmed) remove.mutate(filter.id);
  };

  return (
    <li
      className="card filters-row"
      data-testid="filter-row"
      data-filter-id={filter.id}
      data-kind={filter.kind}
    >
      <div className="filters-row__main">
        <p className="filters-row__tags">
          <span className="badge">{t(`filters.kind.${filter.kind}`)}</span>
          <span className={`filters-badge filters-badge--${filter.action}`}>
            {t(`filters.action.${filter.action}`)}
          </span>
        </p>
        <p
          className={
            filter.kind === 'word' ? 'filters-row__value' : 'filters-row__value filters-row__value--code'
          }
        >
          {filter.value}
        </p>
        <p className="filters-row__meta muted">
          {filter.created_by
            ? t('filters.list.addedBy', { name: filter.created_by.nickname, date })
            : t('filters.list.addedByOperator', { date })}
        </p>
      </div>
      <button
        type="button"
        className="icon-button filters-row__remove"
        aria-label={t('filters.remove.label', { value: filter.value })}
        disabled={remove.isPending}
        onClick={() => void askRemove()}
        data-testid="filter-remove"
      >
        <CloseOutline />
      </button>
    </li>
  );
}
