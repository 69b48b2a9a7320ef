import { PushSubscriptionBodySchema } from '@cafe/shared';
import { deletePushSubscription } from '@/features/order-ahead/api/delete-push-subscription';
import { savePushSubscription } from '@/features/order-ahead/api/save-push-subscription';

import { SERVICE_WORKER_URL as WORKER_URL } from '@/lib/service-worker';

/** Web Push needs a service worker, the Push API and notifications (iOS: only in the installed app). */
export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'default';
}

/** The VAPID key as the bytes PushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** This browser's subscription to the cafe, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Sends the subscription to the server for the signed-in person. */
export function saveSubscription(subscription: PushSubscription): Promise<void> {
  return savePushSubscription(PushSubscriptionBodySchema.parse(subscription.toJSON()));
}

/**
 * Asks for permission (first, while the tap still counts as a user gesture), registers the
 * worker, subscribes with the server's key (from the settings) and saves the subscription.
 * Gives the permission.
 */
export async function enablePush(publicKey: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await navigator.serviceWorker.register(WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another server key (the keys were replaced) cannot be used.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveSubscription(subscription);
  return permission;
}

/** Unsubscribes this browser; the server is told, but a failure there only gets logged. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  try {
    await deletePushSubscription({ endpoint });
  } catch (error) {
    // The push service now answers 410 for this endpoint, and the server drops it on first use.
    console.error('push unsubscribe not saved', error);
  }
}
