import { PushPublicKeySchema } from '@cafe/shared';
import { api } from '../../../lib/api-client';

/** GET /push/public-key: the server's VAPID key, the applicationServerKey of a subscription. */
export const fetchPushPublicKey = async () =>
  (await api('/push/public-key', { schema: PushPublicKeySchema })).publicKey;
