import type { DataOf, PayloadOf, User } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { type FormCallOptions, request } from '../client';
import { queryClient } from '../query-client';
import { userKeys } from './keys';

type Auth = typeof routes.auth;

export const authKeys = { providers: ['auth', 'providers'] as const };

/**
 * The auth calls. Success toasts are the server's own words ("Welcome back, …"); failures toast
 * the server's message, except those the form shows at a field (`fieldReasons`).
 */
function useAuthCall<K extends keyof Auth>(name: K, options: FormCallOptions = {}) {
  return useMutation<DataOf<Auth[K]>, Error, PayloadOf<Auth[K]>>({
    mutationFn: (payload) => request(routes.auth[name], payload, options) as Promise<DataOf<Auth[K]>>,
  });
}

export const useRegister = (options?: FormCallOptions) => useAuthCall('register', options);
export const useLogin = (options?: FormCallOptions) => useAuthCall('login', options);
export const useTourist = () => useAuthCall('tourist');
export const useSendMail = () => useAuthCall('sendMail');
export const useResetPassword = (options?: FormCallOptions) => useAuthCall('resetPwd', options);
/** A native shell's provider SDK hands the app an ID token; this exchanges it for a session. */
export const useThirdLogin = () => useAuthCall('thirdLogin');

/** The signed-in member's profile as an auth call answers it: every screen that shows them gets it. */
function rememberUser(user: User): void {
  queryClient.setQueryData(userKeys.me, user);
  useSession.getState().setUser(user);
}

/** Turns the visitor account into a member; the session and everything it did stay. */
export function useRegUser(options: FormCallOptions = {}) {
  return useMutation({
    mutationFn: (payload: PayloadOf<Auth['regUser']>) => request(routes.auth.regUser, payload, options),
    onSuccess: ({ user }) => rememberUser(user),
  });
}

/** Proves the pending address with the mailed code; the answer's profile now holds it as proven. */
export function useVerifyEmail(options: FormCallOptions = {}) {
  return useMutation({
    mutationFn: (payload: PayloadOf<Auth['verifyEmail']>) =>
      request(routes.auth.verifyEmail, payload, options),
    onSuccess: ({ user }) => rememberUser(user),
  });
}

/** Mails the pending address its code again; the toast names the address. */
export const useSendVerifyMail = () => useAuthCall('sendVerifyMail');

export const providersQuery = () => ({
  queryKey: authKeys.providers,
  queryFn: () =>
    request(routes.auth.thirdProviders, {}, { method: 'GET', successToast: false, failToast: false }),
  staleTime: 5 * 60_000,
});

/** The configured OpenID Connect providers; none when the server has none (or can't say). */
export function useProviders() {
  return useQuery(providersQuery());
}
