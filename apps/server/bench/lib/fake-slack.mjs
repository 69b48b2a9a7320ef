// Slack's Web API as the chat row's server meets it: a plain HTTP server on loopback that answers
// the methods the app calls (as apps/server/src/test-support/receivers.ts's startSlackReceiver
// does) and refuses calls beyond Slack's published rate limits the way Slack does, with HTTP 429
// and a Retry-After header in seconds (api.slack.com/apis/rate-limits). Every call is recorded.
import { createServer } from 'node:http';

/**
 * Slack's limits as token buckets: `perMinute` is the pace at which the bucket refills, `burst` how
 * many calls it holds (the calls that may come at once after a quiet while). Slack publishes the
 * tiers' paces and says they "allow for occasional bursts" without a size; the bursts here are a
 * modest choice: a fifth of a minute's calls for the tiers, five messages for one channel and three
 * seconds' worth (30) for the workspace's message ceiling.
 * - chat.postMessage: about one message a second per channel, short bursts allowed, and a
 *   workspace ceiling of several hundred a minute (600 here) over all channels;
 * - chat.update: Tier 3 (50 a minute);
 * - views.publish, views.open, views.update, users.info, users.lookupByEmail: Tier 4 (100 a minute).
 * auth.test is Tier "special" (far above what the app asks) and is not limited here.
 */
export const SLACK_LIMITS = {
  'chat.postMessage': { perMinute: 60, burst: 5, per: 'channel' },
  'chat.update': { perMinute: 50, burst: 10 },
  'views.publish': { perMinute: 100, burst: 20 },
  'views.open': { perMinute: 100, burst: 20 },
  'views.update': { perMinute: 100, burst: 20 },
  'users.info': { perMinute: 100, burst: 20 },
  'users.lookupByEmail': { perMinute: 100, burst: 20 },
};
/** Answers Slack takes through one response_url (within 30 minutes of the tap). */
const RESPONSE_USES = 5;

/** chat.postMessage over all channels of the workspace. */
export const WORKSPACE_POSTS = { perMinute: 600, burst: 30 };

