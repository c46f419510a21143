import { RedoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHotSearches } from '../../api/queries/search';
import { hotBatch, useHotIndex } from '../../state/hot-index';
import { useSearchHistory } from '../../state/search-history';
import { SearchSuggestions as Suggestions } from '../../ui/search/SearchSuggestions';

/** Trending searches are shown this many at a time, a batch per hot index. */
const HOT_BATCH = 6;

/** Before searching: the member's recent searches and what is trending. */
export function SearchSuggestions({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useSearchHistory();
  const hot = useHotSearches().data ?? [];
  const hotIndex = useHotIndex((s) => s.index);
  const advance = useHotIndex((s) => s.advance);
  const ranked = hot.map((item, rank) => ({ word: item.keyword, rank }));

  return (
    <Suggestions
      history={history}
      hot={hotBatch(ranked, hotIndex, HOT_BATCH)}
      hotAction={
        hot.length > HOT_BATCH && (
          <button type="button" className="search-section-head__action" onClick={advance}>
            <RedoOutline />
            <span>{t('searchUi.shuffle')}</span>
          </button>
        )
      }
      labels={{
        empty: t('searchUi.startHint'),
        history: t('searchUi.history'),
        clear: t('searchUi.clear'),
        clearConfirm: t('searchUi.clearConfirm'),
        remove: (keyword) => t('searchUi.remove', { keyword }),
        hot: t('searchUi.hot'),
      }}
      testIds={{ history: 'search-history', hot: 'search-hot' }}
      onPick={onPick}
    />
  );
}
