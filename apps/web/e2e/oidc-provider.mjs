// A real OpenID Connect provider (the oidc-provider package) for sso.spec.ts, started by
// playwright.config.ts beside the cafe server. PKCE is required. Its development login page takes
// any login and password: the login is the person's e-mail, verified unless it starts with
// "unverified". OIDC_PORT: where it listens; OIDC_REDIRECT_URI: the cafe's /login/sso.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 4702);
const issuer = `http://127.0.0.1:${port}`;

function claimsOf(login) {
  const email = login.trim().toLowerCase();
  const local = email.slice(0, email.indexOf('@'));
  return {
    sub: email,
    email,
    email_verified: !email.startsWith('unverified'),
    name: local.replace(/[^a-z0-9]+/g, ' ').trim() || 'Someone',
  };
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? 'office-cafe',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? 'office-cafe-e2e-secret',
      redirect_uris: [process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:4300/login/sso'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  cookies: { keys: ['e2e-provider-cookie-key'] },
  ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ ...claimsOf(id), sub: id }) }),
  // A first-party client: no consent screen, the requested scopes are granted at once.
  async loadExistingGrant(ctx) {
    const clientId = ctx.oidc.client.clientId;
    const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

const handle = provider.callback();
const server = createServer((req, res) => {
  // Playwright waits for this address before the tests start.
  if (req.url === '/ready') {
    res.end('ok');
    return;
  }
  void handle(req, res);
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
