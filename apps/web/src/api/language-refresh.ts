import { usePreferences } from '../state/preferences';
import { queryClient } from './query-client';

/**
 * The server answers what the product wrote (topic categories, banners, bets …) and its names in
 * the caller's language: after a switch, every answer kept so far is in the old one. Refetched
 * where shown, stale elsewhere. Returns the unsubscribe; started once by the app frame.
 */
export function listenForLanguage(): () => void {
  return usePreferences.subscribe((state, previous) => {
    if (state.locale.value !== previous.locale.value) void queryClient.invalidateQueries();
  });
}
