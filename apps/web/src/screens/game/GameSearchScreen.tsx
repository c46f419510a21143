import { useTranslation } from 'react-i18next';
import { useGameList } from '../../api/queries/games';
import { useGameSearchHistory } from '../../state/game-search-history';
import { PagedGames } from '../../ui/games/GameLists';
import { Screen } from '../../ui/Screen';
import { SearchHeader, useKeywordSearch } from '../../ui/search/SearchHeader';
import { GameSearchSuggestions } from './GameSearchSuggestions';
import './game.css';

/** The server's limit on a game keyword (gameList payload). */
const GAME_KEYWORD_MAX = 50;

/**
 * Game search: this device's game searches and the popular ones until a keyword is searched,
 * then the matching games. Kept alive, so the last search is still there on coming back.
 */
export default function GameSearchScreen() {
  const { t } = useTranslation();
  const search = useKeywordSearch({
    remember: useGameSearchHistory((s) => s.add),
    maxLength: GAME_KEYWORD_MAX,
    fallback: '/game',
  });

  return (
    <Screen className="game-search-screen">
      <SearchHeader
        search={search}
        placeholder={t('gameHub.searchPlaceholder')}
        maxLength={GAME_KEYWORD_MAX}
        testId="game-search-bar"
      />
      {search.keyword ? (
        <SearchResults key={search.keyword} keyword={search.keyword} />
      ) : (
        <GameSearchSuggestions onPick={search.search} />
      )}
    </Screen>
  );
}

function SearchResults({ keyword }: { keyword: string }) {
  return (
    <PagedGames query={useGameList({ keyword, sort: 'hot' })} variant="row" testId="game-search-results" />
  );
}
