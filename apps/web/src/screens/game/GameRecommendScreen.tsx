import { useTranslation } from 'react-i18next';
import { useHomeSectionGames } from '../../api/queries/games';
import { PagedGames } from '../../ui/games/GameLists';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import './game.css';

/**
 * Every recommended game (/game/components/recommend): the curated recommend section in full,
 * paged; the hub shows its first few (recommend/games answers the same curated order).
 */
export default function GameRecommendScreen() {
  const { t } = useTranslation();
  return (
    <Screen className="game-recommend-screen">
      <NavBar title={t('gamesUi.sections.recommend')} />
      <PagedGames
        query={useHomeSectionGames('recommend')}
        variant="row"
        extra={(game) => game.description}
        testId="game-recommend-list"
      />
    </Screen>
  );
}
