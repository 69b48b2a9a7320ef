import type { OrderingStatus } from '@cafe/shared';
import { i18n } from '@/i18n';

/**
 * Why online orders are paused, in the barista's words: how many wait and how long now (the server
 * announces each change of them while paused), not the limit that was reached.
 */
export function pauseReasonText(
  status: Pick<OrderingStatus, 'paused' | 'reason' | 'limits' | 'waiting' | 'estimatedWaitMinutes'>,
): string | null {
  if (!status.paused) return null;
  switch (status.reason) {
    case 'manual':
      return i18n._('barista.busy.pausedManual');
    case 'queue':
      return status.limits.maxWaiting === null
        ? i18n._('barista.busy.pausedQueueFull')
        : i18n._('barista.busy.pausedQueue', { count: Math.max(status.waiting, status.limits.maxWaiting) });
    case 'wait':
      return status.limits.maxWaitMinutes === null
        ? i18n._('barista.busy.pausedWaitLong')
        : i18n._('barista.busy.pausedWait', {
            minutes: Math.max(status.estimatedWaitMinutes ?? 0, status.limits.maxWaitMinutes),
          });
    default:
      return i18n._('barista.busy.paused');
  }
}

/** The limits in one line: "Pauses at 15 waiting or a 30 min wait", or that there are none. */
export function limitsText(limits: OrderingStatus['limits']): string {
  const { maxWaiting, maxWaitMinutes } = limits;
  if (maxWaiting !== null && maxWaitMinutes !== null)
    return i18n._('barista.busy.limitsBoth', { count: maxWaiting, minutes: maxWaitMinutes });
  if (maxWaiting !== null) return i18n._('barista.busy.limitsWaiting', { count: maxWaiting });
  if (maxWaitMinutes !== null) return i18n._('barista.busy.limitsWait', { minutes: maxWaitMinutes });
  return i18n._('barista.busy.noLimits');
}

/** A limit as typed in the form: empty means no limit; otherwise a whole number in [1, max]. */
export function parseLimit(text: string, max: number): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const n = Number(trimmed);
  if (!Number.isInteger(n) || n < 1 || n > max) return { error: i18n._('barista.busy.limitInvalid', { max }) };
  return { value: n };
}
