import { useTranslation } from 'react-i18next';
import { useGameHotWords } from '../../api/queries/games';
import { useGameSearchHistory } from '../../state/game-search-history';
import { SearchSuggestions } from '../../ui/search/SearchSuggestions';

/** Before searching: this device's game searches and the week's popular game searches. */
export function GameSearchSuggestions({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useGameSearchHistory();
  const hot = useGameHotWords().data?.list ?? [];
  return (
    <SearchSuggestions
      history={history}
      hot={hot.map((item, rank) => ({ word: item.word, rank }))}
      labels={{
        empty: t('gamesUi.searchHint'),
        history: t('gamesUi.searchHistory'),
        clear: t('gamesUi.clear'),
        clearConfirm: t('gamesUi.clearHistoryConfirm'),
        remove: (keyword) => t('gamesUi.removeKeyword', { keyword }),
        hot: t('gamesUi.hotWords'),
      }}
      testIds={{ history: 'game-search-history', hot: 'game-hot-words' }}
      onPick={onPick}
    />
  );
}
