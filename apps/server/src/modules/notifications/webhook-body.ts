import type { StandingWebhookPayload, WebhookPayload } from '@cafe/shared';
import type { OutboxPayload } from './messages';
import type { OutboxRow } from './notifications.repository';

/** The webhook's JSON body of an outbox row: an order's move (WebhookPayload) or a standing order not placed (StandingWebhookPayload). */
export function webhookBody(
  row: OutboxRow,
  payload: OutboxPayload,
  message: { title: string; text: string; url: string },
): string {
  const { order, event, createdAt, language, recipient } = payload;
  // Every body starts alike: its delivery, its type, and whom it is about.
  const head = <T extends string>(type: T) => ({ id: row.delivery_id, type, createdAt, language, recipient });
  if (event === 'standing-failed' && payload.standing) {
    const s = payload.standing;
    const standing: StandingWebhookPayload = {
      ...head('standing.failed'),
      standingOrder: {
        id: s.standingOrderId,
        day: s.day,
        time: s.time,
        drink: s.drink ?? '',
        site: { id: s.siteId, name: s.siteName },
        reason: s.reason,
      },
      message,
    };
    return JSON.stringify(standing);
  }
  if (!order || event === 'confirm-email' || event === 'reset-password' || event === 'standing-failed')
    throw new Error(`a webhook message needs an order (${event})`);
  const type: WebhookPayload['type'] =
    event === 'undone-done' || event === 'undone-rejected'
      ? 'order.undone'
      : event === 'released'
        ? 'order.released'
        : `order.${event}`;
  const body: WebhookPayload = {
    ...head(type),
    order: {
      id: order.orderId,
      drink: order.drink,
      status: order.status,
      site: { id: order.siteId, name: order.siteName },
      counter: order.counter,
      rejectNote: order.rejectNote,
      pickupAt: order.pickupAt,
      ...(order.tumblerDeadline ? { tumblerDeadline: order.tumblerDeadline } : {}),
      ...(order.readyAt ? { readyAt: order.readyAt } : {}),
    },
    message,
  };
  return JSON.stringify(body);
}