/** A token bucket: `take(now)` answers 0 and takes a token, or the milliseconds until one is there. */
function bucket({ perMinute, burst }) {
  const perMs = perMinute / 60_000;
  let tokens = burst;
  let at = performance.now();
  const refill = (now) => {
    tokens = Math.min(burst, tokens + (now - at) * perMs);
    at = now;
  };
  return {
    wait(now) {
      refill(now);
      return tokens >= 1 ? 0 : (1 - tokens) / perMs;
    },
    take(now) {
      refill(now);
      tokens -= 1;
    },
  };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A call's parameters, sent as JSON or form-encoded (@slack/web-api), JSON fields decoded. */
function paramsOf(contentType, body) {
  if (!body) return {};
  if (/application\/json/.test(contentType ?? '')) {
    try {
      return JSON.parse(body);
    } catch {
      return {};
    }
  }
  const params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (/^[[{]/.test(value)) {
      try {
        params[key] = JSON.parse(value);
        continue;
      } catch {
        // kept as text
      }
    }
    params[key] = value;
  }
  return params;
}

/** The DM channel of a user id (U123 -> D123), as Slack answers a message posted to a user. */
const dmOf = (channel) => (/^[UW]/.test(channel) ? `D${channel.slice(1)}` : channel);

/**
 * Starts the fake. `people`: [{ slackUserId, email }] (users.info tells the e-mail, confirmed;
 * users.lookupByEmail finds the id). `token`: the bot token it accepts (any when not given).
 * `team`: the workspace auth.test names. Answers { url, apiUrl, calls, summary(), stop() }:
 * `calls` holds every call in order of arrival, { method, at (performance.now() when it arrived),
 * status (200 or 429), ok, retryAfter?, channel?, ts?, text?, blocks?, user? }, the message fields
 * for chat.postMessage and chat.update (what the message shows), the user for views.publish.
 */
export async function startFakeSlack({ people = [], token, team = 'T0CAFE' } = {}) {
  const byId = new Map(people.map((p) => [p.slackUserId, p]));
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const buckets = new Map();
  const workspacePosts = bucket(WORKSPACE_POSTS);
  const calls = [];
  let ts = 0;

  /** Milliseconds until the call may go (0: it goes now, its tokens taken). */
  function admit(method, params) {
    const limit = SLACK_LIMITS[method];
    if (!limit) return 0;
    const key = limit.per === 'channel' ? `${method}:${dmOf(String(params.channel ?? ''))}` : method;
    if (!buckets.has(key)) buckets.set(key, bucket(limit));
    const own = buckets.get(key);
    const shared = method === 'chat.postMessage' ? workspacePosts : null;
    const now = performance.now();
    const wait = Math.max(own.wait(now), shared?.wait(now) ?? 0);
    if (wait > 0) return wait;
    own.take(now);
    shared?.take(now);
    return 0;
  }

  function answer(method, params) {
    const text = (key) => (typeof params[key] === 'string' ? params[key] : '');
    switch (method) {
      case 'auth.test':
        return { ok: true, team_id: team, user_id: 'UBOT', bot_id: 'BBOT' };
      case 'users.info': {
        const person = byId.get(text('user'));
        if (!person) return { ok: false, error: 'user_not_found' };
        const name = person.name ?? person.slackUserId;
        return {
          ok: true,
          user: {
            id: person.slackUserId,
            team_id: team,
            name,
            real_name: name,
            is_email_confirmed: true,
            profile: { email: person.email },
          },
        };
      }
      case 'users.lookupByEmail': {
        const person = byEmail.get(text('email').toLowerCase());
        return person ? { ok: true, user: { id: person.slackUserId } } : { ok: false, error: 'users_not_found' };
      }
      case 'chat.postMessage':
        ts += 1;
        return {
          ok: true,
          channel: dmOf(text('channel')),
          ts: `1700000000.${String(ts).padStart(6, '0')}`,
          message: { text: text('text') },
        };
      case 'chat.update':
        return { ok: true, channel: text('channel'), ts: text('ts'), text: text('text') };
      case 'views.publish':
      case 'views.open':
      case 'views.update':
        return { ok: true, view: { id: `V${calls.length}` } };
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  /** Answers taken through each response_url. */
  const responseUses = new Map();
  let responses = 0;

  const server = createServer((req, res) => {
    const at = performance.now();
    void readBody(req).then((body) => {
      const path = (req.url ?? '').split('?')[0];
      const method = path.replace(/^\/api\//, '');
      const json = (status, value, headers = {}) =>
        res
          .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
          .end(JSON.stringify(value));
      if (path.startsWith('/response/')) {
        // An answer through a tap's response_url: no token, no rate tier, five for one URL.
        const params = paramsOf(req.headers['content-type'], body);
        const uses = (responseUses.get(path) ?? 0) + 1;
        responseUses.set(path, uses);
        const ok = uses <= RESPONSE_USES;
        calls.push({
          method: 'response',
          at,
          status: ok ? 200 : 404,
          ok,
          url: path,
          text: params.text,
          blocks: params.blocks,
          replace: params.replace_original === true,
          remove: params.delete_original === true,
        });
        return ok ? json(200, { ok: true }) : json(404, { ok: false, error: 'used_url' });
      }
      if (token && req.headers.authorization !== `Bearer ${token}`) {
        calls.push({ method, at, status: 200, ok: false, error: 'invalid_auth' });
        return json(200, { ok: false, error: 'invalid_auth' });
      }
      const params = paramsOf(req.headers['content-type'], body);
      const call = { method, at, status: 200, ok: true };
      if (method === 'chat.postMessage' || method === 'chat.update') {
        Object.assign(call, { channel: String(params.channel ?? ''), text: params.text, blocks: params.blocks });
        if (method === 'chat.update') call.ts = params.ts;
      } else if (method === 'views.publish') call.user = params.user_id;
      calls.push(call);
      const wait = admit(method, params);
      if (wait > 0) {
        call.status = 429;
        call.ok = false;
        call.retryAfter = Math.max(1, Math.ceil(wait / 1000));
        return json(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(call.retryAfter) });
      }
      const answered = answer(method, params);
      call.ok = answered.ok;
      if (answered.ts) call.ts = answered.ts;
      return json(200, answered);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;

  return {
    url,
    /** What SLACK_API_URL is set to: the server calls `<apiUrl>/<method>`. */
    apiUrl: `${url}/api`,
    /** A new response_url, as Slack sends one with each tap on a message. */
    responseUrl: () => `${url}/response/${++responses}`,
    calls,
    /**
     * Per method: calls, those answered ok, those refused with 429, and the most calls accepted
     * in any 60 s (a sliding window over the accepted calls' arrivals) beside its published pace
     * (the workspace's for chat.postMessage): a full bucket lets the peak pass the pace by the burst.
     */
    summary() {
      const out = {};
      for (const call of calls) {
        const m = (out[call.method] ??= { calls: 0, ok: 0, rateLimited: 0, accepted: [] });
        m.calls += 1;
        if (call.ok) m.ok += 1;
        if (call.status === 429) m.rateLimited += 1;
        else m.accepted.push(call.at);
      }
      for (const [method, m] of Object.entries(out)) {
        m.accepted.sort((a, b) => a - b);
        let peak = 0;
        for (let i = 0, j = 0; i < m.accepted.length; i += 1) {
          while (m.accepted[i] - m.accepted[j] >= 60_000) j += 1;
          peak = Math.max(peak, i - j + 1);
        }
        delete m.accepted;
        m.peakPerMinute = peak;
        const limit = SLACK_LIMITS[method];
        if (limit) m.limitPerMinute = method === 'chat.postMessage' ? WORKSPACE_POSTS.perMinute : limit.perMinute;
      }
      return out;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
