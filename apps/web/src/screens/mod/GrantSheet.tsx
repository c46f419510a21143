import { MOD_TOPICS_MAX, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { Button, DotLoading } from 'antd-mobile';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantModerator } from '../../api/queries/moderation';
import { useTopicGroups } from '../../api/queries/note';
import { useCategories } from '../../api/queries/topics';
import { confirmAction } from '../../core/confirm';
import { BottomSheet } from '../../ui/BottomSheet';
import { LoadFailed } from '../../ui/QueryStates';
import { ChoiceChips } from './ChoiceChips';
import { useLatest } from './use-latest';

type Scope = 'all' | 'some';

/**
 * Making a member a moderator (administrators): of every topic, or of the topics picked. Granting
 * again replaces the topics, so the sheet also re-scopes a moderator (`current` are theirs now).
 */
export function GrantSheet({
  user,
  current,
  onClose,
}: {
  user: { id: number; nickname: string } | null;
  current?: readonly number[];
  onClose: () => void;
}) {
  // The member stays on the sheet while it slides away.
  const shown = useLatest(user);
  return (
    <BottomSheet visible={user !== null} onClose={onClose} className="mod-sheet mod-grant" destroyOnClose>
      {shown && <GrantForm key={shown.id} user={shown} current={current ?? []} onDone={onClose} />}
    </BottomSheet>
  );
}

function GrantForm({
  user,
  current,
  onDone,
}: {
  user: { id: number; nickname: string };
  current: readonly number[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const grant = useGrantModerator();
  const categories = useCategories();
  const categoryIds = useMemo(() => (categories.data ?? []).map((c) => c.id), [categories.data]);
  const groups = useTopicGroups(categoryIds);
  const [scope, setScope] = useState<Scope>(current.length ? 'some' : 'all');
  const [picked, setPicked] = useState<number[]>([...current]);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (id: number) => {
    setProblem(null);
    setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  };

  const submit = async () => {
    const topicIds = scope === 'all' ? [] : picked;
    if (scope === 'some' && topicIds.length === 0) return setProblem(t('modDesk.grant.pickTopics'));
    if (topicIds.length > MOD_TOPICS_MAX)
      return setProblem(t('modDesk.grant.tooMany', { max: MOD_TOPICS_MAX }));
    const ok = await confirmAction({
      content:
        scope === 'all'
          ? t('modDesk.grant.confirmAll', { name: user.nickname })
          : t('modDesk.grant.confirmSome', { name: user.nickname, count: topicIds.length }),
      confirmText: t('modDesk.grant.submit'),
    });
    if (!ok) return;
    grant.mutate({ userId: user.id, topicIds }, { onSuccess: onDone });
  };

  // Each topic once, by category, without the member's own "followed" group.
  const seen = new Set<number>();
  const sections = groups.groups
    .filter((g) => g.categoryId !== YOURS_CATEGORY_ID)
    .map((g) => ({
      name: categories.data?.find((c) => c.id === g.categoryId)?.name ?? '',
      topics: g.topics.filter((topic) => !seen.has(topic.id) && seen.add(topic.id)),
    }))
    .filter((s) => s.topics.length > 0);

  return (
    <section aria-labelledby={titleId} data-testid="mod-grant-sheet">
      <h2 className="mod-sheet__title" id={titleId}>
        {t('modDesk.grant.title', { name: user.nickname })}
      </h2>
      <p className="mod-sheet__hint muted">{t('modDesk.grant.hint')}</p>
      <ChoiceChips
        label={t('modDesk.grant.scope')}
        options={[
          { value: 'all', label: t('modDesk.grant.all') },
          { value: 'some', label: t('modDesk.grant.some') },
        ]}
        value={scope}
        onChange={(value) => {
          setScope(value);
          setProblem(null);
        }}
        testId="mod-grant-scope"
      />
      {scope === 'some' && (
        <div className="mod-grant__topics" data-testid="mod-grant-topics">
          {categories.isError || (groups.failed && sections.length === 0) ? (
            <LoadFailed
              onRetry={() => {
                void categories.refetch();
                groups.retry();
              }}
            />
          ) : categories.isPending || (groups.pending && sections.length === 0) ? (
            <DotLoading color="primary" />
          ) : (
            sections.map((section) => (
              <fieldset key={section.name} className="mod-grant__group">
                <legend className="mod-choice__label">{section.name}</legend>
                <div className="mod-choice__chips">
                  {section.topics.map((topic) => (
                    <button
                      key={topic.id}
                      type="button"
                      className="mod-chip"
                      aria-pressed={picked.includes(topic.id)}
                      onClick={() => toggle(topic.id)}
                    >
                      {topic.name}
                    </button>
                  ))}
                </div>
              </fieldset>
            ))
          )}
        </div>
      )}
      {problem && (
        <p className="mod-reason__problem" role="alert">
          {problem}
        </p>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={grant.isPending}
        disabled={grant.isPending}
        onClick={() => void submit()}
        data-testid="mod-grant-submit"
      >
        {t('modDesk.grant.submit')}
      </Button>
    </section>
  );
}
