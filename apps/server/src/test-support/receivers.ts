import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

/**
 * Real receivers of the notification channels, started by the tests on loopback: a webhook
 * receiver that checks the signature, an HTTP server that answers like Slack's Web API, and an
 * SMTP server (smtp-server, from the makers of nodemailer).
 */

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** An HTTP server on `port` (a free one when not given) answering with `handle`. */
async function httpReceiver(
  handle: (request: ReceivedRequest, res: ServerResponse) => void,
  port = 0,
): Promise<{ url: string; port: number; received: ReceivedRequest[]; close: () => Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const request = { path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      handle(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether `headers` carry a valid signature of `body` with `secret` (docs/notifications.md "Webhook"). */
export function signatureValid(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const timestamp = String(headers['x-cafe-timestamp'] ?? '');
  const signature = String(headers['x-cafe-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return (
    /^\d+$/.test(timestamp) &&
    signature.length === expected.length &&
    timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}

/**
 * A webhook receiver as a company would run one: it accepts (204) only a body signed with
 * `secret`, and refuses anything else with 401. `answer` may answer otherwise (a failure, a pause).
 */
export async function startWebhookReceiver(
  secret: string,
  options: {
    port?: number;
    answer?: (request: ReceivedRequest) => { status: number; headers?: Record<string, string> } | null;
  } = {},
) {
  const accepted: ReceivedRequest[] = [];
  const receiver = await httpReceiver((request, res) => {
    const override = options.answer?.(request);
    if (override) {
      res.writeHead(override.status, override.headers).end();
      return;
    }
    if (!signatureValid(secret, request.headers, request.body)) {
      res.writeHead(401).end('bad signature');
      return;
    }
    accepted.push(request);
    res.writeHead(204).end();
  }, options.port);
  return { ...receiver, accepted, payloads: () => accepted.map((r) => JSON.parse(r.body) as Record<string, unknown>) };
}

/** A Slack user as the fake's users.info tells of them. */
export interface FakeSlackProfile {
  name?: string;
  email?: string;
  /** Whether the workspace confirmed the e-mail (users.info's `is_email_confirmed`). */
  confirmed?: boolean;
}

/** One Web API call the fake answered: its method and parameters (JSON fields decoded). */
export interface SlackCall {
  method: string;
  params: Record<string, unknown>;
  /** When it came (Date.now()). */
  at: number;
  /** The response_url's path, for an answer through one (method `response`). */
  url?: string;
}

/** The parameters of a Web API call, sent as JSON or form-encoded (@slack/web-api), with JSON fields decoded. */
function slackParams(request: ReceivedRequest): Record<string, unknown> {
  if (!request.body) return {};
  if (String(request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(request.body) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(request.body)) {
    params[key] = /^[[{]/.test(value) ? (JSON.parse(value) as unknown) : value;
  }
  return params;
}

/**
 * An HTTP server that answers like Slack's Web API: `users.lookupByEmail` finds the people of
 * `people` (e-mail to Slack id), `chat.postMessage` posts. The first `rateLimited` posts get 429
 * with `Retry-After: retryAfterSeconds`, as Slack does (`rateLimit` does the same to the next
 * calls of any method later; each 429 is kept in `limited`). For the Slack app: `auth.test` names
 * the workspace `team`, `users.info` tells the `profiles`, and chat.postMessage, chat.update,
 * views.open, views.update and views.publish are recorded in `calls`, each with when it came.
 * Its `responseUrl(n)` is a response_url as Slack gives with a tap: the answers through it are
 * recorded in `calls` as method `response` (with `url`), up to five for one URL as Slack takes
 * (a sixth gets 404 `used_url`); `refuseResponses(n)` has the next n refused as expired, and
 * `redirectResponses(location)` the next one answered with a 307 to `location`.
 */
export async function startSlackReceiver(options: {
  token: string;
  people: Record<string, string>;
  rateLimited?: number;
  retryAfterSeconds?: number;
  team?: string;
  profiles?: Record<string, FakeSlackProfile>;
}) {
  const limits = new Map<string, { times: number; retryAfterSeconds: number }>();
  if (options.rateLimited)
    limits.set('chat.postMessage', { times: options.rateLimited, retryAfterSeconds: options.retryAfterSeconds ?? 1 });
  const limited: { method: string; at: number }[] = [];
  let ts = 0;
  const posts: { channel: string; text: string; at: number }[] = [];
  const calls: SlackCall[] = [];
  const responseUses = new Map<string, number>();
  let refusedResponses = 0;
  let redirectTo: string | null = null;
  const receiver = await httpReceiver((request, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (request.path.startsWith('/response/')) {
      // A response_url needs no token; Slack takes five answers through one.
      const uses = (responseUses.get(request.path) ?? 0) + 1;
      responseUses.set(request.path, uses);
      if (redirectTo !== null) {
        const location = redirectTo;
        redirectTo = null;
        return res.writeHead(307, { location }).end();
      }
      if (refusedResponses > 0) {
        refusedResponses -= 1;
        return json(404, { ok: false, error: 'expired_url' });
      }
      if (uses > 5) return json(404, { ok: false, error: 'used_url' });
      calls.push({ method: 'response', params: slackParams(request), at: Date.now(), url: request.path });
      return json(200, { ok: true });
    }
    if (request.headers.authorization !== `Bearer ${options.token}`)
      return json(200, { ok: false, error: 'invalid_auth' });
    const params = slackParams(request);
    const method = request.path.replace(/^\/api\//, '');
    const text = (key: string) => (typeof params[key] === 'string' ? params[key] : '');
    if (method === 'users.lookupByEmail') {
      const id = options.people[text('email')];
      return id ? json(200, { ok: true, user: { id } }) : json(200, { ok: false, error: 'users_not_found' });
    }
    if (method === 'auth.test') return json(200, { ok: true, team_id: options.team ?? 'T0CAFE', user_id: 'UBOT' });
    if (method === 'users.info') {
      const id = text('user');
      const profile = options.profiles?.[id];
      if (!profile) return json(200, { ok: false, error: 'user_not_found' });
      return json(200, {
        ok: true,
        user: {
          id,
          name: profile.name ?? id,
          real_name: profile.name ?? id,
          is_email_confirmed: profile.confirmed ?? false,
          profile: profile.email ? { email: profile.email } : {},
        },
      });
    }
    const limit = limits.get(method);
    if (limit && limit.times > 0) {
      limit.times -= 1;
      limited.push({ method, at: Date.now() });
      return json(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(limit.retryAfterSeconds) });
    }
    if (method === 'chat.postMessage') {
      calls.push({ method, params, at: Date.now() });
      posts.push({ channel: text('channel'), text: text('text'), at: Date.now() });
      ts += 1;
      const channel = text('channel').startsWith('U') ? `D${text('channel').slice(1)}` : text('channel');
      return json(200, { ok: true, channel, ts: `1700000000.${String(ts).padStart(6, '0')}` });
    }
    if (['chat.update', 'views.open', 'views.update', 'views.publish'].includes(method)) {
      calls.push({ method, params, at: Date.now() });
      return json(200, { ok: true, channel: text('channel'), ts: text('ts'), view: { id: 'V1' } });
    }
    return json(404, { ok: false, error: 'unknown_method' });
  });
  /** The next `times` calls of `method` get 429 with `Retry-After: retryAfterSeconds`. */
  const rateLimit = (method: string, times: number, retryAfterSeconds: number) =>
    limits.set(method, { times, retryAfterSeconds });
  let responses = 0;
  return {
    ...receiver,
    apiUrl: `${receiver.url}/api`,
    posts,
    calls,
    limited,
    rateLimit,
    /** A new response_url of this fake, as Slack sends one with each tap. */
    responseUrl: () => `${receiver.url}/response/${++responses}`,
    redirectResponses: (location: string) => {
      redirectTo = location;
    },
    refuseResponses: (times: number) => {
      refusedResponses = times;
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it accepts (no TLS, no sign-in). */
export async function startSmtpReceiver(options: { port?: number; refuseWith?: number } = {}) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuseWith) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: options.refuseWith });
          callback(error);
          return;
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
