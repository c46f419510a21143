import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { popupQuery } from '../../api/queries/first-screen';
import { useSeenPopups } from '../../state/popups';

/**
 * The announcement of pop/up, shown once per announcement on this device. It is opened from an
 * effect so that it closes when Home is hidden (kept alive) and comes back if still unanswered.
 * The modal's code loads only when there is one to show.
 */
export function HomePopup() {
  const seen = useSeenPopups((s) => s.seen);
  const markSeen = useSeenPopups((s) => s.markSeen);
  const popup = useQuery(popupQuery()).data;
  const pending = popup && !seen.includes(popup.id) ? popup : null;

  useEffect(() => {
    if (!pending) return;
    let gone = false;
    let handler: { close: () => void } | null = null;
    void import('./popup-modal').then(({ showHomePopup }) => {
      if (!gone) handler = showHomePopup(pending, () => markSeen(pending.id));
    });
    return () => {
      gone = true;
      handler?.close();
    };
  }, [pending, markSeen]);

  return null;
}
