import { MESSAGES, type OrderStatus, type PushMessage, type PushSubscriptionBody } from '@cafe/shared';
import webpush from 'web-push';
import type { AppContext, AuthUser } from '../../context';
import { badRequest, forbidden } from '../../lib/errors';
import { iso } from '../../lib/time';
import {
  deleteSubscription,
  findSubscriptionOwner,
  listDeliverable,
  upsertSubscription,
  type DeliverableSubscription,
} from './push.repository';

/** A push service that has not answered in this time is given up on. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a device that is offline. */
const TTL_SECONDS = 60 * 60;

export interface OrderNotice {
  userId: number;
  status: OrderStatus;
  menuName: string;
  rejectNote: string;
  /** Set when a barista took back a move: the status it had (done or rejected are told). */
  undone?: OrderStatus;
}

/** The notification for an order that just became done or rejected; null for other changes. */
function orderMessage(notice: OrderNotice, role: DeliverableSubscription['role']): PushMessage | null {
  const url = role === 'admin' ? '/statusOrder-admin' : '/statusOrder';
  if (notice.undone === 'done') {
    return {
      title: 'Sorry, not ready yet',
      body: `${notice.menuName} needs a little longer. We will tell you when it is ready.`,
      url,
    };
  }
  if (notice.undone === 'rejected') {
    return {
      title: 'Your order is back',
      body: `${notice.menuName} was not canceled after all: it is back in the queue.`,
      url,
    };
  }
  if (notice.undone) return null;
  if (notice.status === 'done') {
    return {
      title: 'Your drink is ready',
      body: `${notice.menuName} is ready. ${MESSAGES.pickUpHint}`,
      url,
    };
  }
  if (notice.status === 'rejected') {
    return { title: 'Order canceled by barista', body: `${notice.menuName}: ${notice.rejectNote}`, url };
  }
  return null;
}

export function createPushService(ctx: AppContext) {
  const { db, clock, log } = ctx;
  const { vapid } = ctx.config;
  /** Where subscriptions may point (config PUSH_ENDPOINT_HOSTS). */
  const endpointHosts = ctx.config.pushEndpointHosts;
  const pending = new Set<Promise<void>>();

  /**
   * web-push encrypts (RFC 8291) and signs (VAPID); the POST itself goes through fetch, which
   * reaches https and http endpoints alike (web-push's own sender speaks https only) and does not
   * follow redirects, so a subscription cannot bounce the server somewhere else.
   */
  async function deliver(subscription: DeliverableSubscription, message: PushMessage): Promise<void> {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
    );
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      // The browser unsubscribed or the subscription expired: it will never work again.
      await deleteSubscription(db, subscription.endpoint);
      log.info({ status: response.status }, 'push subscription gone; removed');
    } else if (!response.ok) {
      log.warn({ status: response.status }, 'push service refused a notification');
    }
  }

  async function notify(notice: OrderNotice): Promise<void> {
    const subscriptions = await listDeliverable(db, notice.userId);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const message = orderMessage(notice, subscription.role);
        if (!message) return;
        try {
          await deliver(subscription, message);
        } catch (error) {
          log.warn({ err: error }, 'push notification could not be delivered');
        }
      }),
    );
  }

  return {
    publicKey: () => ({ publicKey: vapid.publicKey }),

    async subscribe(user: AuthUser, body: PushSubscriptionBody): Promise<void> {
      if (!isPushServiceUrl(body.endpoint, endpointHosts)) {
        throw badRequest("endpoint: must be the https address of a browser's push service");
      }
      await upsertSubscription(db, {
        userId: user.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        at: iso(clock.now()),
      });
    },

    /** Idempotent for the owner (the subscription may already be gone); someone else's: 403. */
    async unsubscribe(user: AuthUser, endpoint: string): Promise<void> {
      const owner = await findSubscriptionOwner(db, endpoint);
      if (!owner) return;
      if (owner.user_id !== user.id) throw forbidden('This push subscription belongs to someone else.');
      await deleteSubscription(db, endpoint, user.id);
    },

    /**
     * Tells the order's owner that it is done or rejected. Called after the commit; never throws
     * and never delays the caller: delivery runs on its own and its errors are only logged.
     */
    orderChanged(notice: OrderNotice): void {
      const told = notice.undone ?? notice.status;
      if (told !== 'done' && told !== 'rejected') return;
      const job = notify(notice)
        .catch((error: unknown) => log.error({ err: error }, 'push notifications failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },

    /** Resolves when every delivery under way has finished (shutdown, tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

/**
 * The server posts to subscription endpoints, so they are held to the browsers' push services:
 * otherwise anyone signed in could make the server send requests into the office network.
 */
function isPushServiceUrl(endpoint: string, hosts: string[] | 'any'): boolean {
  if (hosts === 'any') return true;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && hosts.some((h) => host === h || host.endsWith(`.${h}`));
}
