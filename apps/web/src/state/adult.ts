import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

interface AdultState {
  /** The reader answered "yes" to "Are you 18+ years old?" on this device. */
  confirmed: boolean;
  confirm(): void;
}

/** The answer to the adult question (docs/product/posts-and-feeds.md#adult-topics), remembered on the device and sent as `adult_confirmed`. */
export const useAdultConfirmation = create<AdultState>()(
  persist(
    (set) => ({
      confirmed: false,
      confirm: () => set({ confirmed: true }),
    }),
    persisted<AdultState>('adult'),
  ),
);

/**
 * The answer as the payload field the server asks for before it shows an adult topic's post or
 * its comments; nothing until the reader said yes.
 */
export const adultAnswer = (): { adult_confirmed?: true } =>
  useAdultConfirmation.getState().confirmed ? { adult_confirmed: true } : {};
