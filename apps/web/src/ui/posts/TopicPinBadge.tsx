import { useTranslation } from 'react-i18next';
import { topicPinLeft } from './pin-time';
import './topic-pin.css';
import { useFormat } from '../format';

/**
 * "Pinned · 23h left": a post a topic-pin prop holds at the top of its topic, on cards and on
 * the post screen. Nothing once the pin has run out.
 */
export function TopicPinBadge({ until }: { until: number | null }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const left = topicPinLeft(until, Date.now());
  if (!left || until === null) return null;
  const text =
    left.unit === 'days'
      ? t('propsUi.pin.daysLeft', { count: left.count })
      : left.unit === 'hours'
        ? t('propsUi.pin.hoursLeft', { count: left.count })
        : t('propsUi.pin.minutesLeft', { count: left.count });
  return (
    <span
      className="topic-pin-badge"
      title={t('propsUi.pin.until', { date: fmt.dateTime(until) })}
      data-testid="post-topic-pinned"
    >
      <svg viewBox="0 0 8 8" width="10" height="10" shape-rendering="crispEdges" aria-hidden="true">
        <path fill="currentColor" d="M2 0h4v1H5v2h1v1h1v1H5v3H3V5H1V4h1V3h1V1H2z" />
      </svg>
      {text}
    </span>
  );
}
