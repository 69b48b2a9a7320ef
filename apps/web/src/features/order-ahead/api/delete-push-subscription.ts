import type { PushUnsubscribeBody } from '@cafe/shared';
import { api } from '@/lib/api-client';

/** DELETE /push/subscription: the server forgets this browser. */
export const deletePushSubscription = (body: PushUnsubscribeBody) =>
  api('/push/subscription', { method: 'DELETE', body });
