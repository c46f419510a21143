import { useTranslation } from 'react-i18next';
import { useGameTopics } from '../../api/queries/games';
import { flattenPages } from '../../api/queries/list-pages';
import { GameSectionHead } from '../../ui/games/GameLists';
import { TopicCard } from './TopicCard';

/** The first page of curated topics, sideways, with the way to all of them. */
export function TopicsStrip() {
  const { t } = useTranslation();
  const topics = flattenPages(useGameTopics().data);
  if (!topics.length) return null;
  return (
    <section className="game-section" data-testid="game-topics">
      <GameSectionHead
        title={t('gamesUi.topics')}
        moreTo="/game/components/topics"
        moreLabel={t('gamesUi.all')}
      />
      <ul className="game-strip game-strip--wide">
        {topics.map((topic) => (
          <li key={topic.id}>
            <TopicCard topic={topic} />
          </li>
        ))}
      </ul>
    </section>
  );
}
