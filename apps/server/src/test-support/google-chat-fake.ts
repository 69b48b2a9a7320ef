import { generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/*
 * A stand-in Google for the Google Chat app (docs/api/google-chat.md): Chat's signing keys (a key
 * pair made here; tokens signed as Chat signs them, or not), the token endpoint of the app's service
 * account (checks the assertion the app signs with its key), and the Chat API (checks the app's
 * access token and the shape of every card, records the messages patched). With the events Chat
 * sends and readers of the cards v2 the app answers.
 */

export const PROJECT = '123456789012';
export const ISSUER = 'chat@system.gserviceaccount.com';
export const SERVICE_ACCOUNT = 'cafe-chat@cafe-project.iam.gserviceaccount.com';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export type Json = Record<string, unknown>;
export interface Widget {
  textParagraph?: { text: string };
  decoratedText?: { text: string; button?: Button };
  buttonList?: { buttons: Button[] };
  selectionInput?: { name: string; type: string; items: { text: string; value: string; selected: boolean }[] };
  textInput?: { name: string };
}
export interface Button {
  text: string;
  onClick: { action?: { function: string; parameters: { key: string; value: string }[] }; openLink?: { url: string } };
}
export type Reply = { text?: string; actionResponse?: { type: string }; cardsV2?: { cardId: string; card: Json }[] };

/** What is wrong with a message's cards v2 ([] when nothing): each card an id and sections of widgets. */
export function cardProblems(message: Reply): string[] {
  if (!Array.isArray(message.cardsV2) || message.cardsV2.length === 0) return ['no cardsV2'];
  const WIDGETS = ['textParagraph', 'decoratedText', 'buttonList', 'selectionInput', 'textInput'];
  return message.cardsV2.flatMap(({ cardId, card }) => {
    const sections = (card as { sections?: { widgets?: Json[] }[] }).sections;
    if (typeof cardId !== 'string' || !cardId) return ['a card without cardId'];
    if (!Array.isArray(sections) || sections.length === 0) return [`${cardId}: no sections`];
    return sections.flatMap((section) =>
      !Array.isArray(section.widgets) || section.widgets.length === 0
        ? [`${cardId}: a section without widgets`]
        : section.widgets
            .filter((w) => Object.keys(w).length !== 1 || !WIDGETS.includes(Object.keys(w)[0] ?? ''))
            .map((w) => `${cardId}: not a widget: ${JSON.stringify(w)}`),
    );
  });
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A stand-in Google: Chat's keys, the token endpoint, the Chat API (messages patched, recorded). */
export async function startGoogle() {
  const chat = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued = new Set<string>();
  const patches: { name: string; mask: string; message: Reply; problems: string[] }[] = [];
  const state = { certFetches: 0, tokens: 0, refused: [] as string[], failNext: 0 };
  const json = (res: ServerResponse, status: number, value: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = await body(req);
      if (
        req.method === 'GET' &&
        url.pathname === '/service_accounts/v1/metadata/x509/chat@system.gserviceaccount.com'
      ) {
        state.certFetches += 1;
        res.setHeader('cache-control', 'public, max-age=3600');
        return json(res, 200, { 'chat-key-1': chat.publicKey.export({ type: 'spki', format: 'pem' }) });
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(text);
        const [head = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.');
        const payload = JSON.parse(Buffer.from(claims, 'base64url').toString() || '{}') as Json;
        const signed = verify(
          'sha256',
          Buffer.from(`${head}.${claims}`),
          account.publicKey,
          Buffer.from(signature, 'base64url'),
        );
        const ok =
          signed &&
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          payload.iss === SERVICE_ACCOUNT &&
          payload.aud === 'https://oauth2.googleapis.com/token' &&
          payload.scope === 'https://www.googleapis.com/auth/chat.bot';
        if (!ok) return json(res, 400, { error: 'invalid_grant', error_description: 'not the account' });
        const token = `stand-in-access-${++state.tokens}`;
        issued.add(token);
        return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      const message = /^\/v1\/(spaces\/[^/]+\/messages\/[^/]+)$/.exec(url.pathname);
      if (req.method === 'PATCH' && message?.[1]) {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        if (!issued.has(bearer)) {
          state.refused.push(`token ${bearer}`);
          return json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        }
        if (state.failNext > 0 && state.failNext--)
          return json(res, 503, { error: { code: 503, status: 'UNAVAILABLE' } });
        const sent = JSON.parse(text) as Reply;
        const problems = cardProblems(sent);
        patches.push({ name: message[1], mask: url.searchParams.get('updateMask') ?? '', message: sent, problems });
        if (problems.length) return json(res, 400, { error: { code: 400, message: problems.join('; ') } });
        return json(res, 200, { name: message[1], ...sent });
      }
      return json(res, 404, { error: { code: 404 } });
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A token as Chat signs it (or, as told, not). */
  function token(options: { audience?: string; issuer?: string; expiresIn?: number; key?: KeyObject } = {}) {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + (options.expiresIn ?? 3600);
    const payload = {
      iss: options.issuer ?? ISSUER,
      aud: options.audience ?? PROJECT,
      iat: Math.min(now, exp - 60),
      exp,
    };
    const data = `${b64({ alg: 'RS256', kid: 'chat-key-1', typ: 'JWT' })}.${b64(payload)}`;
    return `${data}.${sign('sha256', Buffer.from(data), options.key ?? chat.privateKey).toString('base64url')}`;
  }
  const key = {
    type: 'service_account',
    client_email: SERVICE_ACCOUNT,
    private_key: account.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    private_key_id: 'account-key-1',
  };
  return {
    url,
    token,
    forgerKey: forger.privateKey,
    serviceAccount: JSON.stringify(key),
    patches,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type GoogleFake = Awaited<ReturnType<typeof startGoogle>>;

/** The app's settings that point it at the stand-in. */
export const googleChatEnv = (google: GoogleFake): Record<string, string> => ({
  PUBLIC_URL: 'https://cafe.example.com',
  GOOGLE_CHAT_PROJECT_NUMBER: PROJECT,
  GOOGLE_CHAT_SERVICE_ACCOUNT: google.serviceAccount,
  GOOGLE_CHAT_STAND_IN_URL: google.url,
});

let messages = 0;

/** An event of a person's direct message with the app, as Chat sends it. */
export function event(
  type: string,
  who: string,
  fields: Json & { email?: string; locale?: string; space?: Json } = {},
) {
  const { email, locale, space, ...rest } = fields;
  return {
    type,
    eventTime: new Date().toISOString(),
    space: { name: `spaces/dm-${who}`, type: 'DM', spaceType: 'DIRECT_MESSAGE', singleUserBotDm: true, ...space },
    user: { name: `users/${who}`, displayName: `Chat ${who}`, email: email ?? `${who}@other.example`, type: 'HUMAN' },
    common: { hostApp: 'CHAT', userLocale: locale ?? 'en' },
    ...rest,
  };
}

/** A message the person typed (each a message of its own). */
export const typed = (who: string, text: string, more: Json = {}) =>
  event('MESSAGE', who, {
    message: { name: `spaces/dm-${who}/messages/m${++messages}`, text, argumentText: text },
    ...more,
  });

/** A button of the message `name` tapped, with what its inputs hold. */
export const tapped = (
  who: string,
  name: string,
  button: Button,
  inputs: Record<string, string[]> = {},
  more: Json = {},
) =>
  event('CARD_CLICKED', who, {
    message: { name },
    action: {
      actionMethodName: button.onClick.action?.function,
      parameters: button.onClick.action?.parameters ?? [],
    },
    common: {
      hostApp: 'CHAT',
      userLocale: 'en',
      invokedFunction: button.onClick.action?.function,
      formInputs: Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, { stringInputs: { value: v } }])),
    },
    ...more,
  });

/** Sends an event as Chat does (its token, or `authorization` as told), and waits for the calls it started. */
export async function sendEvent(
  t: TestApp,
  google: GoogleFake,
  payload: Json,
  authorization: string | null = `Bearer ${google.token()}`,
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/google-chat/events',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
  });
  await t.app.ctx.services.googleChat.settled();
  return res;
}

export const widgetsOf = (message: Reply): Widget[] =>
  (message.cardsV2 ?? []).flatMap((c) => (c.card.sections as { widgets: Widget[] }[]).flatMap((s) => s.widgets));
/** A card's HTML as it reads: its tags off, its escapes read back. */
export const unescaped = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The sentences of a message's widgets (not its section headers, nor its buttons' labels). */
export const linesOf = (message: Reply): string[] =>
  widgetsOf(message).flatMap((w) => {
    const text = w.textParagraph?.text ?? w.decoratedText?.text;
    return text === undefined ? [] : [unescaped(text)];
  });
/** Everything a message says, one sentence a line: its text, each section's header and widgets. */
export const sentencesOf = (message: Reply): string[] => [
  ...(message.text === undefined ? [] : [message.text]),
  ...(message.cardsV2 ?? []).flatMap((c) =>
    (c.card.sections as { header?: string; widgets: Widget[] }[]).flatMap((s) => [
      ...(s.header === undefined ? [] : [unescaped(s.header)]),
      ...linesOf({ cardsV2: [{ cardId: c.cardId, card: { sections: [s] } }] }),
    ]),
  ),
];
/** Every button of a message: its button lists', its decorated texts'. */
export const buttonsOf = (message: Reply): Button[] =>
  widgetsOf(message).flatMap((w) => [
    ...(w.buttonList?.buttons ?? []),
    ...(w.decoratedText?.button ? [w.decoratedText.button] : []),
  ]);
export function buttonOf(message: Reply, fn: string): Button {
  const found = buttonsOf(message).find((b) => b.onClick.action?.function === fn);
  if (!found) throw new Error(`no ${fn} button: ${JSON.stringify(message)}`);
  return found;
}
