import type { LoginBody, SecondFactorPending, TokenPair } from '@cafe/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cafeStatusQueryOptions } from '@/api/cafe-status';
import { fetchMe, meQueryOptions } from '@/api/me';
import { isPathAllowed, landingPath } from '@/lib/paths';
import { reconnectSocket } from '@/lib/socket';
import { tokenStorage } from '@/lib/storage-keys';
import { login } from '@/features/auth/api/login';
import { stateText } from '@/features/auth/lib/navigation-state';

/**
 * Sign-in: save the tokens, load the profile and venue state into the cache,
 * reconnect the live connection with the new token, then go back to where the person was heading
 * (when their role may open it) or to the landing screen. Takes how the token pair is obtained:
 * e-mail and password, or the company's identity provider.
 */
export function useSessionStart() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = stateText(location.state, 'from');

  return useCallback(
    async (obtainTokens: () => Promise<TokenPair>) => {
      const pair = await obtainTokens();
      tokenStorage.save(pair.accessToken, pair.refreshToken);
      try {
        const [me, status] = await Promise.all([fetchMe(), queryClient.fetchQuery(cafeStatusQueryOptions())]);
        queryClient.setQueryData(meQueryOptions().queryKey, me);
        reconnectSocket();
        const target = from && isPathAllowed(me.role, from) ? from : landingPath(me.role, status, 'login');
        await navigate(target, { replace: true });
      } catch (error) {
        tokenStorage.clear();
        throw error;
      }
    },
    [from, navigate, queryClient],
  );
}

/**
 * Sign-in with e-mail and password: the session starts, or (an account with a second factor) the
 * pending sign-in is answered for its factor step.
 */
export function useSignIn() {
  const startSession = useSessionStart();
  return useCallback(
    async (body: LoginBody): Promise<SecondFactorPending['secondFactor'] | null> => {
      const answer = await login(body);
      if ('secondFactor' in answer) return answer.secondFactor;
      await startSession(() => Promise.resolve(answer));
      return null;
    },
    [startSession],
  );
}
