import { SearchBar, type SearchBarRef } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGameList } from '../../api/queries/games';
import { useGameSearchHistory } from '../../state/game-search-history';
import { PagedGames } from '../../ui/games/GameLists';
import { Screen } from '../../ui/Screen';
import { GameSearchSuggestions } from './GameSearchSuggestions';
import '../search/search.css';
import './game.css';

/** The server's limit on a game keyword (gameList payload). */
const GAME_KEYWORD_MAX = 50;

/**
 * Game search: this device's game searches and the popular ones until a keyword is searched,
 * then the matching games. Kept alive, so the last search is still there on coming back.
 */
export default function GameSearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<SearchBarRef>(null);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const remember = useGameSearchHistory((s) => s.add);

  const searched = useRef(false);
  searched.current = keyword !== '';
  useEffect(() => {
    if (!searched.current) input.current?.focus();
  }, []);

  const search = (value: string) => {
    const word = value.trim().slice(0, GAME_KEYWORD_MAX);
    if (!word) return;
    setText(word);
    setKeyword(word);
    remember(word);
    input.current?.blur();
  };

  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/game', { replace: true });
  };

  return (
    <Screen className="game-search-screen">
      <header className="search-header" data-testid="game-search-bar">
        <SearchBar
          ref={input}
          className="search-header__bar"
          value={text}
          placeholder={t('gameHub.searchPlaceholder')}
          maxLength={GAME_KEYWORD_MAX}
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
      </header>
      {keyword ? (
        <SearchResults key={keyword} keyword={keyword} />
      ) : (
        <GameSearchSuggestions onPick={search} />
      )}
    </Screen>
  );
}

function SearchResults({ keyword }: { keyword: string }) {
  return (
    <PagedGames query={useGameList({ keyword, sort: 'hot' })} variant="row" testId="game-search-results" />
  );
}
