import type { Order } from '@cafe/shared';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baristaPatch,
  cafeOrderBody,
  createOrderingApp,
  placeOrder,
  type SeededMenu,
} from '../../test-support/order-fixtures';
import { startSmtpReceiver } from '../../test-support/receivers';
import type { TestApp, TestUser } from '../../test-support/test-app';
import { createMailer } from './channels';

/**
 * ASVS 1.3.11: what people type (a menu item's name, a barista's note) reaches the mail server
 * only as encoded header values and body text: a CR/LF in it cannot add a header or a recipient.
 */

const WEDNESDAY_10AM = '2026-11-18T10:00:00+07:00';
/** A barista's note is at most 60 characters. */
const SHORT_INJECTION = 'Oat\r\nBcc: thief@evil.example\r\nX-Injected: yes';
const INJECTION = 'Latte\r\nBcc: thief@evil.example\r\nX-Injected: yes\r\nSubject: forged\r\n\r\nforged body';

/** The header block of a raw message: its names, lower-cased, one per header (folded lines joined). */
function headerNames(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  return head
    .split(/\r?\n(?![ \t])/)
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase())
    .filter((name) => name !== '');
}

describe('mail to a person', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  let menu: SeededMenu;
  let image: string;
  let barista: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    ({ t, menu, image } = await createOrderingApp({
      clockNow: WEDNESDAY_10AM,
      env: { PUBLIC_URL: 'https://cafe.example.com', SMTP_URL: smtp.url, MAIL_FROM: 'Office Cafe <cafe@example.com>' },
    }));
    barista = await t.createUser({ role: 'barista' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('keeps a menu item named with CR/LF, and a note with CR/LF, to one Subject header and no extra header or recipient', async () => {
    // Written straight into the database: the menu's name rules would refuse it through the API.
    await t.app.ctx.db.updateTable('menu_items').set({ name: INJECTION }).where('id', '=', menu.latte).execute();
    t.app.ctx.bus.publish('menu', null);
    const person = await t.createUser();
    const chose = await t.request('PUT', '/api/user/notifications', person, { email: true, push: false });
    expect(chose.statusCode, chose.body).toBe(200);
    const placed = await placeOrder(t, person, cafeOrderBody(menu.latte, image));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const rejected = await baristaPatch(t, barista, order.id, { status: 'rejected', reject_note: SHORT_INJECTION });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.app.ctx.services.notifications.deliverDue();

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail?.to).toEqual([person.email]);
    const names = headerNames(mail?.raw ?? '');
    expect(names.filter((name) => name === 'subject')).toHaveLength(1);
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('x-injected');
    const parsed = await simpleParser(mail?.raw ?? '');
    expect(parsed.subject).toBe('Order canceled by barista');
    // Both reached the mail, as body text only.
    expect(parsed.text).toContain('Subject: forged');
    expect(parsed.text).toContain('Bcc: thief@evil.example');
  });

  it('encodes a subject with CR/LF into one Subject header', async () => {
    const before = smtp.mails.length;
    const mailer = createMailer({ url: smtp.url, from: 'Office Cafe <cafe@example.com>', requireTls: false });
    try {
      const outcome = await mailer.send(
        'someone@example.com',
        { title: INJECTION, text: 'Hello', url: 'https://cafe.example.com/' },
        'delivery-1',
      );
      expect(outcome).toEqual({ kind: 'sent' });
    } finally {
      mailer.close();
    }
    const mail = smtp.mails[before];
    expect(mail?.to).toEqual(['someone@example.com']);
    const names = headerNames(mail?.raw ?? '');
    expect(names.filter((name) => name === 'subject')).toHaveLength(1);
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('x-injected');
    const parsed = await simpleParser(mail?.raw ?? '');
    expect(parsed.subject).not.toBe('forged');
    expect(parsed.subject).toContain('Latte');
  });
});
