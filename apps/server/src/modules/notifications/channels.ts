import { createHmac } from 'node:crypto';
import type { NotificationsConfig } from '../../config';
import nodemailer, { type Transporter } from 'nodemailer';
import { DELIVERY_TIMEOUT_MS, errorText, httpOutcome, retryAfterMs, type DeliveryOutcome } from '../../lib/delivery';

export { DELIVERY_TIMEOUT_MS, errorText, httpOutcome, retryAfterMs, type DeliveryOutcome };

/** A POST that does not follow redirects (a receiver cannot bounce the server elsewhere) and gives up in time. */
function post(url: string, headers: Record<string, string>, body: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
}

/** The signature of a webhook body: hex HMAC-SHA256 of "<timestamp>.<body>" with the shared secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
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
    const response = await post(
      config.url,
      {
        'content-type': 'application/json',
        'user-agent': 'office-cafe-webhook/1',
        'x-cafe-delivery': deliveryId,
        'x-cafe-timestamp': timestamp,
        'x-cafe-signature': webhookSignature(config.secret, timestamp, body),
      },
      body,
    );
    return await httpOutcome(response, 'The webhook', now);
  } catch (error) {
    return { kind: 'retry', error: `The webhook could not be reached: ${errorText(error)}` };
  }
}

interface SlackAnswer {
  ok?: boolean;
  error?: string;
  user?: { id?: string };
}

/** Slack errors that pass on their own; every other `ok: false` is a refusal for good. */
const SLACK_TRANSIENT = new Set([
  'ratelimited',
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'request_timeout',
]);

/** One Slack Web API call: the answer, or the outcome that ends the delivery here. */
async function slackCall(
  config: NonNullable<NotificationsConfig['slack']>,
  method: string,
  params: Record<string, string>,
  now: Date,
): Promise<SlackAnswer | DeliveryOutcome> {
  let response: Response;
  try {
    response = await post(
      `${config.apiUrl}/${method}`,
      { authorization: `Bearer ${config.token}`, 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify(params),
    );
  } catch (error) {
    return { kind: 'retry', error: `Slack could not be reached: ${errorText(error)}` };
  }
  if (!response.ok) return httpOutcome(response, `Slack ${method}`, now);
  const answer = (await response.json().catch(() => ({}))) as SlackAnswer;
  if (answer.ok) return answer;
  const code = answer.error ?? 'unknown_error';
  const error = `Slack ${method} answered ${code}`;
  if (SLACK_TRANSIENT.has(code)) {
    return { kind: 'retry', error, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now) };
  }
  if (code === 'users_not_found') return { kind: 'failed', error: `No Slack account has the e-mail ${params.email}` };
  return { kind: 'failed', error };
}

const isOutcome = (value: SlackAnswer | DeliveryOutcome): value is DeliveryOutcome => 'kind' in value;

/** A direct message from the cafe's Slack app to the person with `email` (users.lookupByEmail, chat.postMessage). */
export async function sendSlack(
  config: NonNullable<NotificationsConfig['slack']>,
  email: string,
  message: { title: string; text: string; url: string },
  now: Date,
): Promise<DeliveryOutcome> {
  const found = await slackCall(config, 'users.lookupByEmail', { email }, now);
  if (isOutcome(found)) return found;
  const userId = found.user?.id;
  if (!userId) return { kind: 'failed', error: `No Slack account has the e-mail ${email}` };
  const posted = await slackCall(
    config,
    'chat.postMessage',
    { channel: userId, text: `*${message.title}*\n${message.text}\n<${message.url}|Open the cafe>` },
    now,
  );
  return isOutcome(posted) ? posted : { kind: 'sent' };
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
