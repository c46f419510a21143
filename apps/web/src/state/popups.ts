import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

/** Only the most recent announcements are worth remembering; older ids never come back. */
const SEEN_MAX = 50;

interface PopupsState {
  seen: number[];
  markSeen(id: number): void;
}

/** The pop-up announcements (pop/up) already shown on this device: each is shown once. */
export const useSeenPopups = create<PopupsState>()(
  persist(
    (set) => ({
      seen: [],
      markSeen: (id) => set((s) => (s.seen.includes(id) ? s : { seen: [id, ...s.seen].slice(0, SEEN_MAX) })),
    }),
    persisted<PopupsState>('popups'),
  ),
);
