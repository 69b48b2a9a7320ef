import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A LINE user as the fake's profile endpoint tells of them. */
export interface FakeLineProfile {
  displayName: string;
  language?: string;
}

/** One call the fake answered: its path, body, status, and when it came (Date.now()). */
export interface LineCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  status: number;
  retryKey: string | null;
  at: number;
}

/** How long a reply token works, by the clock the fake is given (the app's test clock). */
export const REPLY_TOKEN_TTL_MS = 60_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Why LINE would refuse these messages (its limits: 1 to 5, a Flex message with its altText), or null. */
function messagesProblem(messages: unknown): string | null {
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5) return 'messages: 1 to 5';
  for (const m of messages as Record<string, unknown>[]) {
    if (m.type === 'text' && (typeof m.text !== 'string' || !m.text || m.text.length > 5000)) return 'text';
    if (m.type === 'flex' && (typeof m.altText !== 'string' || !m.altText || m.altText.length > 400))
      return 'altText: 1 to 400 characters';
    if (m.type === 'flex' && (m.contents as { type?: string } | undefined)?.type !== 'bubble') return 'contents';
    if (m.type !== 'text' && m.type !== 'flex') return `type ${String(m.type)}`;
  }
  return null;
}

/**
 * A local HTTP server that answers like LINE's Messaging API and checks what LINE checks: the
 * bearer channel access token; reply tokens (issued by `replyToken()` for an incoming event, used
 * once, for 60 s of `now`); the messages' shape; the retry key of a push (a push sent again with
 * the same key is answered 409 and not delivered twice). `refuse(times, status)` makes the next
 * message calls fail (429 with `Retry-After: 1`). Every call is in `calls`; what reached the person
 * (per LINE user id) in `delivered`.
 */
export async function startLineFake(options: { token: string; now?: () => number }) {
  const now = options.now ?? Date.now;
  const profiles: Record<string, FakeLineProfile> = {};
  const tokens = new Map<string, { issuedAt: number; used: boolean }>();
  const retryKeys = new Set<string>();
  const calls: LineCall[] = [];
  const delivered: { to: string; via: 'reply' | 'push'; messages: Record<string, unknown>[]; at: number }[] = [];
  let refusals = { times: 0, status: 429 };
  /** The LINE user a reply token was issued for. */
  const tokenUser = new Map<string, string>();

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const retryKey = typeof req.headers['x-line-retry-key'] === 'string' ? req.headers['x-line-retry-key'] : null;
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { unparsed: raw };
      }
      const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        calls.push({ method: req.method ?? '', path, body, status, retryKey, at: Date.now() });
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${options.token}`)
        return answer(401, { message: 'Authentication failed due to the expired access token' });
      const profile = /^\/v2\/bot\/profile\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && profile) {
        const found = profiles[decodeURIComponent(profile[1] ?? '')];
        return found
          ? answer(200, { userId: profile[1], displayName: found.displayName, language: found.language ?? 'en' })
          : answer(404, { message: 'Not found' });
      }
      const isReply = path === '/v2/bot/message/reply';
      if (req.method !== 'POST' || (!isReply && path !== '/v2/bot/message/push'))
        return answer(404, { message: 'Not found' });
      if (refusals.times > 0) {
        refusals.times -= 1;
        const headers: Record<string, string> = refusals.status === 429 ? { 'retry-after': '1' } : {};
        return answer(refusals.status, { message: 'The API rate limit has been exceeded.' }, headers);
      }
      const problem = messagesProblem(body.messages);
      if (problem) return answer(400, { message: `The request body has 1 error(s): ${problem}` });
      const messages = body.messages as Record<string, unknown>[];
      if (isReply) {
        const token = typeof body.replyToken === 'string' ? body.replyToken : '';
        const issued = tokens.get(token);
        if (!issued || issued.used || now() - issued.issuedAt >= REPLY_TOKEN_TTL_MS)
          return answer(400, { message: 'Invalid reply token' });
        issued.used = true;
        delivered.push({ to: tokenUser.get(token) ?? '', via: 'reply', messages, at: Date.now() });
        return answer(200, { sentMessages: messages.map((_, i) => ({ id: String(i) })) });
      }
      const to = typeof body.to === 'string' ? body.to : '';
      if (!/^U[0-9a-f]{32}$/.test(to))
        return answer(400, { message: 'The property, to, in the request body is invalid' });
      if (retryKey && retryKeys.has(retryKey)) return answer(409, { message: 'The retry key is already accepted' });
      if (retryKey) retryKeys.add(retryKey);
      delivered.push({ to, via: 'push', messages, at: Date.now() });
      return answer(200, { sentMessages: messages.map((_, i) => ({ id: String(i) })) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: url,
    profiles,
    calls,
    delivered,
    /** A reply token LINE would put in an event of `lineUserId` now. */
    replyToken(lineUserId: string): string {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, { issuedAt: now(), used: false });
      tokenUser.set(token, lineUserId);
      return token;
    },
    /** The next `times` message calls fail with `status` (429: with `Retry-After: 1`). */
    refuse(times: number, status = 429) {
      refusals = { times, status };
    },
    /** What reached `lineUserId`, oldest first. */
    deliveredTo(lineUserId: string) {
      return delivered.filter((d) => d.to === lineUserId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LineFake = Awaited<ReturnType<typeof startLineFake>>;
