import { APPEAL_MESSAGE_MAX, validateAppealMessage } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NoticeRow, useCreateAppeal, useMyModeration } from '../../api/queries/appeals';
import { flattenPages } from '../../api/queries/list-pages';
import { ActionSummary, useActionTitle } from '../../ui/appeals/ActionSummary';
import { AppealStateBadge, Quote, TextSheet } from '../../ui/appeals/AppealParts';
import { EmptyState } from '../../ui/EmptyState';
import { type FieldsByReason, reasonsAtFields } from '../../ui/field-errors';
import { useFormat } from '../../ui/format';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import './moderation-notices.css';

/** The message's own refusals, shown under the field; the others (appealed, undone) toast. */
const MESSAGE_FIELD: FieldsByReason = {
  'validation.appeal_message_required': 'text',
  'validation.appeal_message_max': 'text',
};
const MESSAGE_REASONS = reasonsAtFields(MESSAGE_FIELD);

/**
 * /me/moderation, "Moderation notices" (docs/product/moderation.md#appeals): everything
 * moderators did about the member's posts, comments and account, newest first, with the reason;
 * a removal or a suspension in force can be appealed once, and the answer shows on its card.
 */
export default function ModerationNoticesScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <NavBar title={t('appeals.title')} />
      <p className="section muted moderation-cards-hint">{t('appeals.hint')}</p>
      <Notices />
    </Screen>
  );
}

function Notices() {
  const { t } = useTranslation();
  const query = useMyModeration();
  const create = useCreateAppeal(MESSAGE_REASONS);
  const title = useActionTitle();
  // The notice stays while its sheet slides away, so the sheet's words do not change.
  const [target, setTarget] = useState<NoticeRow | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const notices = flattenPages(query.data);

  if (query.isPending) return <Pending />;
  if (query.isError && notices.length === 0) return <LoadFailed onRetry={() => query.refetch()} />;
  if (notices.length === 0) return <EmptyState text={t('appeals.empty')} />;

  return (
    <>
      <ul className="moderation-cards" data-testid="moderation-notices">
        {notices.map((notice) => (
          <li key={notice.id}>
            <NoticeCard
              notice={notice}
              onAppeal={() => {
                setTarget(notice);
                setSheetOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          block
          fill="none"
          className="moderation-cards__more"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('appeals.more')}
        </Button>
      )}
      <TextSheet
        visible={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title={t('appeals.appealTitle')}
        hint={target ? `${title(target.action.action)} · ${t('appeals.appealHint')}` : undefined}
        label={t('appeals.messageLabel')}
        placeholder={t('appeals.messagePlaceholder')}
        submitText={t('appeals.send')}
        max={APPEAL_MESSAGE_MAX}
        validate={validateAppealMessage}
        fieldReasons={MESSAGE_FIELD}
        pending={create.isPending}
        onSubmit={(message, showError) => {
          if (!target) return;
          create.mutate(
            { actionId: target.id, message },
            { onSuccess: () => setSheetOpen(false), onError: showError },
          );
        }}
        testId="appeal-sheet"
      />
    </>
  );
}

function NoticeCard({ notice, onAppeal }: { notice: NoticeRow; onAppeal: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const title = useActionTitle();
  const { action, appeal } = notice;
  const aboutContent = action.target_type === 'post' || action.target_type === 'comment';
  return (
    <article
      className="card moderation-card"
      data-testid="moderation-notice"
      data-action-id={action.id}
      data-kind={action.action}
    >
      <ActionSummary action={action} withPostLink={aboutContent} />
      {appeal ? (
        <div className="moderation-card__appeal">
          <AppealStateBadge state={appeal.state} />
          <Quote
            label={t('appeals.yourAppeal', { date: fmt.dateTime(appeal.created_at) })}
            text={appeal.message}
            testId="notice-appeal-message"
          />
          {appeal.state === 'open' || appeal.answer === null ? (
            <p className="moderation-card__waiting muted">{t('appeals.waiting')}</p>
          ) : (
            <Quote
              label={t('appeals.answer', { date: fmt.dateTime(appeal.answered_at ?? appeal.created_at) })}
              text={appeal.answer}
              tone={appeal.state === 'granted' ? 'granted' : 'denied'}
              testId="notice-appeal-answer"
            />
          )}
        </div>
      ) : (
        notice.appealable && (
          <Button
            className="moderation-card__button"
            color="primary"
            fill="outline"
            shape="rounded"
            size="small"
            onClick={onAppeal}
            aria-label={t('appeals.appealName', { kind: title(action.action) })}
            data-testid="notice-appeal"
          >
            {t('appeals.appeal')}
          </Button>
        )
      )}
    </article>
  );
}
