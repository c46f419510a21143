import type { BET_FILTERS, Bet, BetEvent } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { createIntentKeeper } from '../request-intent';
import { pageFields, usePagedQuery } from './paged-query';
import { taskKeys } from './tasks';
import { refreshBalances } from './wallet';

export type BetFilter = (typeof BET_FILTERS)[number];

export const betKeys = {
  all: ['bets'] as const,
  events: ['bets', 'events'] as const,
  list: (filter: BetFilter) => ['bets', 'list', filter] as const,
};

/** Events open for betting (soonest closing first), then recent ones. Visitors may look too. */
export function useBetEvents() {
  return usePagedQuery<BetEvent>({
    queryKey: betKeys.events,
    fetchPage: (param, signal) =>
      request(routes.bets.betEvents, pageFields(param), {
        successToast: false,
        failToast: false,
        signal,
      }),
  });
}

/** The caller's bets under one of the five filters, newest first. */
export function useBetList(filter: BetFilter) {
  const token = useSession((s) => s.token);
  return usePagedQuery<Bet>({
    queryKey: betKeys.list(filter),
    fetchPage: (param, signal) =>
      request(
        routes.bets.betList,
        { ...pageFields(param), filter },
        { successToast: false, failToast: false, signal },
      ),
    enabled: Boolean(token),
  });
}

export interface PlaceBet {
  eventId: number;
  optionId: number;
  amount: number;
}

/** One request id per confirmed bet; a retry after a lost answer replays it (see request-intent). */
const placements = createIntentKeeper();

/**
 * Places a bet. The server's "Bet placed" is the success toast; a shortage answers 1003, which
 * the client turns into the "Not enough coins" dialog.
 */
export function usePlaceBet() {
  return useMutation({
    mutationFn: (bet: PlaceBet) =>
      placements.run(`${bet.eventId}:${bet.optionId}:${bet.amount}`, (request_id) =>
        request(routes.bets.newBet, {
          event_id: bet.eventId,
          option: bet.optionId,
          amount: bet.amount,
          request_id,
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: betKeys.all });
      // The daily "place a bet" task counts it.
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      refreshBalances();
    },
  });
}
