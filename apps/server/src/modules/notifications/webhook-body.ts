import type { StandingWebhookPayload, WebhookPayload } from '@cafe/shared';
import type { OutboxPayload } from './messages';
import type { OutboxRow } from './notifications.repository';

/** The webhook's JSON body of an outbox row: an order's move (WebhookPayload) or a standing order not placed (StandingWebhookPayload). */
export function webhookBody(row: OutboxRow, payload: OutboxPayload, absolute: (path: string) => string): string {
  const { order, event } = payload;
  if (event === 'standing-failed' && payload.standing) {
    const s = payload.standing;
    const standing: StandingWebhookPayload = {
      id: row.delivery_id,
      type: 'standing.failed',
      createdAt: payload.createdAt,
      language: payload.language,
      recipient: payload.recipient,
      standingOrder: {
        id: s.standingOrderId,
        day: s.day,
        time: s.time,
        drink: s.drink ?? '',
        site: { id: s.siteId, name: s.siteName },
        reason: s.reason,
      },
      message: { title: payload.message.title, text: payload.message.text, url: absolute(payload.message.path) },
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
    id: row.delivery_id,
    type,
    createdAt: payload.createdAt,
    language: payload.language,
    recipient: payload.recipient,
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
    message: { title: payload.message.title, text: payload.message.text, url: absolute(payload.message.path) },
  };
  return JSON.stringify(body);
}
