import { Dialog } from 'antd-mobile';
import { CloseOutline, DeleteOutline, FireFill, RedoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHotSearches } from '../../api/queries/search';
import { hotBatch, useHotIndex } from '../../state/hot-index';
import { useSearchHistory } from '../../state/search-history';
import { EmptyState } from '../../ui/EmptyState';
import { nextOverlayZIndex, overlayStyle } from '../../ui/overlay';

/** Trending searches are shown this many at a time, a batch per hot index. */
const HOT_BATCH = 6;
/** The server's first places wear a flame. */
const HOT_FLAMES = 3;

/** Before searching: the member's recent searches and what is trending. */
export function SearchSuggestions({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const history = useSearchHistory();
  const hot = useHotSearches().data ?? [];
  const hotIndex = useHotIndex((s) => s.index);
  const advance = useHotIndex((s) => s.advance);
  const ranked = hot.map((item, rank) => ({ ...item, rank }));
  const shown = hotBatch(ranked, hotIndex, HOT_BATCH);

  const clear = async () => {
    const sure = await Dialog.confirm({
      style: overlayStyle(nextOverlayZIndex()),
      content: t('searchUi.clearConfirm'),
      confirmText: <span className="danger-text">{t('searchUi.clear')}</span>,
      cancelText: t('common.cancel'),
    });
    if (sure) history.clear();
  };

  if (!history.keywords.length && !hot.length) return <EmptyState text={t('searchUi.startHint')} />;

  return (
    <div className="search-suggestions">
      {history.keywords.length > 0 && (
        <section className="section" data-testid="search-history">
          <div className="search-section-head">
            <h2 className="section__title">{t('searchUi.history')}</h2>
            <button type="button" className="search-section-head__action" onClick={() => void clear()}>
              <DeleteOutline />
              <span>{t('searchUi.clear')}</span>
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
                  aria-label={t('searchUi.remove', { keyword: word })}
                  onClick={() => history.remove(word)}
                >
                  <CloseOutline />
                </button>
              </span>
            ))}
          </div>
        </section>
      )}
      {shown.length > 0 && (
        <section className="section" data-testid="search-hot">
          <div className="search-section-head">
            <h2 className="section__title">{t('searchUi.hot')}</h2>
            {hot.length > HOT_BATCH && (
              <button type="button" className="search-section-head__action" onClick={advance}>
                <RedoOutline />
                <span>{t('searchUi.shuffle')}</span>
              </button>
            )}
          </div>
          <ol className="hot-list">
            {shown.map((item) => (
              <li key={item.keyword}>
                <button type="button" className="hot-list__item" onClick={() => onPick(item.keyword)}>
                  <span className={`hot-list__place${item.rank < HOT_FLAMES ? ' hot-list__place--top' : ''}`}>
                    {item.rank + 1}
                  </span>
                  <span className="hot-list__word">{item.keyword}</span>
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
