import type { EmailConfirmationStatus, Order, TokenPair, User } from '@cafe/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../../test-support/image-fixtures';
import { cafeOrderBody, createOrderingApp, type SeededMenu } from '../../test-support/order-fixtures';
import { startSmtpReceiver } from '../../test-support/receivers';
import type { TestApp } from '../../test-support/test-app';

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';

/**
 * With e-mail configured, an address registered with a password is confirmed by a link sent to it
 * (a day, once) before the account can order; without e-mail nothing changes (the specification).
 */
describe('e-mail confirmation', () => {
  let t: TestApp;
  let menu: SeededMenu;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    ({ t, menu } = await createOrderingApp({
      clockNow: WEDNESDAY_10AM,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Office Cafe <cafe@example.com>', PUBLIC_URL: 'https://cafe.example.com' },
    }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let counter = 0;
  async function register(language?: string) {
    counter += 1;
    const email = `newcomer${counter}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse battery', name: `Newcomer ${counter}` },
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.statusCode, res.body).toBe(201);
    const login = await t.request('POST', '/api/auth/v2/login', undefined, {
      email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json<TokenPair>().accessToken}` };
    return { email, id: res.json<User>().id, auth };
  }

  async function linkFor(email: string): Promise<{ token: string; subject: string; text: string }> {
    await t.app.ctx.services.notifications.deliverDue();
    const raw = [...smtp.mails].reverse().find((m) => m.to.includes(email))?.raw;
    expect(raw, `a mail to ${email}`).toBeDefined();
    const mail = await simpleParser(raw ?? '');
    const url = /https:\/\/cafe\.example\.com\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(url).not.toBeNull();
    return { token: url?.[1] ?? '', subject: mail.subject ?? '', text: mail.text ?? '' };
  }

  const status = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: '/api/auth/email-confirmation', headers: auth })).json<EmailConfirmationStatus>();
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email-confirmation', payload: { token } });
  async function order(auth: Record<string, string>) {
    const photo = await uploadImage(t, await t.createUser());
    return t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: auth,
      payload: cafeOrderBody(menu.latte, photo),
    });
  }

  it('tells the settings that registrations confirm their address', async () => {
    expect((await t.request('GET', '/api/settings')).json()).toMatchObject({ emailConfirmation: true });
  });

  it('sends a link in the person’s language; they order only after opening it, and the link works once', async () => {
    const person = await register('th-TH,th;q=0.9,en;q=0.5');
    const { token, subject, text } = await linkFor(person.email);
    expect(subject).toBe('ยืนยันอีเมลของคุณสำหรับคาเฟ่');
    expect(text).toContain('24 ชั่วโมง');
    expect(await status(person.auth)).toEqual({ required: true, confirmed: false, email: person.email });

    const refused = await order(person.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: `Confirm your e-mail address first: open the link we sent to ${person.email}.`,
    });

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: person.email });
    expect(await status(person.auth)).toMatchObject({ confirmed: true });
    const placed = await order(person.auth);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().status).toBe('ordered');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'This confirmation link is not valid, or it was used already. Sign in to ask for a new one.',
    });
  });

  it('refuses a link after a day, and a new link replaces the old one', async () => {
    const person = await register();
    const first = await linkFor(person.email);
    expect(first.subject).toBe('Confirm your e-mail address for the cafe');
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-confirmation/resend',
      headers: person.auth,
    });
    expect(resend.statusCode).toBe(204);
    const second = await linkFor(person.email);
    expect(second.token).not.toBe(first.token);
    expect((await confirm(first.token)).statusCode).toBe(400);

    t.clock.advance(25 * 60 * 60 * 1000);
    try {
      const late = await confirm(second.token);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({
        message: 'This confirmation link has expired. Sign in to ask for a new one.',
      });
    } finally {
      t.clock.advance(-25 * 60 * 60 * 1000);
    }
    expect((await confirm('made-up-token')).statusCode).toBe(400);
    // A token of the right shape that was never sent.
    const unknown = await confirm('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: expect.stringMatching(/not valid/) as string });
  });

  it('leaves accounts made otherwise as they are: they order at once', async () => {
    const user = await t.createUser();
    expect(await status(user.auth)).toEqual({ required: true, confirmed: true, email: user.email });
    const placed = await order(user.auth);
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe('without e-mail configured', () => {
  it('keeps the specification’s flow: a registration can order at once', async () => {
    const { t, menu } = await createOrderingApp({ clockNow: WEDNESDAY_10AM });
    try {
      expect((await t.request('GET', '/api/settings')).json()).toMatchObject({ emailConfirmation: false });
      const res = await t.request('POST', '/api/auth/register', undefined, {
        email: 'plain@example.com',
        password: 'correct horse battery',
        name: 'Plain',
      });
      expect(res.statusCode).toBe(201);
      const login = await t.request('POST', '/api/auth/v2/login', undefined, {
        email: 'plain@example.com',
        password: 'correct horse battery',
      });
      const auth = { authorization: `Bearer ${login.json<TokenPair>().accessToken}` };
      const state = await t.app.inject({ url: '/api/auth/email-confirmation', headers: auth });
      expect(state.json()).toEqual({ required: false, confirmed: true, email: 'plain@example.com' });
      const photo = await uploadImage(t, await t.createUser());
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: auth,
        payload: cafeOrderBody(menu.latte, photo),
      });
      expect(placed.statusCode, placed.body).toBe(201);
    } finally {
      await t.close();
    }
  });
});
