import { z } from 'zod';
import { LIMITS } from './limits';
import { EmailSchema, PASSWORD_MESSAGES } from './schemas';

/**
 * A new password as the contract takes it: the length rule only. The server also refuses one that
 * is easy to guess (400 `WEAK_PASSWORD`, with the reason): common passwords, the person's own
 * e-mail or name, the company's name (docs/decisions/0051-passwords-and-sessions.md).
 */
export const NewPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(LIMITS.passwordMin, { message: PASSWORD_MESSAGES.tooShort })
  .max(LIMITS.passwordMax, { message: PASSWORD_MESSAGES.tooLong });

/** POST /auth/password: a signed-in person changes their password. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'currentPassword is required' })
    .min(1, { message: 'currentPassword is required' })
    .max(LIMITS.passwordMax),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** POST /auth/password-reset: send a reset link to this address, if it has an account. */
export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

/** POST /auth/password-reset/confirm: the token of the link (/reset-password?token=...) and the new password. */
export const PasswordResetBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, { message: 'token is required' }).max(200),
  password: NewPasswordSchema,
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;
