import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { EventFence } from './EventFence';
import type { HistoryTarget } from './HistorySheet';
import './edits.css';

// The sheet and its query load on the first tap, not with the feed.
const HistorySheet = lazy(() => import('./HistorySheet'));

/**
 * "edited" beside the time of a post or comment its author edited; a tap opens every version
 * (docs/product/moderation.md#edits-with-history), so an edit cannot hide what was said.
 */
export function EditedMark({ target, editedAt }: { target: HistoryTarget; editedAt: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="edited-mark"
        aria-label={t('edits.showHistory', { time: fmt.dateTime(editedAt) })}
        aria-haspopup="dialog"
        onClick={(event) => {
          // The card around it opens the post on a tap.
          event.stopPropagation();
          setWanted(true);
          setOpen(true);
        }}
        data-testid="edited-mark"
      >
        {t('edits.edited')}
      </button>
      {wanted && (
        <EventFence>
          <Suspense fallback={null}>
            <HistorySheet target={target} visible={open} onClose={() => setOpen(false)} />
          </Suspense>
        </EventFence>
      )}
    </>
  );
}
