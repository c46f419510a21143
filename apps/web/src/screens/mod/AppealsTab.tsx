import { APPEAL_ANSWER_MAX, type DeskAppeal, validateAppealAnswer } from '@pixelhall/contract';
import { Button, CapsuleTabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeskAppealState, useAnswerAppeal, useDeskAppeals } from '../../api/queries/appeals';
import { flattenPages } from '../../api/queries/list-pages';
import { confirmAction } from '../../core/confirm';
import { ActionSummary } from '../../ui/appeals/ActionSummary';
import { AppealStateBadge, Quote, TextSheet } from '../../ui/appeals/AppealParts';
import { EmptyState } from '../../ui/EmptyState';
import type { FieldsByReason } from '../../ui/field-errors';
import { useFormat } from '../../ui/format';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { UserAvatar } from '../../ui/UserAvatar';
import './appeals-tab.css';

/** The answer's own refusals, shown under the field; the rest (answered meanwhile, gone) toast. */
const ANSWER_FIELD: FieldsByReason = {
  'validation.appeal_answer_required': 'text',
  'validation.appeal_answer_max': 'text',
};

type Decision = { appeal: DeskAppeal; grant: boolean };

/**
 * The desk's Appeals tab (docs/product/moderation.md#appeals): the open appeals of the caller's
 * topics oldest first, each with the action appealed (who, why, the content as it was) and the
 * member's message; Grant or Deny takes a required answer and a confirmation. The answered ones
 * are a tap away.
 */
export default function AppealsTab() {
  const { t } = useTranslation();
  const [state, setState] = useState<DeskAppealState>('open');
  return (
    <div className="appeals-tab" data-testid="mod-appeals">
      <CapsuleTabs
        activeKey={state}
        onChange={(key) => setState(key as DeskAppealState)}
        className="appeals-tab__states"
      >
        <CapsuleTabs.Tab key="open" title={t('appeals.desk.open')} />
        <CapsuleTabs.Tab key="answered" title={t('appeals.desk.answered')} />
      </CapsuleTabs>
      <AppealList state={state} />
    </div>
  );
}

