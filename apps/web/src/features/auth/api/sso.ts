import { SsoStartSchema, TokenPairSchema } from '@cafe/shared';
import { api } from '@/lib/api-client';

/**
 * POST /auth/sso/start: where to send the browser to sign in at the company's identity provider.
 * The answer also sets the attempt cookie (httpOnly) that the callback below needs.
 */
export const startSingleSignOn = () =>
  api('/auth/sso/start', { method: 'POST', schema: SsoStartSchema, noRefresh: true });

/** POST /auth/sso/callback: the provider's answer (this page's query string) for a token pair. */
export const finishSingleSignOn = (query: string) =>
  api('/auth/sso/callback', { method: 'POST', body: { query }, schema: TokenPairSchema, noRefresh: true });
