import { ADULT_AGE } from '@pixelhall/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { NoteTopic } from '../../state/note';
import { TopicIcon } from '../../ui/posts/TopicIcon';

/**
 * The chosen topic of the post being written (or the call to choose one); tapping it opens the
 * topic picker. `value`/`onChange` come from the Form.Item, which validates the choice.
 */
export function TopicField({
  topic,
  level,
  onOpen,
}: {
  topic: NoteTopic | null;
  level: number;
  onOpen: () => void;
  value?: number;
  onChange?: (value: number) => void;
}) {
  const { t } = useTranslation();
  const tooLow = topic !== null && topic.min_level > level;
  return (
    <button type="button" className="topic-field" onClick={onOpen} data-testid="note-topic">
      {topic ? (
        <>
          <TopicIcon topic={topic} size={36} />
          <span className="topic-field__text">
            <strong>{topic.name}</strong>
            <span className={tooLow ? 'danger-text' : 'muted'}>
              {tooLow
                ? t('errors.topic_level', { level: topic.min_level })
                : topic.min_age >= ADULT_AGE
                  ? t('note.adultTopic')
                  : t('note.changeTopic')}
            </span>
          </span>
        </>
      ) : (
        <>
          <span className="topic-field__empty" aria-hidden="true">
            #
          </span>
          <span className="topic-field__text">
            <strong>{t('note.chooseTopic')}</strong>
            <span className="muted">{t('note.chooseTopicHint')}</span>
          </span>
        </>
      )}
      <RightOutline className="topic-field__arrow" />
    </button>
  );
}