function AppealList({ state }: { state: DeskAppealState }) {
  const { t } = useTranslation();
  const query = useDeskAppeals(state);
  const answer = useAnswerAppeal();
  // The last decision stays while its sheet slides away, so the sheet's words do not change.
  const [decision, setDecision] = useState<Decision | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const appeals = flattenPages(query.data);

  if (query.isPending) return <Pending />;
  if (query.isError && appeals.length === 0) return <LoadFailed onRetry={() => query.refetch()} />;
  if (appeals.length === 0)
    return <EmptyState text={t(state === 'open' ? 'appeals.desk.empty' : 'appeals.desk.emptyAnswered')} />;

  const submit = async (text: string, showError: (error: unknown) => void) => {
    if (!decision) return;
    const { appeal, grant } = decision;
    const go = await confirmAction({
      title: t(grant ? 'appeals.desk.confirmGrantTitle' : 'appeals.desk.confirmDenyTitle'),
      content: t('appeals.desk.confirmText', { name: appeal.member.nickname }),
      confirmText: t(grant ? 'appeals.desk.grant' : 'appeals.desk.deny'),
      danger: !grant,
    });
    if (!go) return;
    answer.mutate(
      { id: appeal.id, grant, answer: text },
      { onSuccess: () => setSheetOpen(false), onError: showError },
    );
  };

  const target = decision?.appeal;
  const suspension = target?.action.action === 'suspend';
  return (
    <>
      <ul className="appeals-tab__list" data-testid="desk-appeals">
        {appeals.map((appeal) => (
          <li key={appeal.id}>
            <AppealCard
              appeal={appeal}
              onDecide={(grant) => {
                setDecision({ appeal, grant });
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
          className="appeals-tab__more"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('appeals.more')}
        </Button>
      )}
      <TextSheet
        visible={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title={t(decision?.grant ? 'appeals.desk.grantTitle' : 'appeals.desk.denyTitle')}
        hint={
          target &&
          (decision?.grant
            ? t(
                !target.in_force
                  ? 'appeals.desk.grantHintUndone'
                  : suspension
                    ? 'appeals.desk.grantHintSuspension'
                    : 'appeals.desk.grantHintRemoval',
                { name: target.member.nickname },
              )
            : t('appeals.desk.denyHint', { name: target.member.nickname }))
        }
        label={t('appeals.desk.answerLabel')}
        placeholder={t('appeals.desk.answerPlaceholder')}
        submitText={t(decision?.grant ? 'appeals.desk.grant' : 'appeals.desk.deny')}
        max={APPEAL_ANSWER_MAX}
        validate={validateAppealAnswer}
        fieldReasons={ANSWER_FIELD}
        pending={answer.isPending}
        onSubmit={(text, showError) => void submit(text, showError)}
        testId="appeal-answer-sheet"
      />
    </>
  );
}

function AppealCard({ appeal, onDecide }: { appeal: DeskAppeal; onDecide: (grant: boolean) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { action } = appeal;
  return (
    <article
      className="card appeal-card"
      data-testid="desk-appeal"
      data-appeal-id={appeal.id}
      aria-labelledby={`appeal-${appeal.id}-who`}
    >
      <header className="appeal-card__who">
        <UserAvatar user={appeal.member} size={36} />
        <div className="appeal-card__who-text">
          <h2 className="appeal-card__name" id={`appeal-${appeal.id}-who`}>
            {t('appeals.desk.from', { name: appeal.member.nickname })}
          </h2>
          <span className="muted appeal-card__when">
            {t('appeals.desk.appealedAt', { date: fmt.dateTime(appeal.created_at) })}
          </span>
        </div>
        {appeal.state !== 'open' && <AppealStateBadge state={appeal.state} />}
      </header>
      <div className="appeal-card__action">
        <ActionSummary action={action} withPostLink />
        <p className="appeal-card__by muted">
          {action.moderator
            ? t('appeals.desk.actionBy', { name: action.moderator.nickname })
            : t('appeals.desk.actionByOperator')}
        </p>
        {action.snapshot && (
          <Quote label={t('appeals.desk.snapshot')} text={action.snapshot} testId="appeal-snapshot" />
        )}
      </div>
      <Quote label={t('appeals.desk.message')} text={appeal.message} testId="appeal-message" />
      {appeal.state === 'open' ? (
        <>
          {!appeal.in_force && <p className="appeal-card__note muted">{t('appeals.desk.undone')}</p>}
          {appeal.can_answer ? (
            <div className="appeal-card__buttons">
              <Button
                color="primary"
                shape="rounded"
                onClick={() => onDecide(true)}
                data-testid="appeal-grant"
                aria-label={t('appeals.desk.grantName', { name: appeal.member.nickname })}
              >
                {t('appeals.desk.grant')}
              </Button>
              <Button
                shape="rounded"
                fill="outline"
                onClick={() => onDecide(false)}
                data-testid="appeal-deny"
                aria-label={t('appeals.desk.denyName', { name: appeal.member.nickname })}
              >
                {t('appeals.desk.deny')}
              </Button>
            </div>
          ) : (
            <p className="appeal-card__note muted" data-testid="appeal-own-action">
              {t('appeals.desk.ownAction')}
            </p>
          )}
        </>
      ) : (
        appeal.answer !== null && (
          <Quote
            label={
              appeal.answered_by
                ? t('appeals.desk.answeredBy', {
                    name: appeal.answered_by.nickname,
                    date: fmt.dateTime(appeal.answered_at ?? appeal.created_at),
                  })
                : t('appeals.desk.answeredAt', {
                    date: fmt.dateTime(appeal.answered_at ?? appeal.created_at),
                  })
            }
            text={appeal.answer}
            tone={appeal.state === 'granted' ? 'granted' : 'denied'}
            testId="appeal-answer"
          />
        )
      )}
    </article>
  );
}
