import type { CurrencyName, LedgerEntry, Post, Wallet } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { createIntentKeeper } from '../request-intent';
import { userKeys } from './keys';
import { pageFields, usePagedQuery } from './paged-query';
import { updatePostCaches } from './post-cache';

/** All under 'wallet', which the session transitions clear. */
export const walletKeys = {
  all: ['wallet'] as const,
  balances: ['wallet', 'balances'] as const,
  history: (currency: CurrencyName | null) => ['wallet', 'history', currency ?? 'all'] as const,
};

const quiet = { successToast: false } as const;

/**
 * After gold or diamonds moved: the balances, their history and the member (get/user carries
 * the balances too) are asked again wherever they are shown.
 */
export function refreshBalances(): void {
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  void queryClient.invalidateQueries({ queryKey: userKeys.me });
}

/** The member's gold and diamonds, and the diamond exchange rate. */
export function useWallet(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: walletKeys.balances,
    queryFn: ({ signal }) => request(routes.wallet.userWallet, {}, { ...quiet, signal }),
    enabled: enabled && Boolean(token),
  });
}

/** The balance history, newest first; `currency` null for both. */
export function useWalletHistory(currency: CurrencyName | null) {
  return usePagedQuery<LedgerEntry>({
    queryKey: walletKeys.history(currency),
    fetchPage: (param, signal) =>
      request(
        routes.wallet.walletHistory,
        { ...pageFields(param), ...(currency ? { currency } : {}) },
        { ...quiet, signal },
      ),
  });
}

const exchanges = createIntentKeeper();

/**
 * Diamonds to gold. The server's "Exchanged … for … gold" is the success toast and
 * "Insufficient diamond balance" the fail toast; the answer holds the new balances.
 */
export function useExchange() {
  return useMutation({
    mutationFn: (diamonds: number) =>
      exchanges.run(String(diamonds), (request_id) =>
        request(routes.wallet.exchangeDiamonds, { diamonds, request_id }),
      ),
    onSuccess: ({ gold, diamonds, gold_per_diamond }) => {
      queryClient.setQueryData<Wallet>(walletKeys.balances, { gold, diamonds, gold_per_diamond });
      refreshBalances();
    },
  });
}

/**
 * Unlocks a paid post with gold (pay/link). The unlocked post, text, files and links in full,
 * replaces the teaser in every cache. A post of an adult topic needs the reader's 18+ answer,
 * as posts/detail does. Short of gold the client shows "Not enough coins" and
 * the call rejects: nothing more to show here.
 */
export function useUnlockPost() {
  return useMutation({
    mutationFn: ({ id, adultConfirmed }: { id: number; adultConfirmed: boolean }) =>
      request(routes.posts.payLink, adultConfirmed ? { id, adult_confirmed: true } : { id }),
    onSuccess: (post: Post) => {
      updatePostCaches(queryClient, { kind: 'replace', postId: post.id, post });
      refreshBalances();
    },
  });
}
