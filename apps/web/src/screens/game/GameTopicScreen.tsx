import { useTranslation } from 'react-i18next';
import { useTopicGames } from '../../api/queries/games';
import { useRouteQuery } from '../../core/route-context';
import { PagedGames } from '../../ui/games/GameLists';
import { LazyImage } from '../../ui/LazyImage';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import './game.css';

/** A curated topic (/game/topic?id=): its cover, title and description, then its games in order. */
export default function GameTopicScreen() {
  const { t } = useTranslation();
  const id = Number(useRouteQuery().get('id')) || 0;
  const games = useTopicGames(id);
  const topic = games.data?.pages[0]?.topic;
  return (
    <Screen className="game-topic-screen">
      <NavBar title={topic?.title ?? t('gamesUi.topicTitle')} />
      {topic && (
        <header className="game-topic-hero" data-testid="game-topic-hero">
          <div className="game-topic-hero__cover">
            <LazyImage src={topic.cover} alt="" />
          </div>
          <h1 className="game-topic-hero__title">{topic.title}</h1>
          {topic.description && <p className="game-topic-hero__description">{topic.description}</p>}
          <p className="game-topic-hero__count">{t('gamesUi.gameCount', { count: topic.game_count })}</p>
        </header>
      )}
      {/* Keyed by topic: the kept-alive screen shows another topic from its first page. */}
      <PagedGames
        key={id}
        query={games}
        variant="row"
        extra={(game) => game.description}
        testId="game-topic-games"
      />
    </Screen>
  );
}
