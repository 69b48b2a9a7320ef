import { PasskeyOptionsSchema, TokenPairSchema, type SecondFactorBody } from '@cafe/shared';
import { api } from '@/lib/api-client';

/** POST /auth/second-factor: the factor completes the pending sign-in, for the token pair. */
export const completeSecondFactor = (body: SecondFactorBody) =>
  api('/auth/second-factor', { method: 'POST', body, schema: TokenPairSchema, noRefresh: true });

/** POST /auth/second-factor/passkey-options: the WebAuthn challenge of the pending sign-in. */
export const pendingPasskeyOptions = (token: string) =>
  api('/auth/second-factor/passkey-options', {
    method: 'POST',
    body: { token },
    schema: PasskeyOptionsSchema,
    noRefresh: true,
  });

/** POST /auth/passkey/options: a challenge to sign in with a passkey alone. */
export const passkeySignInOptions = () =>
  api('/auth/passkey/options', { method: 'POST', schema: PasskeyOptionsSchema, noRefresh: true });

/** POST /auth/passkey: the passkey's answer, for the token pair. */
export const passkeySignIn = (token: string, passkey: Record<string, unknown>) =>
  api('/auth/passkey', { method: 'POST', body: { token, passkey }, schema: TokenPairSchema, noRefresh: true });
