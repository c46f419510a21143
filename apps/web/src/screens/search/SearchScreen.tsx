import { SEARCH_KEYWORD_MAX } from '@pixelhall/contract';
import { SearchBar, type SearchBarRef, Tabs } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchType } from '../../api/queries/search';
import { useHotIndex } from '../../state/hot-index';
import { useSearchHistory } from '../../state/search-history';
import { Screen } from '../../ui/Screen';
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
  const navigate = useNavigate();
  const input = useRef<SearchBarRef>(null);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<SearchType>('all');
  const remember = useSearchHistory((s) => s.add);
  const advanceHotIndex = useHotIndex((s) => s.advance);

  const searched = useRef(false);
  searched.current = keyword !== '';

  // Runs each time the kept-alive screen shows again: trending searches come up in a new order.
  useEffect(() => {
    advanceHotIndex();
    if (!searched.current) input.current?.focus();
  }, [advanceHotIndex]);

  const search = (value: string) => {
    const word = value.trim();
    if (!word) return;
    setText(word);
    setKeyword(word);
    setType('all');
    remember(word);
    input.current?.blur();
  };

  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/home', { replace: true });
  };

  return (
    <Screen className="search-screen">
      <header className="search-header" data-testid="search-bar">
        <SearchBar
          ref={input}
          className="search-header__bar"
          value={text}
          placeholder={t('home.searchPlaceholder')}
          maxLength={SEARCH_KEYWORD_MAX}
          showCancelButton={() => true}
          cancelText={t('common.cancel')}
          onChange={(value) => {
            setText(value);
            if (!value.trim()) setKeyword('');
          }}
          onSearch={search}
          onClear={() => setKeyword('')}
          onCancel={back}
        />
        {keyword && (
          <Tabs activeKey={type} onChange={(key) => setType(key as SearchType)} className="search-tabs">
            {TYPES.map((key) => (
              <Tabs.Tab key={key} title={t(`searchUi.${key}`)} />
            ))}
          </Tabs>
        )}
      </header>
      {keyword ? (
        <SearchResults key={`${keyword}\u0000${type}`} keyword={keyword} type={type} onType={setType} />
      ) : (
        <SearchSuggestions onPick={search} />
      )}
    </Screen>
  );
}
