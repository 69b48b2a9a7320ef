// The OpenID Connect provider of sso.spec.ts (the server tests' own, test-support/
// oidc-test-provider.ts), started by playwright.config.ts beside the cafe server through tsx.
// OIDC_PORT: where it listens; OIDC_CLIENT_ID / OIDC_CLIENT_SECRET: the cafe's client;
// OIDC_REDIRECT_URI: the cafe's /login/sso.
import { startTestProvider } from '../../server/src/test-support/oidc-test-provider';

const provider = await startTestProvider([process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:4300/login/sso'], {
  port: Number(process.env.OIDC_PORT ?? 4702),
  clientId: process.env.OIDC_CLIENT_ID,
  clientSecret: process.env.OIDC_CLIENT_SECRET,
});
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
