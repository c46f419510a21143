import { SEARCH_KEYWORD_MAX } from '@pixelhall/contract';
import { Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '../../api/queries/search';
import { useHotIndex } from '../../state/hot-index';
import { useSearchHistory } from '../../state/search-history';
import { Screen } from '../../ui/Screen';
import { SearchHeader, useKeywordSearch } from '../../ui/search/SearchHeader';
import { SearchResults } from './SearchResults';
import { SearchSuggestions } from './SearchSuggestions';
import './search.css';

const TYPES: SearchType[] = ['all', 'posts', 'topics', 'users'];

/**
 * Search: trending and recent searches until a keyword is searched, then the results by kind.
 * Kept alive, so the last search is still there on coming back.
 */
export default function SearchScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<SearchType>('all');
  const search = useKeywordSearch({
    remember: useSearchHistory((s) => s.add),
    maxLength: SEARCH_KEYWORD_MAX,
    fallback: '/home',
    onSearch: () => setType('all'),
  });
  const { keyword } = search;
  const advanceHotIndex = useHotIndex((s) => s.advance);

  // Runs each time the kept-alive screen shows again: trending searches come up in a new order.
  useEffect(() => {
    advanceHotIndex();
  }, [advanceHotIndex]);

  return (
    <Screen className="search-screen">
      <SearchHeader
        search={search}
        placeholder={t('home.searchPlaceholder')}
        maxLength={SEARCH_KEYWORD_MAX}
        testId="search-bar"
      >
        {keyword && (
          <Tabs activeKey={type} onChange={(key) => setType(key as SearchType)} className="search-tabs">
            {TYPES.map((key) => (
              <Tabs.Tab key={key} title={t(`searchUi.${key}`)} />
            ))}
          </Tabs>
        )}
      </SearchHeader>
      {keyword ? (
        <SearchResults key={`${keyword}\u0000${type}`} keyword={keyword} type={type} onType={setType} />
      ) : (
        <SearchSuggestions onPick={search.search} />
      )}
    </Screen>
  );
}
