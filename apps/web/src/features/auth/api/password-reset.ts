import type { PasswordResetBody, PasswordResetRequestBody } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** The answer of POST /auth/password-reset: the same sentence for every address. */
const ResetRequestedSchema = z.object({ message: z.string() });

/** POST /auth/password-reset: a reset link to the address, if it has an account (202 either way). */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  api('/auth/password-reset', { method: 'POST', body, schema: ResetRequestedSchema, noRefresh: true });

/** POST /auth/password-reset/confirm: the link's token and the new password (204). */
export const resetPassword = (body: PasswordResetBody) =>
  api('/auth/password-reset/confirm', { method: 'POST', body, noRefresh: true });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
