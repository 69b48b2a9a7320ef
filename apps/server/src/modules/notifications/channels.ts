import { createHmac } from 'node:crypto';
import { WebAPIHTTPError, WebAPIPlatformError, WebAPIRateLimitedError } from '@slack/web-api';
import type { NotificationsConfig } from '../../config';
import type { SlackClient } from '../../lib/slack-client';
import { slackText } from '../../lib/slack-text';
import nodemailer, { type Transporter } from 'nodemailer';
import { DELIVERY_TIMEOUT_MS, errorText, httpOutcome, type DeliveryOutcome } from '../../lib/delivery';

/** The signature of a webhook body: hex HMAC-SHA256 of "<timestamp>.<body>" with the shared secret. */
function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The generic webhook: the payload as JSON, signed (docs/notifications.md "Webhook"). */
export async function sendWebhook(
  config: NonNullable<NotificationsConfig['webhook']>,
  deliveryId: string,
  body: string,
  now: Date,
): Promise<DeliveryOutcome> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  try {
    // A POST that does not follow redirects (a receiver cannot bounce the server elsewhere) and gives up in time.
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'office-cafe-webhook/1',
        'x-cafe-delivery': deliveryId,
        'x-cafe-timestamp': timestamp,
        'x-cafe-signature': webhookSignature(config.secret, timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    return await httpOutcome(response, 'The webhook', now);
  } catch (error) {
    return { kind: 'retry', error: `The webhook could not be reached: ${errorText(error)}` };
  }
}

/** Slack errors that pass on their own; every other `ok: false` is a refusal for good. */
const SLACK_TRANSIENT = new Set([
  'ratelimited',
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'request_timeout',
]);

/** What a failed Web API call of the server's one Slack client (lib/slack-client.ts) means for the delivery. */
function slackOutcome(error: unknown, method: string): DeliveryOutcome {
  if (error instanceof WebAPIRateLimitedError) {
    return {
      kind: 'retry',
      error: `Slack ${method} answered 429 (rate limited)`,
      retryAfterMs: error.retryAfter * 1000,
    };
  }
  if (error instanceof WebAPIPlatformError) {
    const said = `Slack ${method} answered ${error.data.error}`;
    return SLACK_TRANSIENT.has(error.data.error) ? { kind: 'retry', error: said } : { kind: 'failed', error: said };
  }
  if (error instanceof WebAPIHTTPError) {
    const said = `Slack ${method} answered HTTP ${error.statusCode}`;
    return error.statusCode >= 500 || error.statusCode === 408
      ? { kind: 'retry', error: said }
      : { kind: 'failed', error: said };
  }
  return { kind: 'retry', error: `Slack could not be reached: ${errorText(error)}` };
}

/**
 * A direct message from the cafe's Slack app to the person with `email` (users.lookupByEmail,
 * chat.postMessage), through the server's one Slack client and its pace; a 429 comes back as a retry
 * at Slack's Retry-After (the outbox keeps the due time).
 */
export async function sendSlack(
  slack: SlackClient,
  email: string,
  message: { title: string; text: string; url: string },
): Promise<DeliveryOutcome> {
  let userId: string | undefined;
  try {
    userId = (await slack.call('users.lookupByEmail', (web) => web.users.lookupByEmail({ email }), { retry: false }))
      .user?.id;
  } catch (error) {
    if (!(error instanceof WebAPIPlatformError && error.data.error === 'users_not_found'))
      return slackOutcome(error, 'users.lookupByEmail');
  }
  if (!userId) return { kind: 'failed', error: `No Slack account has the e-mail ${email}` };
  // The title and the text name drinks, sites and a barista's note: text, never a mention or a link.
  const text = `*${slackText(message.title)}*\n${slackText(message.text)}\n<${message.url}|Open the cafe>`;
  try {
    await slack.call('chat.postMessage', (web) => web.chat.postMessage({ channel: userId, text }), {
      lane: userId,
      retry: false,
    });
    return { kind: 'sent' };
  } catch (error) {
    return slackOutcome(error, 'chat.postMessage');
  }
}

/** SMTP errors that pass on their own: a 4xx reply, or the connection. */
function smtpOutcome(error: unknown): DeliveryOutcome {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  const text = `The mail server refused the message: ${errorText(error)}`;
  if (typeof responseCode === 'number') {
    return responseCode >= 500 ? { kind: 'failed', error: text } : { kind: 'retry', error: text };
  }
  if (code === 'EAUTH' || code === 'EENVELOPE') return { kind: 'failed', error: text };
  return { kind: 'retry', error: `The mail server could not be reached: ${errorText(error)}` };
}

/** E-mail over SMTP: one transport per server process, made on first use. */
export function createMailer(config: NonNullable<NotificationsConfig['email']>) {
  let transport: Transporter | undefined;
  const domain = /@([^>\s]+)>?\s*$/.exec(config.from)?.[1] ?? 'cafe.invalid';
  return {
    async send(
      to: string,
      message: { title: string; text: string; url: string },
      deliveryId: string,
    ): Promise<DeliveryOutcome> {
      transport ??= nodemailer.createTransport(
        {
          url: config.url,
          // Production: STARTTLS or no mail (smtps:// is TLS from the start anyway).
          requireTLS: config.requireTls,
          connectionTimeout: DELIVERY_TIMEOUT_MS,
          greetingTimeout: DELIVERY_TIMEOUT_MS,
          socketTimeout: DELIVERY_TIMEOUT_MS,
        },
        { from: config.from },
      );
      try {
        await transport.sendMail({
          to,
          subject: message.title,
          text: `${message.text}\n\n${message.url}\n`,
          // The same on every attempt: a mail system that got it once can tell a repeat.
          messageId: `<notification-${deliveryId}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return { kind: 'sent' };
      } catch (error) {
        return smtpOutcome(error);
      }
    },
    /** Closes the connection; the next message opens a new one. */
    close(): void {
      transport?.close();
      transport = undefined;
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
