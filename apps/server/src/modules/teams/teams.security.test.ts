import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsIn } from '../../lib/chat-words';
import {
  APP_ID,
  actionData,
  callsTo,
  cardOf,
  createTeamsApp,
  linesOf,
  messageFrom,
  postedId,
  sendActivity,
  teamsPerson,
  textOf,
  type TeamsSetup,
} from '../../test-support/teams-fixtures';
import { CARD_ACTIONS } from './teams.cards';

/**
 * The bot's endpoint against a local fake of the Bot Framework: only a token it signs, for this
 * bot, fresh, for the activity's serviceUrl and from the company's tenant is heard; a retried
 * activity is heard once. On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
describe('the Teams endpoint', () => {
  let s: TeamsSetup;
  beforeAll(async () => {
    s = await createTeamsApp();
  });
  afterAll(() => s.close());

  it('refuses with 401 anything not signed as the Bot Framework signs, and does nothing', async () => {
    await teamsPerson(s, 'aad-guard');
    const message = () => messageFrom(s, 'aad-guard', { text: 'coffee' });
    const cases: [string, Parameters<typeof sendActivity>[2]][] = [
      ['unsigned', { token: null }],
      ['not a JWT', { token: 'not-a-token' }],
      ['a wrong key', { sign: { wrongKey: true } }],
      ['another audience', { sign: { audience: '11111111-2222-3333-4444-555555555555' } }],
      ['another issuer', { sign: { issuer: 'https://sts.windows.net/someone/' } }],
      ['expired', { sign: { expiresIn: -120 } }],
      ['another serviceUrl', { sign: { serviceUrl: 'https://smba.example.invalid/teams/' } }],
    ];
    for (const [what, options] of cases) {
      const res = await sendActivity(s, message(), options);
      expect(res.statusCode, what).toBe(401);
      expect(res.json<{ code: string }>().code, what).toBe('UNAUTHENTICATED');
    }
    const otherTenant = await sendActivity(
      s,
      messageFrom(s, 'aad-guard', { text: 'coffee', tenant: '00000000-0000-0000-0000-000000000001' }),
    );
    expect(otherTenant.statusCode).toBe(401);
    expect(s.teams.calls).toEqual([]);
    expect(s.teams.state.tokensIssued).toBe(0);
    expect(await s.t.app.ctx.db.selectFrom('chat_links').selectAll().execute()).toEqual([]);
  });

  it('answers a signed activity at once (202) with the form, and a retried one (same id) not again', async () => {
    await teamsPerson(s, 'aad-signed');
    const activity = messageFrom(s, 'aad-signed', { text: 'coffee' });
    const res = await sendActivity(s, activity);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    const again = await sendActivity(s, activity);
    expect(again.statusCode).toBe(202);
    const posted = callsTo(s, 'aad-signed', 'POST');
    expect(posted).toHaveLength(1);
    expect(textOf(cardOf(posted[0]))).toContain('Order a drink');
    // The bot's own token: asked for once, with the app's id and secret.
    expect(s.teams.state.tokensIssued).toBe(1);
    expect(APP_ID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an activity of a group chat, a channel or any chat not personal there, and does nothing else', async () => {
    // Someone the bot would link by their company e-mail, and someone linked with an order waiting.
    const stranger = await s.t.createUser({ name: 'Group stranger' });
    s.teams.members['aad-group-stranger'] = { name: stranger.name, email: stranger.email };
    const person = await teamsPerson(s, 'aad-group', { usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 50 } });
    await sendActivity(s, messageFrom(s, 'aad-group', { text: 'usual' }));
    const offered = callsTo(s, 'aad-group', 'POST').at(-1);
    const cardId = postedId(s, offered);
    const usual = actionData(cardOf(offered), CARD_ACTIONS.usual);
    await sendActivity(s, messageFrom(s, 'aad-group', { value: usual, replyToId: cardId }));
    const db = s.t.app.ctx.db;
    const [order] = await db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', person.id)
      .where('status', '=', 'ordered')
      .execute();
    expect(order).toBeDefined();
    const state = async () => ({
      orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
      links: await db.selectFrom('chat_links').selectAll().execute(),
      linkTokens: await db.selectFrom('chat_link_tokens').selectAll().execute(),
      lookups: s.teams.state.memberLookups,
    });
    const before = await state();

    const group = { id: '19:cafe-fans-thread', conversationType: 'groupChat', isGroup: true };
    const channel = { id: '19:general-thread', conversationType: 'channel', isGroup: true };
    const unsaid = { id: '19:unsaid-thread', conversationType: undefined };
    const cancel = { cafe: CARD_ACTIONS.cancel, order: String(order?.id) };
    const cases = [
      [group, messageFrom(s, 'aad-group-stranger', { text: 'coffee', conversation: group }), 'en'],
      [
        channel,
        messageFrom(s, 'aad-group', { value: cancel, replyToId: cardId, locale: 'th-TH', conversation: channel }),
        'th',
      ],
      [unsaid, messageFrom(s, 'aad-group', { text: 'usual', conversation: unsaid }), 'en'],
    ] as const;
    for (const [conversation, activity, lang] of cases) {
      const mark = s.teams.calls.length;
      expect((await sendActivity(s, activity)).statusCode).toBe(202);
      const calls = s.teams.calls.slice(mark);
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        `POST /v3/conversations/${conversation.id}/activities`,
      ]);
      // As shown: the catalogue's **bold** is a run of its own.
      const said = wordsIn(lang)('people.teams.scope.personalOnly').replaceAll('**', '');
      expect(linesOf(cardOf(calls[0]))).toContain(said);
    }
    // No look-up, no link, no order moved, and the card in the person's own chat untouched.
    expect(await state()).toEqual(before);
  });
});
