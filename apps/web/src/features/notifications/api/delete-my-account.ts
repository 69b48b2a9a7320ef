import type { DeleteOwnAccountBody } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * DELETE /user/me: deletes the caller's account, `confirm` being their own e-mail address. 400
 * when it is not; 409 ACCOUNT_HAS_OPEN_ORDERS while one of their orders waits or is being made.
 */
export const deleteMyAccount = (body: DeleteOwnAccountBody) => api('/user/me', { method: 'DELETE', body });

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount });
}
