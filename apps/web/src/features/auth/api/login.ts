import { SecondFactorPendingSchema, TokenPairSchema, type LoginBody } from '@cafe/shared';
import { api } from '@/lib/api-client';

/**
 * POST /auth/v2/login: e-mail and password for a token pair, or (an account with a second factor)
 * a pending sign-in its factor completes. Never retried through a refresh.
 */
export const login = (body: LoginBody) =>
  api('/auth/v2/login', {
    method: 'POST',
    body,
    schema: TokenPairSchema.or(SecondFactorPendingSchema),
    noRefresh: true,
  });
