import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's window: a request signed more than five minutes from now is refused (and replays are remembered this long). */
export const SLACK_REQUEST_WINDOW_MS = 5 * 60_000;

/** Slack's v0 signature of a request: `v0=` and the hex HMAC-SHA256 of `v0:<timestamp>:<raw body>`. */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

/** Why a request is refused, or null when its signature is Slack's and fresh. */
export function signatureProblem(
  signingSecret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now: Date,
): string | null {
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) return 'the request is not signed';
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > SLACK_REQUEST_WINDOW_MS) return 'the request is too old';
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the signature does not match';
  return null;
}
