import { UserSchema, type RegisterBody } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { currentLanguage } from '@/i18n';
import { api } from '@/lib/api-client';

/**
 * POST /auth/register: a new account with the user role. Where the deployment confirms addresses,
 * the server writes the confirmation mail in the language asked for: the one the app is shown in.
 */
export const register = (body: RegisterBody) =>
  api('/auth/register', {
    method: 'POST',
    body,
    schema: UserSchema,
    noRefresh: true,
    headers: { 'Accept-Language': currentLanguage() },
  });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
