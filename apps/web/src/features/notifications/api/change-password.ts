import type { ChangePasswordBody } from '@cafe/shared';
import { TokenPairSchema } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStorage } from '@/lib/storage-keys';

/**
 * POST /auth/password: the caller's new password, the current one asked. Every other session of the
 * person ends; this device goes on with the fresh token pair answered.
 */
export const changePassword = (body: ChangePasswordBody) =>
  api('/auth/password', { method: 'POST', body, schema: TokenPairSchema });

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (pair) => tokenStorage.save(pair.accessToken, pair.refreshToken),
  });
}
