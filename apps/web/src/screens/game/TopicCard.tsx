import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import { LazyImage } from '../../ui/LazyImage';

export interface GameTopic {
  id: number;
  title: string;
  description: string;
  cover: string;
  game_count: number;
}

export function topicPath(id: number): string {
  return `/game/topic?${new URLSearchParams({ id: String(id) })}`;
}

/** A curated game topic: its cover with the title and game count over it. */
export function TopicCard({ topic, wide = false }: { topic: GameTopic; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      className={`game-topic-card${wide ? ' game-topic-card--wide' : ''}`}
      to={topicPath(topic.id)}
      data-testid="game-topic-card"
    >
      <LazyImage src={topic.cover} alt="" />
      <span className="game-topic-card__text">
        <span className="game-topic-card__title">{topic.title}</span>
        <span className="game-topic-card__count">{t('gamesUi.gameCount', { count: topic.game_count })}</span>
      </span>
    </Link>
  );
}
