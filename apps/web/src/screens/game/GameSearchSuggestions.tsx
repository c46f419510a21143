import { CloseOutline, DeleteOutline, FireFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useGameHotWords } from '../../api/queries/games';
import { useGameSearchHistory } from '../../state/game-search-history';
import { confirmAction } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';

/** The server's first places wear a flame. */
const HOT_FLAMES = 3;

/** Before searching: this device's game searches and the week's popular game searches. */
export function GameSearchSuggestions({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useGameSearchHistory();
  const hot = useGameHotWords().data?.list ?? [];

  const clear = async () => {
    const sure = await confirmAction({
      content: t('gamesUi.clearHistoryConfirm'),
      confirmText: t('gamesUi.clear'),
      danger: true,
    });
    if (sure) history.clear();
  };

  if (!history.keywords.length && !hot.length) return <EmptyState text={t('gamesUi.searchHint')} />;

  return (
    <div className="search-suggestions">
      {history.keywords.length > 0 && (
        <section className="section" data-testid="game-search-history">
          <div className="search-section-head">
            <h2 className="section__title">{t('gamesUi.searchHistory')}</h2>
            <button type="button" className="search-section-head__action" onClick={() => void clear()}>
              <DeleteOutline />
              <span>{t('gamesUi.clear')}</span>
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
                  aria-label={t('gamesUi.removeKeyword', { keyword: word })}
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
        <section className="section" data-testid="game-hot-words">
          <div className="search-section-head">
            <h2 className="section__title">{t('gamesUi.hotWords')}</h2>
          </div>
          <ol className="hot-list">
            {hot.map((item, rank) => (
              <li key={item.word}>
                <button type="button" className="hot-list__item" onClick={() => onPick(item.word)}>
                  <span className={`hot-list__place${rank < HOT_FLAMES ? ' hot-list__place--top' : ''}`}>
                    {rank + 1}
                  </span>
                  <span className="hot-list__word">{item.word}</span>
                  {rank === 0 && <FireFill className="hot-list__flame" aria-hidden="true" />}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
