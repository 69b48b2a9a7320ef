import { PasskeyOptionsSchema, TokenPairSchema, type SecondFactorBody } from '@cafe/shared';
import { authPost } from './auth-post';

/** POST /auth/second-factor: the factor completes the pending sign-in, for the token pair. */
export const completeSecondFactor = (body: SecondFactorBody) =>
  authPost('/auth/second-factor', { body, schema: TokenPairSchema });

/** POST /auth/second-factor/passkey-options: the WebAuthn challenge of the pending sign-in. */
export const pendingPasskeyOptions = (token: string) =>
  authPost('/auth/second-factor/passkey-options', { body: { token }, schema: PasskeyOptionsSchema });

/** POST /auth/passkey/options: a challenge to sign in with a passkey alone. */
export const passkeySignInOptions = () => authPost('/auth/passkey/options', { schema: PasskeyOptionsSchema });

/** POST /auth/passkey: the passkey's answer, for the token pair. */
export const passkeySignIn = (token: string, passkey: Record<string, unknown>) =>
  authPost('/auth/passkey', { body: { token, passkey }, schema: TokenPairSchema });
