import { CloseOutline, DeleteOutline, FireFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { confirmAction } from '../../core/confirm';
import type { SearchHistoryState } from '../../state/search-history';
import { EmptyState } from '../EmptyState';
import './search.css';

/** The server's first places wear a flame. */
const HOT_FLAMES = 3;

/** A popular search and its place in the server's ranking (0 = first). */
export interface HotWord {
  word: string;
  rank: number;
}

/** The words of one kind of search: each search screen has its own translation group. */
export interface SuggestionLabels {
  empty: string;
  history: string;
  clear: string;
  clearConfirm: string;
  remove(keyword: string): string;
  hot: string;
}

/**
 * Before searching: this device's past searches (tap to search again, remove one, clear all after
 * asking) and the popular searches, ranked. Shows a hint when there is neither.
 */
export function SearchSuggestions({
  history,
  hot,
  hotAction,
  labels,
  testIds,
  onPick,
}: {
  history: SearchHistoryState;
  /** The popular searches to show now. */
  hot: readonly HotWord[];
  /** A button beside the popular searches' title (e.g. another batch). */
  hotAction?: ReactNode;
  labels: SuggestionLabels;
  testIds: { history: string; hot: string };
  onPick: (keyword: string) => void;
}) {
  const clear = async () => {
    const sure = await confirmAction({
      content: labels.clearConfirm,
      confirmText: labels.clear,
      danger: true,
    });
    if (sure) history.clear();
  };

  if (!history.keywords.length && !hot.length) return <EmptyState text={labels.empty} />;

  return (
    <div className="search-suggestions">
      {history.keywords.length > 0 && (
        <section className="section" data-testid={testIds.history}>
          <div className="search-section-head">
            <h2 className="section__title">{labels.history}</h2>
            <button type="button" className="search-section-head__action" onClick={() => void clear()}>
              <DeleteOutline />
              <span>{labels.clear}</span>
            </button>
          </div>
          <div className="search-chips">
            {history.keywords.map((word) => (
              <span key={word} className="search-chip">
                <button type="button" className="search-chip__word" onClick={() => onPick(word)}>
                  {word}
                </button>
                <button
                  type="button"
                  className="search-chip__remove"
                  aria-label={labels.remove(word)}
                  onClick={() => history.remove(word)}
                >
                  <CloseOutline />
                </button>
              </span>
            ))}
          </div>
        </section>
      )}
      {hot.length > 0 && (
        <section className="section" data-testid={testIds.hot}>
          <div className="search-section-head">
            <h2 className="section__title">{labels.hot}</h2>
            {hotAction}
          </div>
          <ol className="hot-list">
            {hot.map((item) => (
              <li key={item.word}>
                <button type="button" className="hot-list__item" onClick={() => onPick(item.word)}>
                  <span className={`hot-list__place${item.rank < HOT_FLAMES ? ' hot-list__place--top' : ''}`}>
                    {item.rank + 1}
                  </span>
                  <span className="hot-list__word">{item.word}</span>
                  {item.rank === 0 && <FireFill className="hot-list__flame" aria-hidden="true" />}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
