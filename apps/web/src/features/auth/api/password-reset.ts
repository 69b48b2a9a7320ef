import type { PasswordResetBody, PasswordResetRequestBody } from '@cafe/shared';
import { z } from 'zod';
import { authPost } from './auth-post';

/** The answer of POST /auth/password-reset: the same sentence for every address. */
const ResetRequestedSchema = z.object({ message: z.string() });

/** POST /auth/password-reset: a reset link to the address, if it has an account (202 either way). */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  authPost('/auth/password-reset', { body, schema: ResetRequestedSchema });

/** POST /auth/password-reset/confirm: the link's token and the new password (204). */
export const resetPassword = (body: PasswordResetBody) => authPost('/auth/password-reset/confirm', { body });
