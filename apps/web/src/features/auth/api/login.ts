import { SecondFactorPendingSchema, TokenPairSchema, type LoginBody } from '@cafe/shared';
import { authPost } from './auth-post';

/**
 * POST /auth/v2/login: e-mail and password for a token pair, or (an account with a second factor)
 * a pending sign-in its factor completes. Never retried through a refresh.
 */
export const login = (body: LoginBody) =>
  authPost('/auth/v2/login', { body, schema: TokenPairSchema.or(SecondFactorPendingSchema) });
