// Row "chat": people at one site ordering through the Slack app in a rush (`/coffee`, then a tap on
// Order under their usual), while baristas work the board, against a fake of Slack's Web API that
// holds the app to Slack's published rate limits (lib/fake-slack.mjs). Measures how far behind its
// order each Slack message reaches Slack (the order's message, each status shown in it), the Web
// API calls and 429s per method, and how fast the app answers Slack's own requests.
import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { addDays, client } from '../api.mjs';
import { CLOCK_NOW, sampleRss, TODAY } from '../app-server.mjs';
import { assignBaristas, firstSiteId, insertUsers } from '../seed.mjs';
import { closeAll, connectAll } from '../sockets.mjs';
import { rng, round, sleep, summarize } from '../stats.mjs';
import { webBehaviour } from '../web-behaviour.mjs';
import { simulatedBarista, workTotals } from './rush.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The Slack app's secrets on the bench's server (SLACK_SIGNING_SECRET, SLACK_BOT_TOKEN) and the fake's workspace. */
export const CHAT_SIGNING_SECRET = 'bench-slack-signing-secret-0123456789';
export const CHAT_BOT_TOKEN = 'xoxb-bench-slack-app-token';
export const CHAT_TEAM = 'T0CAFE';

/** The sizes this row reads, with their defaults (a profile without them runs the full row). */
export function chatSizes(sizes = {}) {
  return {
    /** People linked to a Slack user at the first site, each ordering through Slack. */
    people: sizes.chatPeople ?? 1000,
    /** The window their orders fall in (each at a random moment of it). */
    seconds: sizes.chatSeconds ?? 60,
    /** Orders each (the daily limit is 2 counted cafe orders). */
    ordersEach: sizes.chatOrdersEach ?? 1,
    /** After the window, at most this long for the Slack calls still queued in the server. */
    drainSeconds: sizes.chatDrainSeconds ?? 120,
    /** Share of the people with Slack notifications on (the outbox's users.lookupByEmail and DM when a drink is ready). */
    notifyShare: sizes.chatNotifyShare ?? 0,
    baristas: sizes.baristas ?? 3,
  };
}

/** The barista simulation's pace (rush.mjs), the full profile's where `sizes` has none. */
const baristaSizes = (sizes) => ({
  baristaBatch: 2,
  baristaPrepMs: 2000,
  baristaPauseMs: 500,
  ...sizes,
});

/**
 * The environment of the server the row runs on (startAppServer's `extraEnv`): the Slack app on
 * (signing secret and bot token; the workspace from the fake's auth.test), its Web API the fake's,
 * and PUBLIC_URL, which the bot token needs (the messages link to the cafe).
 */
export function chatServerEnv(slack, { token = CHAT_BOT_TOKEN, signingSecret = CHAT_SIGNING_SECRET } = {}) {
  return {
    SLACK_BOT_TOKEN: token,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slack.apiUrl,
    PUBLIC_URL: 'https://cafe.example.com',
  };
}

/** A Slack user id of the bench (U + 8 digits), as Slack's ids read. */
const slackIdOf = (i) => `U${String(i + 1).padStart(8, '0')}`;

/**
 * With the server stopped: the baristas at the first site, and `chatPeople` people there (none
 * chose a home: they order at the first site), each with what `/coffee` and one tap need: a link to
 * a Slack user (chat_links, as a confirmed company e-mail links it), a usual (usual_drinks, as
 * PUT /me/usual saves it) and a recent tumbler photo (yesterday's cafe order, cancelled, with an
 * image the server issued). A share of them (chatNotifyShare) have Slack notifications on.
 */
