import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from '@playwright/test';
import { E2E_RECEIVERS } from '../playwright.config';

/**
 * The company's mail server of the first cafe server (playwright.config.ts E2E_RECEIVERS): a real
 * SMTP server (the `smtp-server` package) that keeps every message it is given, parsed. One per
 * test worker, opened by the first spec that needs it and kept until the worker ends, because that
 * cafe sends mail all along: every registration there gets a confirmation link.
 */

export interface Mail {
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  text: string;
}

export interface Mailbox {
  /** Every message received so far, oldest first. */
  readonly mails: readonly Mail[];
  /** The messages to `email`, oldest first. */
  mailsTo(email: string): Mail[];
}

/** The path and token of a confirmation link in a mail (`PUBLIC_URL/confirm-email#token=<43>`). */
const CONFIRMATION_LINK = /https?:\/\/\S+\/confirm-email#token=[A-Za-z0-9_-]{43}/;

/** Whether a mail is a confirmation mail (not a notification). */
export function isConfirmationMail(mail: Mail): boolean {
  return CONFIRMATION_LINK.test(mail.text);
}

/** How long a listening port may stay taken by a worker that is still ending (after a failed test). */
const PORT_WAIT_MS = 10_000;

async function start(): Promise<Mailbox> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const deadline = Date.now() + PORT_WAIT_MS;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(E2E_RECEIVERS.smtpPort, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  // Nothing to do when the worker ends: the port closes with it.
  server.on('error', () => undefined);
  return {
    mails,
    mailsTo: (email) => mails.filter((mail) => mail.to.includes(email.toLowerCase())),
  };
}

/** Kept on the worker's global object: a spec file loaded again in the same worker finds it open. */
const KEY = Symbol.for('office-cafe.e2e.mailbox');
type WithMailbox = typeof globalThis & { [KEY]?: Promise<Mailbox> };

/** The worker's mailbox, opened on first use. */
export function openMailbox(): Promise<Mailbox> {
  const holder = globalThis as WithMailbox;
  holder[KEY] ??= start().catch((error: unknown) => {
    holder[KEY] = undefined;
    throw error;
  });
  return holder[KEY];
}

/** Waits for the `nth` (1 = the first) mail to `email` matching `which`, and gives it. */
export async function waitForMail(
  email: string,
  { nth = 1, which = isConfirmationMail }: { nth?: number; which?: (mail: Mail) => boolean } = {},
): Promise<Mail> {
  const mailbox = await openMailbox();
  const matching = () => mailbox.mailsTo(email).filter(which);
  await expect
    .poll(() => matching().length, { message: `mail number ${nth} to ${email}`, timeout: 30_000 })
    .toBeGreaterThanOrEqual(nth);
  return matching()[nth - 1]!;
}

/** The confirmation link of a mail, as the person would click it. */
export function confirmationLinkOf(mail: Mail): string {
  const link = CONFIRMATION_LINK.exec(mail.text)?.[0];
  expect(link, `a confirmation link in: ${mail.text}`).toBeTruthy();
  return link!;
}

/** The token of a mail's confirmation link. */
export function confirmationTokenOf(mail: Mail): string {
  return new URLSearchParams(new URL(confirmationLinkOf(mail)).hash.slice(1)).get('token')!;
}
