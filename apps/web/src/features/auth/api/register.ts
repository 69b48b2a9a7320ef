import { UserSchema, type RegisterBody } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/register: a new account with the user role. */
export const register = (body: RegisterBody) =>
  api('/auth/register', { method: 'POST', body, schema: UserSchema, noRefresh: true });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
