import type { TokenPair } from '@cafe/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../test-support/receivers';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const NEW_PASSWORD = 'kettle orbit lantern 42';

/** With e-mail configured, a forgotten password is reset by a link sent to the address (30 minutes, once). */
describe('password reset by e-mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Office Cafe <cafe@example.com>', PUBLIC_URL: 'https://cafe.example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const ask = (email: string, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
      headers: language ? { 'accept-language': language } : {},
    });
  const confirm = (token: string, password: string) =>
    t.request('POST', '/api/auth/password-reset/confirm', undefined, { token, password });
  const login = (email: string, password: string) =>
    t.request('POST', '/api/auth/v2/login', undefined, { email, password });

  async function linkFor(email: string): Promise<{ token: string; subject: string; text: string }> {
    await t.app.ctx.services.notifications.deliverDue();
    const raw = [...smtp.mails].reverse().find((m) => m.to.includes(email))?.raw;
    expect(raw, `a mail to ${email}`).toBeDefined();
    const mail = await simpleParser(raw ?? '');
    const url = /https:\/\/cafe\.example\.com\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(url).not.toBeNull();
    return { token: url?.[1] ?? '', subject: mail.subject ?? '', text: mail.text ?? '' };
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await t.createUser();
    const before = smtp.mails.length;
    const known = await ask(user.email);
    const unknown = await ask('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    await t.app.ctx.services.notifications.deliverDue();
    const sent = smtp.mails.slice(before);
    expect(sent.map((m) => m.to)).toEqual([[user.email]]);
  });

  it('sets the new password with the link once, ends every session, and stores only a hash', async () => {
    const user = await t.createUser();
    const session = (await login(user.email, user.password)).json<TokenPair>();
    expect((await ask(user.email)).statusCode).toBe(202);
    const { token, subject } = await linkFor(user.email);
    expect(subject).toMatch(/new password/i);
    const stored = await t.app.ctx.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const weak = await confirm(token, user.email);
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });

    expect((await confirm(token, NEW_PASSWORD)).statusCode).toBe(204);
    // Every session of the person ended: its access token and its refresh token.
    const me = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.statusCode).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/refresh-token', undefined, { refreshToken: session.refreshToken }))
        .statusCode,
    ).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Once only.
    const again = await confirm(token, 'another fine passphrase 7');
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toMatch(/not valid|used/);
  });

  it('refuses a link after 30 minutes, and one a newer link replaced', async () => {
    const user = await t.createUser();
    await ask(user.email);
    const first = await linkFor(user.email);
    await ask(user.email, 'th');
    const second = await linkFor(user.email);
    expect(second.subject).toMatch(/[\u0E00-\u0E7F]/);
    expect((await confirm(first.token, NEW_PASSWORD)).statusCode).toBe(400);
    t.clock.advance(31 * 60_000);
    const late = await confirm(second.token, NEW_PASSWORD);
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toMatch(/expired/);
    t.clock.advance(-31 * 60_000);
  });
});

describe('password reset requests are limited per address', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Office Cafe <cafe@example.com>',
        PUBLIC_URL: 'https://cafe.example.com',
        RATE_LIMIT: 'on',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers 429 after five requests for one address within the hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.request('POST', '/api/auth/password-reset', undefined, { email: 'someone@example.com' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
