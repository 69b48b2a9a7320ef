import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
  /**
   * How the provider misbehaves from now on, for the tests of what the cafe must refuse: the ID
   * token of its token endpoint signed by a key that is not the provider's, unsigned (alg none), or
   * for another client (aud). Null: it behaves.
   */
  tamper: IdTokenTamper | null;
  close(): Promise<void>;
}

export type IdTokenTamper = 'foreign-key' | 'alg-none' | 'other-audience';

/**
 * The claims of a login typed at the provider's form. A login is the person's e-mail, and may
 * name their identity at the provider after a "#" (`mali@example.com#new-hire`: the same address,
 * another person, as when a company gives a leaver's address to someone new). The identity (sub)
 * is the whole login, lower-cased.
 */
export function claimsOf(login: string): Record<string, unknown> {
  const sub = login.trim().toLowerCase();
  const email = sub.split('#')[0] ?? sub;
  const local = email.slice(0, email.indexOf('@'));
  return {
    sub,
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
  /** The issuer its discovery document names, when not its own (a provider posing as another). */
  metadataIssuer?: string;
}

/** A compact JWS of `payload` signed RS256 with `key` (or unsigned, `alg: none`, without a key). */
function compactJws(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject | null): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part(payload)}`;
  if (!key) return `${input}.`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

/**
 * Lets `rewrite` change a JSON answer of the provider before it leaves: the body is held until the
 * provider ends it, then sent rewritten with its new length.
 */
function rewriteJson(res: ServerResponse, rewrite: (body: Record<string, unknown>) => Record<string, unknown>): void {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res);
  res.write = ((chunk: unknown) => {
    if (chunk) chunks.push(Buffer.from(chunk as string));
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
    let body = Buffer.concat(chunks);
    if (res.statusCode === 200) {
      body = Buffer.from(JSON.stringify(rewrite(JSON.parse(body.toString('utf8')) as Record<string, unknown>)));
    }
    if (!res.headersSent) res.setHeader('content-length', body.length);
    return end(body);
  }) as typeof res.end;
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
  // The provider's signing key, known here so a test can sign a token for another audience with it.
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-provider-key';
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...own.privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] },
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
  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    tamper: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /**
   * The development login form's answer, as the provider's own handler takes it, but with the
   * account lower-cased: a provider's identity (sub) does not depend on how the login was typed.
   */
  async function finishLogin(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const login = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('login') ?? '';
    try {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: String(claimsOf(login).sub) } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
    }
  }

  /** The ID token as the tamper of the moment makes it. */
  function tampered(idToken: string): string {
    const [, body = ''] = idToken.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const header = { alg: 'RS256', typ: 'JWT', kid };
    switch (state.tamper) {
      case 'foreign-key':
        return compactJws(header, payload, foreign.privateKey);
      case 'alg-none':
        return compactJws({ alg: 'none', typ: 'JWT' }, payload, null);
      case 'other-audience':
        return compactJws(header, { ...payload, aud: 'another-client' }, own.privateKey);
      default:
        return idToken;
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/ready') {
      res.end('ok');
      return;
    }
    if (req.method === 'POST' && /^\/interaction\/[^/?]+$/.test(req.url ?? '')) {
      void finishLogin(req, res);
      return;
    }
    if (options.metadataIssuer && req.url?.startsWith('/.well-known/openid-configuration')) {
      rewriteJson(res, (body) => ({ ...body, issuer: options.metadataIssuer }));
    } else if (state.tamper && req.method === 'POST' && req.url === '/token') {
      rewriteJson(res, (body) => ({ ...body, id_token: tampered(String(body.id_token)) }));
    }
    void handle(req, res);
  });
  return state;
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
