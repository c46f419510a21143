import type { User } from '@pixelhall/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

interface SessionState {
  /** The bearer token; persisted (docs/product/app-shell-and-settings.md#what-the-device-remembers). */
  token: string | null;
  user: User | null;
  /** Gold the latest reward added (the "added-gold amount", docs/product/economy.md#rewards-on-screen), for the app to celebrate. */
  addedGold: number;
  setToken(token: string | null): void;
  setUser(user: User | null): void;
  setAddedGold(gold: number): void;
  clear(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      addedGold: 0,
      setToken: (token) => set({ token }),
      setUser: (user) => set({ user }),
      setAddedGold: (addedGold) => set({ addedGold }),
      clear: () => set({ token: null, user: null, addedGold: 0 }),
    }),
    // The user is re-fetched at start-up; only the token needs to survive a reload.
    { ...persisted<SessionState>('session'), partialize: (s) => ({ token: s.token }) },
  ),
);
