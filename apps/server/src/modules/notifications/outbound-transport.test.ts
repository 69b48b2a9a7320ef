import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackClient } from '../../lib/slack-client';
import { freePort } from '../../test-support/free-port';
import { startSmtpReceiver, startWebhookReceiver } from '../../test-support/receivers';
import { makeSelfSigned, type SelfSigned } from '../../test-support/self-signed';
import { createTestApp } from '../../test-support/test-app';
import { createMailer, sendSlack, sendWebhook } from './channels';

/**
 * How the server's own outbound calls treat a receiver it must not trust (ASVS 12.3.1, 12.3.2,
 * 15.3.2): a certificate nobody vouches for, a mail server without STARTTLS, and a redirect to
 * somewhere else. Each delivery fails, and nothing reaches the other side.
 */

const SECRET = 'a-webhook-secret-of-enough-length';
const MESSAGE = { title: 'Latte is ready', text: 'Pick it up at the counter.', url: 'https://cafe.example.com/' };

/** An HTTP(S) server that counts its requests and answers each with `status` and `headers`. */
async function listen(server: Server, answer: { status: number; headers?: Record<string, string> }) {
  const received: string[] = [];
  server.on('request', (req, res) => {
    received.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.writeHead(answer.status, answer.headers).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('outbound connections to receivers the server must not trust', () => {
  let dir: string;
  let certificate: SelfSigned;
  /** Where a redirect points: it must never be called. */
  let elsewhere: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cafe-outbound-'));
    certificate = makeSelfSigned(dir);
    elsewhere = await startWebhookReceiver(SECRET);
  });
  afterAll(async () => {
    await elsewhere.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not post a notification to an https webhook whose certificate is self-signed (12.3.2)', async () => {
    const receiver = await listen(createHttpsServer({ key: certificate.key, cert: certificate.cert }), {
      status: 204,
    });
    try {
      const outcome = await sendWebhook(
        { url: `https://127.0.0.1:${receiver.port}/hook`, secret: SECRET },
        'delivery-1',
        '{"kind":"order.ready"}',
        new Date(),
      );
      expect(outcome.kind).not.toBe('sent');
      expect(outcome).toMatchObject({ error: expect.stringMatching(/SELF_SIGNED|self[- ]signed/i) as unknown });
      // The handshake failed before a request was sent: the receiver saw nothing.
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('sends no mail over a connection that is not TLS, or whose certificate is self-signed (12.3.1, 12.3.2)', async () => {
    // A mail server that offers no STARTTLS: production's mailer does not fall back to plain text.
    const plain = await startSmtpReceiver();
    const tls = { mails: [] as string[], server: undefined as SMTPServer | undefined };
    try {
      const refusedPlain = await createMailer({
        url: plain.url,
        from: 'Office Cafe <cafe@example.com>',
        requireTls: true,
      }).send('nok@example.com', MESSAGE, 'delivery-2');
      expect(refusedPlain.kind).not.toBe('sent');
      expect(plain.mails).toEqual([]);

      // One that offers STARTTLS with a certificate nobody vouches for.
      tls.server = new SMTPServer({
        key: certificate.key,
        cert: certificate.cert,
        disabledCommands: ['AUTH'],
        authOptional: true,
        logger: false,
        onData(stream, _session, callback) {
          stream.on('data', () => undefined);
          stream.on('end', () => {
            tls.mails.push('mail');
            callback();
          });
        },
      });
      const port = await freePort();
      await new Promise<void>((resolve) => tls.server?.listen(port, '127.0.0.1', resolve));
      const refusedSelfSigned = await createMailer({
        url: `smtp://127.0.0.1:${port}`,
        from: 'Office Cafe <cafe@example.com>',
        requireTls: true,
      }).send('nok@example.com', MESSAGE, 'delivery-3');
      expect(refusedSelfSigned.kind).not.toBe('sent');
      expect(refusedSelfSigned).toMatchObject({
        error: expect.stringMatching(/self[- ]signed|certificate/i) as unknown,
      });
      expect(tls.mails).toEqual([]);
    } finally {
      await plain.close();
      await new Promise<void>((resolve) => (tls.server ? tls.server.close(() => resolve()) : resolve()));
    }
  });

  it('does not follow a webhook receiver that answers with a redirect to another address (15.3.2)', async () => {
    const bouncer = await startWebhookReceiver(SECRET, {
      answer: () => ({ status: 302, headers: { location: `${elsewhere.url}/hook` } }),
    });
    try {
      const outcome = await sendWebhook(
        { url: `${bouncer.url}/hook`, secret: SECRET },
        'delivery-4',
        '{"kind":"order.ready"}',
        new Date(),
      );
      expect(outcome).toMatchObject({ kind: 'failed', error: expect.stringContaining('302') as unknown });
      expect(bouncer.received).toHaveLength(1);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await bouncer.close();
    }
  });

  it('does not follow a Slack Web API that answers with a redirect (15.3.2)', async () => {
    const bouncer = await listen(createServer(), { status: 302, headers: { location: `${elsewhere.url}/api/x` } });
    try {
      const slack = createSlackClient({ token: 'xoxb-test-token', apiUrl: `http://127.0.0.1:${bouncer.port}/api` });
      const outcome = await sendSlack(slack, 'nok@example.com', MESSAGE);
      expect(outcome.kind).not.toBe('sent');
      expect(bouncer.received).toEqual(['/api/users.lookupByEmail']);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await bouncer.close();
    }
  });

  it("does not follow a browser's push service that answers with a redirect (15.3.2)", async () => {
    const bouncer = await listen(createServer(), { status: 302, headers: { location: `${elsewhere.url}/push` } });
    const t = await createTestApp();
    try {
      const user = await t.createUser();
      const endpoint = `http://127.0.0.1:${bouncer.port}/push/device-1`;
      const keys = {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      };
      expect((await t.request('POST', '/api/push/subscription', user, { endpoint, keys })).statusCode).toBe(201);
      const outcome = await t.app.ctx.services.push.deliver(
        endpoint,
        user.id,
        { title: MESSAGE.title, body: MESSAGE.text, url: MESSAGE.url },
        new Date(),
      );
      expect(outcome).toMatchObject({ kind: 'failed', error: expect.stringContaining('302') as unknown });
      expect(bouncer.received).toEqual(['/push/device-1']);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await t.close();
      await bouncer.close();
    }
  });
});
