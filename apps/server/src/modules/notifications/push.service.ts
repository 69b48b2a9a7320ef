import type { PushMessage, PushSubscriptionBody } from '@cafe/shared';
import webpush from 'web-push';
import { peopleText } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { Db } from '../../db/types';
import { badRequest, forbidden } from '../../lib/errors';
import { iso } from '../../lib/time';
import { DELIVERY_TIMEOUT_MS, errorText, httpOutcome, type DeliveryOutcome } from '../../lib/delivery';
import {
  deleteSubscription,
  findDeliverable,
  findSubscriptionOwner,
  listDeliverable,
  upsertSubscription,
} from './push.repository';

/** How long the push service keeps a message for a device that is offline. */
const TTL_SECONDS = 60 * 60;

/**
 * Dropped when a browser subscribes or leaves (an endpoint may pass from one person to another):
 * the notifications module keeps each person's endpoints in memory (notifications.service).
 */
export const RECIPIENTS_TOPIC = 'notification-recipients';

export function createPushService(ctx: AppBase) {
  const { db, clock, log } = ctx;
  const { vapid } = ctx.config;
  /** Where subscriptions may point (config PUSH_ENDPOINT_HOSTS). */
  const endpointHosts = ctx.config.pushEndpointHosts;

  /**
   * web-push encrypts (RFC 8291) and signs (VAPID); the POST itself goes through fetch, which
   * reaches https and http endpoints alike (web-push's own sender speaks https only) and does not
   * follow redirects, so a subscription cannot bounce the server somewhere else.
   */
  function post(endpoint: string, keys: { p256dh: string; auth: string }, message: PushMessage): Promise<Response> {
    const details = webpush.generateRequestDetails({ endpoint, keys }, JSON.stringify(message), {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    return fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
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
      ctx.bus.publish(RECIPIENTS_TOPIC, null);
    },

    /** Idempotent for the owner (the subscription may already be gone); someone else's: 403. */
    async unsubscribe(user: AuthUser, endpoint: string): Promise<void> {
      const owner = await findSubscriptionOwner(db, endpoint);
      if (!owner) return;
      if (owner.user_id !== user.id)
        throw forbidden('This push subscription belongs to someone else.', peopleText('people.push.someoneElses'));
      await deleteSubscription(db, endpoint, user.id);
      ctx.bus.publish(RECIPIENTS_TOPIC, null);
    },

    /**
     * The endpoints of `userId`'s browsers a notification goes to (none while signed out), read
     * in the transaction that writes the notification (modules/notifications).
     */
    async endpointsOf(executor: Db, userId: number): Promise<string[]> {
      return (await listDeliverable(executor, userId)).map((s) => s.endpoint);
    },

    /**
     * Sends one notification of the outbox to one browser of `userId`. Nothing is sent when the
     * endpoint is gone, belongs to someone else now, or its owner signed out; a subscription the
     * push service calls gone (404, 410) is removed.
     */
    async deliver(endpoint: string, userId: number, message: PushMessage, now: Date): Promise<DeliveryOutcome> {
      const subscription = await findDeliverable(db, endpoint);
      if (!subscription || subscription.user_id !== userId) {
        return { kind: 'skipped', reason: 'The browser is no longer subscribed for this person.' };
      }
      if (subscription.push_status !== 'ACTIVE') {
        return { kind: 'skipped', reason: 'The person signed out: no push notifications until the next sign-in.' };
      }
      let response: Response;
      try {
        response = await post(endpoint, subscription, message);
      } catch (error) {
        return { kind: 'retry', error: `The push service could not be reached: ${errorText(error)}` };
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        // The browser unsubscribed or the subscription expired: it will never work again.
        await deleteSubscription(db, endpoint);
        ctx.bus.publish(RECIPIENTS_TOPIC, null);
        log.info({ status: response.status }, 'push subscription gone; removed');
        return { kind: 'skipped', reason: `The push service answered ${response.status}: the subscription is gone.` };
      }
      return httpOutcome(response, 'The push service', now);
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
