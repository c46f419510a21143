import { IMAGE_MAX_BYTES, type PayloadOf, type User } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { showFailToast, showLoading, showSuccessToast } from '../../core/feedback';
import { localeFormat } from '../../core/intl-format';
import { useNavigate } from '../../core/navigation';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { ApiError, type FormCallOptions, request, upload } from '../client';
import { queryClient } from '../query-client';
import { signOut } from '../session';
import { meQuery } from './first-screen';
import { userKeys } from './keys';

/** The signed-in member; mirrored into the session store for code outside React. */
export { meQuery };

export function useMe() {
  const token = useSession((s) => s.token);
  return useQuery({ ...meQuery(), enabled: Boolean(token) });
}

/** Every screen that shows the member reads ['me'] or the session store: both get the answer. */
function rememberMe(user: User): void {
  queryClient.setQueryData(userKeys.me, user);
  useSession.getState().setUser(user);
}

/** Nickname, signature or avatar; the server's "Saved" is the success toast. */
export function useEditUserMutation() {
  return useMutation({
    mutationFn: (changes: PayloadOf<typeof routes.users.editUser>) => request(routes.users.editUser, changes),
    onSuccess: rememberMe,
  });
}

/** Refuses up front what the upload host would refuse anyway, without sending megabytes first. */
function avatarProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return i18n.t('errors.image_required');
  if (file.size > IMAGE_MAX_BYTES)
    return i18n.t('errors.image_too_large', { max: localeFormat(i18n.language).fileSize(IMAGE_MAX_BYTES) });
  return null;
}

/**
 * Uploads the picture to the upload host, then makes it the avatar. One loading indicator
 * covers both calls, so it does not blink off between them.
 */
export function useUploadAvatarMutation() {
  return useMutation({
    mutationFn: async (file: File): Promise<User> => {
      const problem = avatarProblem(file);
      if (problem) {
        showFailToast(problem);
        throw new ApiError('business', problem);
      }
      const stop = showLoading();
      try {
        const uploaded = await upload(
          routes.uploads.uploadFile,
          { file, app: 'images' },
          { loading: false, successToast: false },
        );
        return await request(routes.users.editUser, { avatar: uploaded.url });
      } finally {
        stop();
      }
    },
    onSuccess: rememberMe,
  });
}

/** Changing the password keeps this session; the server signs out the others. */
export function useChangePasswordMutation(options: FormCallOptions = {}) {
  return useMutation({
    mutationFn: (payload: PayloadOf<typeof routes.auth.resetEditPwd>) =>
      request(routes.auth.resetEditPwd, payload, options),
  });
}

/**
 * Signs out here whatever the server says: a member who asks to leave must not stay signed in
 * because the network failed or the token had already expired.
 */
export function useSignOutMutation() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await request(routes.auth.signOut, {}, { failToast: false });
      } catch {
        showSuccessToast(i18n.t('auth.signed_out'));
      }
    },
    onSettled: () => {
      signOut('signed-out');
      navigate('/me', { replace: true });
    },
  });
}
