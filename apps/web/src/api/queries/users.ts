import { endpoints, type User } from '@pixelhall/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';

export const userKeys = {
  me: ['me'] as const,
  one: (id: number) => ['users', id] as const,
};

/** The signed-in member; mirrored into the session store for code outside React. */
export const meQuery = () =>
  queryOptions({
    queryKey: userKeys.me,
    queryFn: async (): Promise<User> => {
      const user = await request(endpoints.users.getUser, {}, { login: true, successToast: false });
      useSession.getState().setUser(user);
      return user;
    },
  });

export function useMe() {
  const token = useSession((s) => s.token);
  return useQuery({ ...meQuery(), enabled: Boolean(token) });
}
