import { SsoStartSchema } from '@cafe/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /auth/sso/start, then off to the identity provider: an account without a password signs in
 * again there before it may end sessions (a sign-in of the last 10 minutes counts).
 */
export const signInAgain = async () => {
  const { authorizationUrl } = await api('/auth/sso/start', {
    method: 'POST',
    schema: SsoStartSchema,
    noRefresh: true,
  });
  window.location.assign(authorizationUrl);
};

export function useSignInAgain() {
  return useMutation({ mutationFn: signInAgain });
}