export async function seedChat(db, sizes) {
  const chat = chatSizes(sizes);
  const random = rng(23);
  const siteId = await firstSiteId(db);
  const baristas = await insertUsers(db, { prefix: 'chatbarista', count: chat.baristas, role: 'barista' });
  await assignBaristas(db, siteId, baristas);
  const accounts = await insertUsers(db, { prefix: 'chat', count: chat.people });

  // Drinks the usual may be: cafe items served at the site, without options to choose.
  const items = (
    await db.query(
      `SELECT m.id AS id FROM menu_items m
       JOIN categories c ON c.id = m.category_id
       JOIN site_menu_items s ON s.item_id = m.id AND s.site_id = ?
       WHERE c.category_for = 'cafe' AND m.is_active = 'active' AND m.is_available = 'available'
         AND c.is_available = 'available' AND s.available = 1 AND s.sold_out = 0
         AND m.id NOT IN (SELECT item_id FROM menu_item_option_groups)
       ORDER BY m.id`,
      [siteId],
    )
  ).map((r) => Number(r.id));
  if (items.length === 0) throw new Error('no cafe item without options is served at the first site');

  const png = await sharp({ create: { width: 64, height: 96, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  const imageName = 'bench-chat-tumbler.png';
  const now = new Date().toISOString();
  await db.insertRows(
    'images',
    ['name', 'sha256', 'mime', 'width', 'height', 'bytes', 'data', 'uploaded_by', 'created_at'],
    [
      [
        imageName,
        createHash('sha256').update(png).digest('hex'),
        'image/png',
        64,
        96,
        png.length,
        png,
        accounts[0]?.id ?? baristas[0].id,
        now,
      ],
    ],
  );

  const people = accounts.map((a, i) => ({
    ...a,
    slackUserId: slackIdOf(i),
    menuId: items[Math.floor(random() * items.length)],
    notify: random() < chat.notifyShare,
  }));
  await db.insertRows(
    'chat_links',
    ['channel', 'external_id', 'workspace_id', 'user_id', 'display_name', 'linked_by', 'created_at', 'revoked_at'],
    people.map((p) => ['slack', p.slackUserId, CHAT_TEAM, p.id, p.slackUserId, 'email', now, null]),
  );
  await db.insertRows(
    'usual_drinks',
    ['user_id', 'drink', 'updated_at'],
    people.map((p) => [p.id, JSON.stringify({ menu_id: p.menuId, type: 'hot', sweetness: 50 }), now]),
  );
  const notified = people.filter((p) => p.notify);
  if (notified.length) {
    await db.insertRows(
      'notification_preferences',
      ['user_id', 'language', 'push', 'slack', 'email', 'webhook', 'updated_at'],
      notified.map((p) => [p.id, 'en', 0, 1, 0, 0, now]),
    );
  }

  // Yesterday's order of each, cancelled: the tumbler photo `/coffee` orders with.
  const [{ max }] = await db.query('SELECT COALESCE(MAX(id), 0) AS max FROM orders');
  let nextId = Number(max) + 1;
  const yesterday = addDays(TODAY, -1);
  const placed = new Date(Date.parse(CLOCK_NOW) - 24 * 3600_000).toISOString();
  const cancelled = new Date(Date.parse(placed) + 60_000).toISOString();
  const withHour = (await db.columns('orders')).includes('cafe_hour');
  const orders = people.map((p) => [
    nextId++,
    siteId,
    p.id,
    p.menuId,
    'cafe',
    yesterday,
    'cancel',
    'hot',
    50,
    '-',
    `/api/images/${imageName}`,
    '',
    placed,
    cancelled,
    ...(withHour ? [10] : []),
  ]);
  await db.insertRows(
    'orders',
    [
      'id',
      'site_id',
      'user_id',
      'menu_id',
      'category_for',
      'cafe_day',
      'status',
      'type',
      'sweetness',
      'remark',
      'tumbler_image',
      'reject_note',
      'order_date',
      'updated_at',
      ...(withHour ? ['cafe_hour'] : []),
    ],
    orders,
  );
  await db.insertRows(
    'order_status_history',
    ['order_id', 'from_status', 'to_status', 'changed_by', 'note', 'changed_at'],
    orders.flatMap(([id, , userId]) => [
      [id, null, 'ordered', userId, null, placed],
      [id, 'ordered', 'cancel', userId, null, cancelled],
    ]),
  );
  await db.fixSequence('orders');
  return {
    siteId,
    baristas,
    people: people.map(({ id, email, slackUserId }) => ({ id, email, slackUserId })),
    /** Orders up to this id are the seeded ones; those placed in the row come after. */
    seededUpTo: nextId - 1,
  };
}

const FORM = 'application/x-www-form-urlencoded';
/** The Order button under the usual (apps/server/src/modules/slack/slack.blocks.ts, ACTIONS.orderUsual). */
const ORDER_USUAL = 'usual.order';
/** A person reads the usual's confirmation and taps Order this long after asking (from, to). */
const TAP_DELAY_MS = [1000, 3000];
/** A message more than this far behind its order counts as behind. */
const BEHIND_MS = 5000;
/** Slack's own limit on answering its requests. */
const SLACK_ANSWER_MS = 3000;
/** The drain ends early when no Web API call came for this long (nothing is queued in the server any more). */
const QUIET_MS = 15_000;
/** The server drops a call refused this many times (apps/server/src/lib/slack-client.ts, MAX_TRIES). */
const GIVE_UP_TRIES = 5;
/** The mark of each status in an order's message (slack.blocks.ts, MARK), and how far along it is. */
const MARKS = {
  hourglass_flowing_sand: 'ordered',
  coffee: 'in-progress',
  bell: 'done',
  white_check_mark: 'picked',
  heavy_multiplication_x: 'cancel',
  no_entry: 'rejected',
  calendar: 'scheduled',
  hourglass: 'uncollected',
};
const RANK = { scheduled: 0, ordered: 1, 'in-progress': 2, done: 3, picked: 4, uncollected: 4, cancel: 5, rejected: 5 };

/** All text of a message's blocks. */
function textOf(value) {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('\n');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).join('\n');
  return '';
}

const shownOf = new WeakMap();
/** Which order a message is of (`(#id)` in its first section) and the status it shows; nulls for other messages. */
function shown(call) {
  if (!shownOf.has(call)) {
    const text = textOf(call.blocks);
    const id = /\(#(\d+)\)/.exec(text);
    const mark = id && /:([a-z_]+):/.exec(text.slice(id.index))?.[1];
    shownOf.set(call, { id: id ? Number(id[1]) : null, status: MARKS[mark] ?? null });
  }
  return shownOf.get(call);
}

/** The value of the first button `actionId` in blocks. */
function buttonValue(blocks, actionId) {
  if (Array.isArray(blocks)) {
    for (const b of blocks) {
      const v = buttonValue(b, actionId);
      if (v !== undefined) return v;
    }
    return undefined;
  }
  if (!blocks || typeof blocks !== 'object') return undefined;
  if (blocks.action_id === actionId && typeof blocks.value === 'string') return blocks.value;
  return buttonValue(Object.values(blocks), actionId);
}

/** The server's clock (CLOCK_NOW, running on) minus ours, from the issue time of a token it signed. */
async function serverClockOffset(api, email) {
  const t0 = Date.now();
  const token = await api.login(email);
  const t1 = Date.now();
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
  const issued = payload.iat_ms ?? payload.iat * 1000;
  return { token, offsetMs: issued - (t0 + t1) / 2 };
}

/** A summary with how many were over `limit` ms and how many never came. */
function lateness(values, missing = 0, limit = BEHIND_MS) {
  return { ...summarize(values), over: values.filter((v) => v > limit).length + missing, missing };
}

export async function runChat({
  server,
  /** Every process on the database (startCluster): Slack's requests go to them in turn, as through a load balancer. */
  servers = [server],
  seeded,
  sizes,
  direct,
  slack,
  signingSecret = CHAT_SIGNING_SECRET,
  log,
  behaviour,
}) {
  const chat = chatSizes(sizes);
  const api = client(server.base);
  const random = rng(11);
  const windowMs = chat.seconds * 1000;
  const team = CHAT_TEAM;

  log(`  signing in ${seeded.baristas.length} baristas`);
  const clock = await serverClockOffset(api, seeded.baristas[0].email);
  const baristaAccounts = [
    { ...seeded.baristas[0], token: clock.token },
    ...(await api.loginAll(seeded.baristas.slice(1), 3)),
  ];
  await connectAll(server.base, baristaAccounts, 5);

  /** Each barista move's answer: `${id}:${status}` -> when it came (performance.now()). */
  const moves = new Map();
  const baristaApi = {
    ...api,
    async baristaUpdate(token, id, status) {
      const res = await api.baristaUpdate(token, id, status);
      moves.set(`${id}:${status}`, performance.now());
      return res;
    },
  };
  const baristas = baristaAccounts.map((account, i) =>
    simulatedBarista(baristaApi, account, i, baristaSizes(sizes), random, () => {}, behaviour ?? webBehaviour(root)),
  );

  /** A request as Slack sends it: form-encoded, signed with v0 HMAC-SHA256 at the server's clock. */
  let sequence = 0;
  let turn = 0;
  async function fromSlack(url, body) {
    const to = servers[turn++ % servers.length];
    const timestamp = String(Math.floor((Date.now() + clock.offsetMs) / 1000));
    const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    const t0 = performance.now();
    try {
      const res = await fetch(`${to.base}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': FORM, 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature },
        body,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      let json;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { t0, ms: performance.now() - t0, status: res.status, json, text };
    } catch (error) {
      return { t0, ms: performance.now() - t0, status: String(error.message).slice(0, 80) };
    }
  }
  const command = (p) =>
    fromSlack(
      '/slack/commands',
      new URLSearchParams({
        token: 'legacy',
        team_id: team,
        team_domain: 'cafe',
        channel_id: `D${p.slackUserId.slice(1)}`,
        user_id: p.slackUserId,
        user_name: p.email.split('@')[0],
        command: '/coffee',
        text: '',
        api_app_id: 'A0CAFE',
        response_url: `https://hooks.slack.invalid/commands/${++sequence}`,
        trigger_id: `${sequence}.${p.slackUserId}`,
      }).toString(),
    );
  const tap = (p, value) =>
    fromSlack(
      '/slack/interactions',
      new URLSearchParams({
        payload: JSON.stringify({
          type: 'block_actions',
          team: { id: team, domain: 'cafe' },
          user: { id: p.slackUserId, team_id: team, username: p.email.split('@')[0] },
          api_app_id: 'A0CAFE',
          trigger_id: `${++sequence}.${p.slackUserId}`,
          container: { type: 'message', is_ephemeral: true },
          response_url: slack.responseUrl(),
          actions: [
            { action_id: ORDER_USUAL, block_id: 'usual', value, type: 'button', action_ts: `1700000000.${sequence}` },
          ],
        }),
      }).toString(),
    );

  const commands = [];
  const taps = [];
  const refusals = {};
  const rss = sampleRss(server.pid);
  await api.eventLoopDelay();
  const callsBefore = slack.calls.length;
  log(
    `  ${seeded.people.length} people x ${chat.ordersEach} order(s) through Slack over ${chat.seconds} s, ${baristas.length} baristas working`,
  );
  const started = performance.now();
  await Promise.all(
    seeded.people.map(async (person) => {
      const times = Array.from({ length: chat.ordersEach }, () => random() * windowMs).sort((a, b) => a - b);
      for (const at of times) {
        const wait = started + at - performance.now();
        if (wait > 0) await sleep(wait);
        const asked = await command(person);
        commands.push(asked);
        const value = asked.status === 200 ? buttonValue(asked.json?.blocks, ORDER_USUAL) : undefined;
        if (value === undefined) {
          const why = asked.status === 200 ? String(asked.json?.text ?? asked.text).slice(0, 80) : asked.status;
          refusals[why] = (refusals[why] ?? 0) + 1;
          continue;
        }
        await sleep(TAP_DELAY_MS[0] + random() * (TAP_DELAY_MS[1] - TAP_DELAY_MS[0]));
        const tapped = await tap(person, value);
        taps.push({ ...tapped, userId: person.id });
      }
    }),
  );
  const sendingSeconds = (performance.now() - started) / 1000;
  log(`  every tap answered after ${sendingSeconds.toFixed(1)} s; the baristas stop`);
  await Promise.all(baristas.map((b) => b.stop()));
  closeAll(baristaAccounts);

  // What the app was asked for: the orders placed (from the database) and the baristas' moves.
  const placedOrders = async () =>
    (
      await direct.query(
        `SELECT o.id AS id, o.user_id AS user_id, o.status AS status FROM orders o
         JOIN chat_links l ON l.user_id = o.user_id AND l.channel = 'slack' WHERE o.id > ? ORDER BY o.id`,
        [seeded.seededUpTo],
      )
    ).map((r) => ({ id: Number(r.id), userId: Number(r.user_id), status: r.status }));

  /**
   * Per order: the first accepted message and its tries; the accepted updates with what they show.
   * A message is posted (chat.postMessage) or sent in place of the tap (its response_url); an
   * update is a chat.update or a later answer through the response_url.
   */
  function messages() {
    const posts = new Map();
    const updates = new Map();
    let notices = 0;
    for (let i = callsBefore; i < slack.calls.length; i += 1) {
      const call = slack.calls[i];
      // An answer through a response_url is the message the first time, an update after.
      const posting = call.method === 'chat.postMessage' || call.method === 'response';
      const updating = call.method === 'chat.update' || call.method === 'response';
      if (!posting && !updating) continue;
      const { id, status } = shown(call);
      const accepted = call.status === 200;
      if (posting) {
        if (id === null) {
          if (accepted && call.blocks) notices += 1;
          continue;
        }
        const post = posts.get(id) ?? { tries: 0, at: undefined };
        posts.set(id, post);
        post.tries += post.at === undefined ? 1 : 0;
        if (accepted && post.at === undefined) post.at = call.at;
      }
      if (updating && id !== null && accepted) {
        const list = updates.get(id) ?? [];
        updates.set(id, list);
        list.push({ at: call.at, status });
      }
    }
    return { posts, updates, notices };
  }
  /** The first accepted update of `id` showing `status` or a later one. */
  const updateShowing = (updates, id, status) =>
    (updates.get(id) ?? []).find((u) => u.status !== null && RANK[u.status] >= RANK[status]);
  /**
   * What has not reached Slack yet: order messages (`givenUp`: refused as often as the server tries
   * a call, which it then drops) and status updates (`waiting`: those of orders whose message may
   * still come; an order without a message gets no update).
   */
  const missingNow = async () => {
    const orders = await placedOrders();
    const { posts, updates } = messages();
    const unposted = orders.filter((o) => posts.get(o.id)?.at === undefined);
    const givenUp = new Set(unposted.filter((o) => (posts.get(o.id)?.tries ?? 0) >= GIVE_UP_TRIES).map((o) => o.id));
    let missingUpdates = 0;
    let waitingUpdates = 0;
    for (const key of moves.keys()) {
      const [id, status] = key.split(':');
      if (updateShowing(updates, Number(id), status)) continue;
      missingUpdates += 1;
      if (!givenUp.has(Number(id))) waitingUpdates += 1;
    }
    return {
      missingPosts: unposted.length,
      givenUpPosts: givenUp.size,
      missingUpdates,
      waiting: unposted.length - givenUp.size + waitingUpdates,
    };
  };

  const drainStarted = performance.now();
  let drainEnded = 'bound';
  let missing = await missingNow();
  while (performance.now() - drainStarted < chat.drainSeconds * 1000) {
    if (missing.missingPosts + missing.missingUpdates === 0) {
      drainEnded = 'all arrived';
      break;
    }
    if (missing.waiting === 0) {
      drainEnded = 'the rest was given up';
      break;
    }
    const last = slack.calls.at(-1)?.at ?? 0;
    if (performance.now() - Math.max(last, drainStarted) > QUIET_MS) {
      drainEnded = 'quiet';
      break;
    }
    await sleep(1000);
    missing = await missingNow();
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  log(
    `  drain: ${drainEnded} after ${drainSeconds.toFixed(0)} s; still missing ${missing.missingPosts} order messages ` +
      `(${missing.givenUpPosts} given up after ${GIVE_UP_TRIES} refusals), ${missing.missingUpdates} status updates`,
  );
  const eventLoop = await api.eventLoopDelay();
  const peakMb = rss.stop().peakMb;

  // Each order paired with the tap that placed it: a person's taps in order, their orders by id.
  const orders = await placedOrders();
  const { posts, updates, notices } = messages();
  const tapsOf = new Map();
  for (const t of taps.filter((t) => t.status === 200).sort((a, b) => a.t0 - b.t0)) {
    const list = tapsOf.get(t.userId) ?? [];
    list.push(t);
    tapsOf.set(t.userId, list);
  }
  const seen = new Map();
  const orderMessage = [];
  const tries = [];
  let withoutMessage = 0;
  let givenUp = 0;
  for (const order of orders) {
    const k = seen.get(order.userId) ?? 0;
    seen.set(order.userId, k + 1);
    const tapped = tapsOf.get(order.userId)?.[k];
    const post = posts.get(order.id);
    if (post?.at === undefined) {
      withoutMessage += 1;
      if ((post?.tries ?? 0) >= GIVE_UP_TRIES) givenUp += 1;
      continue;
    }
    tries.push(post.tries);
    if (tapped) orderMessage.push(post.at - tapped.t0);
  }

  const statusLatency = { 'in-progress': [], done: [] };
  const statusMissing = { 'in-progress': 0, done: 0 };
  let exact = 0;
  let superseded = 0;
  let ofOrdersWithoutMessage = 0;
  for (const [key, answeredAt] of moves) {
    const [idText, status] = key.split(':');
    const id = Number(idText);
    statusLatency[status] ??= [];
    statusMissing[status] ??= 0;
    const update = updateShowing(updates, id, status);
    if (!update) {
      statusMissing[status] += 1;
      if (posts.get(id)?.at === undefined) ofOrdersWithoutMessage += 1;
      continue;
    }
    if (update.status === status) exact += 1;
    else superseded += 1;
    statusLatency[status].push(update.at - answeredAt);
  }
  const allStatus = Object.values(statusLatency).flat();
  const allStatusMissing = Object.values(statusMissing).reduce((a, b) => a + b, 0);

  const summary = slack.summary();
  const perOrder = (n) => (orders.length ? round(n / orders.length, 2) : null);
  const calls = Object.fromEntries(
    Object.entries(summary).map(([method, m]) => [
      method,
      { ...m, okPerOrder: perOrder(m.ok), rateLimitedPerOrder: perOrder(m.rateLimited) },
    ]),
  );
  const answers = (list) => ({
    ...summarize(list.map((r) => r.ms)),
    overSlackLimit: list.filter((r) => r.ms > SLACK_ANSWER_MS).length,
    failed: list.filter((r) => r.status !== 200).length,
  });
  const tapsAnswered = taps.filter((t) => t.status === 200).length;

  const checks = [
    {
      name: 'every order placed through Slack got its message',
      ok: withoutMessage === 0,
      detail: `${withoutMessage} of ${orders.length} without an accepted message (chat.postMessage or in place of the tap)`,
    },
    {
      name: 'every tap on Order placed an order',
      ok: orders.length === tapsAnswered && tapsAnswered === taps.length,
      detail: `${taps.length} taps, ${tapsAnswered} answered 200, ${orders.length} orders placed, ${notices} refusals told in a message`,
    },
  ];

  return {
    people: seeded.people.length,
    processes: servers.length,
    baristas: baristas.length,
    windowSeconds: chat.seconds,
    ordersEach: chat.ordersEach,
    notifyShare: chat.notifyShare,
    sendingSeconds: round(sendingSeconds),
    orders: {
      commands: commands.length,
      taps: taps.length,
      placed: orders.length,
      withMessage: orders.length - withoutMessage,
      commandRefusals: refusals,
      refusalNotices: notices,
      byStatus: orders.reduce((by, o) => ({ ...by, [o.status]: (by[o.status] ?? 0) + 1 }), {}),
    },
    /**
     * The tap on Order to the order's message accepted by Slack (in place of the tap through its
     * response_url, or by chat.postMessage), ms; `over`: more than 5 s (or never).
     */
    orderMessage: { ...lateness(orderMessage, withoutMessage), givenUp, triesPerMessage: summarize(tries, 2) },
    /** A barista's move answered to the first accepted update (response_url or chat.update) showing that status (or a later one), ms. */
    statusUpdate: {
      moves: moves.size,
      ...lateness(allStatus, allStatusMissing),
      exact,
      superseded,
      missingOfOrdersWithoutMessage: ofOrdersWithoutMessage,
      byStatus: Object.fromEntries(
        Object.entries(statusLatency).map(([status, list]) => [status, lateness(list, statusMissing[status])]),
      ),
    },
    behindMs: BEHIND_MS,
    /** How long the app took to answer Slack's own requests (Slack wants 3 s). */
    slackAnswers: { command: answers(commands), interaction: answers(taps) },
    calls,
    drain: {
      boundSeconds: chat.drainSeconds,
      seconds: round(drainSeconds),
      ended: drainEnded,
      missingMessages: missing.missingPosts,
      givenUpMessages: missing.givenUpPosts,
      missingUpdates: missing.missingUpdates,
    },
    baristaWork: workTotals(baristas, []).baristaWork,
    peakMb,
    eventLoop,
    checks,
  };
}
