import type { User } from '@pixelhall/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

interface SessionState {
  /** The bearer token; persisted (spec §3). */
  token: string | null;
  user: User | null;
  setToken(token: string | null): void;
  setUser(user: User | null): void;
  clear(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      setToken: (token) => set({ token }),
      setUser: (user) => set({ user }),
      clear: () => set({ token: null, user: null }),
    }),
    // The user is re-fetched at start-up; only the token needs to survive a reload.
    { ...persisted<SessionState>('session'), partialize: (s) => ({ token: s.token }) },
  ),
);
