/*
 * How one delivery to a receiver went (a notification channel, a browser's push service): shared by
 * the outbox and the Web Push module.
 */

/** What one delivery attempt came to. */
export type DeliveryOutcome =
  | { kind: 'sent' }
  /** Try again later: at `retryAfterMs` when the receiver said (Retry-After), else by the backoff. */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** Refused for good: trying again cannot help. */
  | { kind: 'failed'; error: string }
  /** Nothing to deliver to any more (a browser that unsubscribed): not a failure. */
  | { kind: 'skipped'; reason: string };

/** A receiver that has not answered in this time is given up on for this attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The longest a receiver's Retry-After is honoured for. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** Retry-After in seconds or as an HTTP date (RFC 9110), in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    ms = at - now.getTime();
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** An error's message, short enough for the outbox's `last_error`. */
export function errorText(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const base = error instanceof Error ? error.message : String(error);
  const detail = cause?.code ?? cause?.message;
  const text = detail && !base.includes(detail) ? `${base} (${detail})` : base;
  return text.slice(0, 480);
}

/** How an HTTP receiver's answer is taken: 2xx sent; 408, 425, 429 and 5xx again later; any other refusal for good. */
export async function httpOutcome(response: Response, receiver: string, now: Date): Promise<DeliveryOutcome> {
  const body = (await response.text().catch(() => '')).slice(0, 200);
  if (response.ok) return { kind: 'sent' };
  const error = `${receiver} answered ${response.status}${body ? `: ${body}` : ''}`;
  if (response.status === 408 || response.status === 425 || response.status === 429 || response.status >= 500) {
    return { kind: 'retry', error, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now) };
  }
  return { kind: 'failed', error };
}
