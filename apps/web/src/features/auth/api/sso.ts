import { SsoStartSchema, TokenPairSchema } from '@cafe/shared';
import { authPost } from './auth-post';

/**
 * POST /auth/sso/start: where to send the browser to sign in at the company's identity provider.
 * The answer also sets the attempt cookie (httpOnly) that the callback below needs.
 */
export const startSingleSignOn = () => authPost('/auth/sso/start', { schema: SsoStartSchema });

/** POST /auth/sso/callback: the provider's answer (this page's query string) for a token pair. */
export const finishSingleSignOn = (query: string) =>
  authPost('/auth/sso/callback', { body: { query }, schema: TokenPairSchema });
