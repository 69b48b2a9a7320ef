import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A local fake of what the Teams bot talks to (docs/api/teams.md): the Bot Framework's OpenID
 * metadata and key set (keys made with jose; `sign` makes tokens as the Bot Framework signs them,
 * or as it does not), the token endpoint of client credentials (checks the app id, secret, grant
 * type and scope), and a Bot Connector at a serviceUrl (checks the bearer token it issued; records
 * the activities posted and put; answers the members it knows, counting the look-ups; can answer 429
 * with Retry-After).
 */

export interface ConnectorCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}
export interface FakeMember {
  name: string;
  email?: string;
  userPrincipalName?: string;
}
export interface SignOptions {
  serviceUrl: string;
  now?: Date;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative: expired. */
  expiresIn?: number;
  /** A key that is not in the key set (under the same kid): a forged token. */
  wrongKey?: boolean;
}

async function readJson(req: IncomingMessage): Promise<{ text: string; json: Record<string, unknown> | null }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { text, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  } catch {
    return { text, json: null };
  }
}

async function listen(handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>) {
  const server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(500).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, close };
}

export async function startTeamsFake(app: { appId: string; appPassword: string }) {
  const kid = 'bot-framework-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256', endorsements: ['msteams'] } as JWK;
  const issued = new Set<string>();
  const calls: ConnectorCall[] = [];
  const members: Record<string, FakeMember> = {};
  const state = { tokensIssued: 0, keyFetches: 0, limitNext: 0, limited: 0, activity: 0, memberLookups: 0 };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  const login = await listen(async (req, res) => {
    if (req.url === '/v1/.well-known/openidconfiguration') {
      return json(res, 200, {
        issuer: 'https://api.botframework.com',
        jwks_uri: `${login.url}/v1/.well-known/keys`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (req.url === '/v1/.well-known/keys') {
      state.keyFetches += 1;
      return json(res, 200, { keys: [jwk] });
    }
    if (req.url === '/botframework.com/oauth2/v2.0/token' && req.method === 'POST') {
      const form = new URLSearchParams((await readJson(req)).text);
      const right =
        form.get('grant_type') === 'client_credentials' &&
        form.get('client_id') === app.appId &&
        form.get('client_secret') === app.appPassword &&
        form.get('scope') === 'https://api.botframework.com/.default';
      if (!right) return json(res, 401, { error: 'invalid_client' });
      const token = randomBytes(24).toString('base64url');
      issued.add(token);
      state.tokensIssued += 1;
      return json(res, 200, { token_type: 'Bearer', expires_in: 3599, access_token: token });
    }
    return json(res, 404, { error: 'not found' });
  });

  const connector = await listen(async (req, res) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !issued.has(bearer)) return json(res, 401, { message: 'Authorization has been denied' });
    const path = decodeURI(req.url ?? '').replace(/^\/teams/, '');
    const { json: body } = await readJson(req);
    if (state.limitNext > 0 && req.method !== 'GET') {
      state.limitNext -= 1;
      state.limited += 1;
      return json(res, 429, { error: { code: 'TooManyRequests' } }, { 'retry-after': '1' });
    }
    const member = /^\/v3\/conversations\/([^/]+)\/members\/([^/]+)$/.exec(path);
    if (member && req.method === 'GET') {
      state.memberLookups += 1;
      const known = members[member[2] ?? ''];
      if (!known) return json(res, 404, { error: { code: 'MemberNotFoundInConversation' } });
      return json(res, 200, { id: `29:${member[2]}`, aadObjectId: member[2], ...known });
    }
    calls.push({ method: req.method ?? '', path, body });
    if (req.method === 'POST' && /^\/v3\/conversations\/[^/]+\/activities$/.test(path)) {
      return json(res, 201, { id: `activity-${++state.activity}` });
    }
    if (req.method === 'PUT' && /^\/v3\/conversations\/[^/]+\/activities\/[^/]+$/.test(path)) {
      return json(res, 200, { id: path.split('/').at(-1) });
    }
    return json(res, 404, { error: { code: 'NotFound' } });
  });

  /** A token as the Bot Framework signs it for a request to the bot (or, as told, not). */
  async function sign(options: SignOptions): Promise<string> {
    const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
    const key: CryptoKey = options.wrongKey ? other.privateKey : privateKey;
    return new SignJWT({ serviceurl: options.serviceUrl })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? 'https://api.botframework.com')
      .setAudience(options.audience ?? app.appId)
      .setIssuedAt(now - 5)
      .setNotBefore(now - 5)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(key);
  }

  return {
    openIdMetadataUrl: `${login.url}/v1/.well-known/openidconfiguration`,
    tokenUrl: `${login.url}/botframework.com/oauth2/v2.0/token`,
    serviceUrl: `${connector.url}/teams/`,
    state,
    calls,
    members,
    sign,
    /** The next `times` posts and puts get 429 with `Retry-After: 1`. */
    rateLimit(times: number) {
      state.limitNext = times;
    },
    async close() {
      await Promise.all([login.close(), connector.close()]);
    },
  };
}

export type TeamsFake = Awaited<ReturnType<typeof startTeamsFake>>;
