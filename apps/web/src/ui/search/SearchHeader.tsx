import { SearchBar, type SearchBarRef } from 'antd-mobile';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import './search.css';

/** A search screen's keyword: what is typed, what was last searched, and how to search or leave. */
export interface KeywordSearch {
  input: RefObject<SearchBarRef | null>;
  text: string;
  setText(text: string): void;
  /** The searched keyword; '' while the suggestions show. */
  keyword: string;
  setKeyword(keyword: string): void;
  search(value: string): void;
  back(): void;
}

/**
 * The state behind a search screen's bar: searching trims (and cuts to `maxLength`) the keyword,
 * remembers it in the history and closes the keyboard. The screen is kept alive, so the bar takes
 * the focus each time it shows again, unless a search is on show. Leaving goes back, or to
 * `fallback` when the search was opened directly.
 */
export function useKeywordSearch({
  remember,
  maxLength,
  fallback,
  onSearch,
}: {
  remember: (keyword: string) => void;
  maxLength: number;
  fallback: string;
  /** Also called on each search, after the keyword is set. */
  onSearch?: (keyword: string) => void;
}): KeywordSearch {
  const navigate = useNavigate();
  const input = useRef<SearchBarRef>(null);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');

  const searched = useRef(false);
  searched.current = keyword !== '';
  useEffect(() => {
    if (!searched.current) input.current?.focus();
  }, []);

  const search = (value: string) => {
    const word = value.trim().slice(0, maxLength);
    if (!word) return;
    setText(word);
    setKeyword(word);
    onSearch?.(word);
    remember(word);
    input.current?.blur();
  };

  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };

  return { input, text, setText, keyword, setKeyword, search, back };
}

/** A search screen's sticky bar: typing, clearing or emptying it brings the suggestions back. */
export function SearchHeader({
  search,
  placeholder,
  maxLength,
  testId,
  children,
}: {
  search: KeywordSearch;
  placeholder: string;
  maxLength: number;
  testId: string;
  /** Under the bar (e.g. result tabs). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="search-header" data-testid={testId}>
      <SearchBar
        ref={search.input}
        className="search-header__bar"
        value={search.text}
        placeholder={placeholder}
        maxLength={maxLength}
        showCancelButton={() => true}
        cancelText={t('common.cancel')}
        onChange={(value) => {
          search.setText(value);
          if (!value.trim()) search.setKeyword('');
        }}
        onSearch={search.search}
        onClear={() => search.setKeyword('')}
        onCancel={search.back}
      />
      {children}
    </header>
  );
}
