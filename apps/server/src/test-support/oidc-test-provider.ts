import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) for the single sign-on tests, on a
 * random local port. PKCE is required, as a strict company provider would. Its development login
 * page takes any login and password: the login is the person's e-mail, verified unless it starts
 * with "unverified" (so a test picks who signs in by what it types).
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export function claimsOf(login: string): Record<string, unknown> {
  const email = login.trim().toLowerCase();
  const local = email.slice(0, email.indexOf('@'));
  return {
    sub: email,
    email,
    email_verified: !email.startsWith('unverified'),
    name: local.replace(/[^a-z0-9]+/g, ' ').trim() || 'Someone',
  };
}

/** Where it listens (default: a free port) and the one client it knows. */
export interface TestProviderOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
}

/** Starts the provider; `GET /ready` answers "ok" once it listens (for the browser tests' runner). */
export async function startTestProvider(
  redirectUris: string[],
  options: TestProviderOptions = {},
): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'office-cafe';
  const clientSecret = options.clientSecret ?? 'office-cafe-test-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ ...claimsOf(id), sub: id }) }),
    // A first-party client: no consent screen, the requested scopes are granted at once.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.url === '/ready') res.end('ok');
    else void handle(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar of one browser, just enough for the provider's interaction cookies. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A person at the provider's sign-in page, over HTTP: opens `authorizationUrl`, types `login` into
 * the development login form, and follows the redirects until the provider sends the browser back
 * to `redirectUri`. Gives that URL's query string (`?code=...&state=...&iss=...`).
 */
export async function signInAtProvider(authorizationUrl: string, redirectUri: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(redirectUri)) return new URL(url).search;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.take(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
  }
  throw new Error('the provider never sent the browser back');
}
