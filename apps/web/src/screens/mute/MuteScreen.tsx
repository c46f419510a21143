import { type MutedMember, type MutedWord, validateMuteWord } from '@pixelhall/contract';
import { Button, DotLoading, Form, Input, List } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../api/queries/list-pages';
import {
  useMutedMembers,
  useMutedWords,
  useMuteWord,
  useUnmuteMember,
  useUnmuteWord,
} from '../../api/queries/mutes';
import { AppForm } from '../../ui/AppForm';
import { EmptyState } from '../../ui/EmptyState';
import { type FieldsByReason, reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf } from '../../ui/form-rules';
import { useFormat } from '../../ui/format';
import { MemberRow } from '../../ui/MemberRow';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import './mute.css';

/** The server's refusals of a word, shown under the field (the form checks the rest first). */
const WORD_FIELD: FieldsByReason = {
  'validation.mute_word_required': 'phrase',
  'validation.mute_word_max': 'phrase',
  'errors.mute_word_exists': 'phrase',
  'errors.mute_words_full': 'phrase',
};
const WORD_REASONS = reasonsAtFields(WORD_FIELD);

/**
 * /me/mute: the members the caller mutes (until when, or for good; unmute) and the words and
 * phrases that fold posts and comments (add, remove) (docs/product/follows-and-blacklist.md#mute).
 */
export default function MuteScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <NavBar title={t('muteUi.title')} />
      <p className="section muted mute-hint">{t('muteUi.hint')}</p>
      <section className="section" aria-labelledby="mute-members-title">
        <h2 className="section__title" id="mute-members-title">
          {t('muteUi.members')}
        </h2>
        <MutedMembers />
      </section>
      <section className="section" aria-labelledby="mute-words-title">
        <h2 className="section__title" id="mute-words-title">
          {t('muteUi.words')}
        </h2>
        <MutedWords />
      </section>
    </Screen>
  );
}

function MutedMembers() {
  const { t } = useTranslation();
  const query = useMutedMembers();
  const members = flattenPages(query.data);
  if (query.isPending) return <Pending />;
  if (query.isError && members.length === 0) return <LoadFailed onRetry={() => query.refetch()} />;
  if (members.length === 0) return <EmptyState text={t('muteUi.membersEmpty')} />;
  return (
    <div className="list-card mute-members">
      <ul className="mute-members__list" data-testid="muted-members">
        {members.map((member) => (
          <li key={member.id} data-testid="muted-member" data-user-id={member.id}>
            <MutedRow member={member} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          block
          fill="none"
          className="mute-members__more"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('muteUi.more')}
        </Button>
      )}
    </div>
  );
}

function MutedRow({ member }: { member: MutedMember }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const unmute = useUnmuteMember();
  const until =
    member.until_at === null
      ? t('muteUi.forever')
      : t('muteUi.until', { date: fmt.dateTime(member.until_at) });
  return (
    <MemberRow
      // The line a list gives a signature says how long the mute lasts.
      member={{ ...member, signature: until }}
      action={
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          loading={unmute.isPending}
          onClick={() => unmute.mutate(member.id)}
          aria-label={t('muteUi.unmuteName', { name: member.nickname })}
          data-testid="unmute-button"
        >
          {t('muteUi.unmute')}
        </Button>
      }
    />
  );
}

function MutedWords() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const words = useMutedWords();
  const add = useMuteWord(WORD_REASONS);
  const [form] = Form.useForm<{ phrase: string }>();
  const list = words.data?.list ?? [];
  const max = words.data?.max;

  const submit = ({ phrase }: { phrase: string }) => {
    add.mutate(phrase.trim(), {
      onSuccess: () => form.resetFields(),
      onError: (error) => showAtField(form, error, WORD_FIELD),
    });
  };

  return (
    <>
      <p className="mute-words__hint muted">{t('muteUi.wordsHint')}</p>
      <AppForm form={form} layout="vertical" className="mute-words__form list-card" onFinish={submit}>
        <Form.Item
          name="phrase"
          label={t('muteUi.wordLabel')}
          rules={[ruleOf(validateMuteWord, t)]}
          extra={
            <Button
              type="submit"
              color="primary"
              shape="rounded"
              size="small"
              loading={add.isPending}
              disabled={add.isPending}
              data-testid="mute-word-add"
            >
              {t('muteUi.add')}
            </Button>
          }
        >
          <Input placeholder={t('muteUi.wordPlaceholder')} clearable data-testid="mute-word-input" />
        </Form.Item>
      </AppForm>
      {words.isPending ? (
        <DotLoading color="primary" />
      ) : words.isError ? (
        <LoadFailed onRetry={() => words.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState text={t('muteUi.wordsEmpty')} />
      ) : (
        <>
          {max !== undefined && (
            <p className="mute-words__count muted" data-testid="muted-words-count">
              {t('muteUi.wordsCount', { count: list.length, max: fmt.integer(max) })}
            </p>
          )}
          <List className="list-card" data-testid="muted-words">
            {list.map((word) => (
              <WordRow key={word.id} word={word} />
            ))}
          </List>
        </>
      )}
    </>
  );
}

function WordRow({ word }: { word: MutedWord }) {
  const { t } = useTranslation();
  const remove = useUnmuteWord();
  return (
    <List.Item
      data-testid="muted-word"
      extra={
        <button
          type="button"
          className="icon-button mute-words__remove"
          aria-label={t('muteUi.removeWord', { word: word.phrase })}
          disabled={remove.isPending}
          onClick={() => remove.mutate(word.id)}
          data-testid="muted-word-remove"
        >
          <CloseOutline />
        </button>
      }
    >
      <span className="mute-words__phrase">{word.phrase}</span>
    </List.Item>
  );
}
