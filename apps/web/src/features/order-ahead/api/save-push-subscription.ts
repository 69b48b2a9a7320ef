import type { PushSubscriptionBody } from '@cafe/shared';
import { api } from '@/lib/api-client';

/** POST /push/subscription: this browser's subscription now belongs to the signed-in person. */
export const savePushSubscription = (body: PushSubscriptionBody) => api('/push/subscription', { method: 'POST', body });
