import { useTranslation } from 'react-i18next';
import { useGameTopics } from '../../api/queries/games';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { Screen } from '../../ui/Screen';
import { TopicCard } from './TopicCard';
import './game.css';

/** Every curated game topic (/game/components/topics), paged. */
export default function GameTopicsScreen() {
  const { t } = useTranslation();
  return (
    <Screen className="game-topics-screen">
      <NavBar title={t('gamesUi.allTopics')} />
      <PagedList
        query={useGameTopics()}
        className="game-topic-list"
        testId="game-topic-list"
        renderItem={(topic) => <TopicCard topic={topic} wide />}
      />
    </Screen>
  );
}
