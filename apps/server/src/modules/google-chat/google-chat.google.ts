import type { chat_v1 } from '@googleapis/chat';
import { DELIVERY_TIMEOUT_MS } from '../../lib/delivery';
import { unauthenticated } from '../../lib/errors';
import type { GoogleChatConfig } from './google-chat.config';

/** Chat signs its requests to an app as this account (the "project number" audience, docs/google-chat.md). */
const CHAT_ISSUER = 'chat@system.gserviceaccount.com';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/**
 * What the app asks of Google: whether a request is Chat's (its bearer token, verified by
 * google-auth-library against the keys Chat publishes: signature, issuer, audience the project
 * number, not expired), and the Chat API (`@googleapis/chat`) as the app's service account.
 * Google's libraries are loaded with the app's first request, on a server that has it only.
 */
export async function createGoogle(config: GoogleChatConfig) {
  const [{ chat }, { JWT, OAuth2Client }] = await Promise.all([
    import('@googleapis/chat'),
    import('google-auth-library'),
  ]);
  // Chat's signing keys, read again when their Cache-Control says (Google rotates them ahead of use).
  const verifier = new OAuth2Client({
    endpoints: { oauth2FederatedSignonPemCertsUrl: config.certsUrl },
    transporterOptions: { timeout: DELIVERY_TIMEOUT_MS },
  });

  const auth = new JWT({ ...config.serviceAccount, scopes: ['https://www.googleapis.com/auth/chat.bot'] });
  // The library names Google's token endpoint itself: GOOGLE_CHAT_TOKEN_URL takes its place.
  auth.transporter.interceptors.request.add({
    resolved: async (options) => {
      if (options.url.href === GOOGLE_TOKEN_URL) options.url = new URL(config.tokenUrl);
      return options;
    },
  });
  const api = chat({ version: 'v1', auth, rootUrl: config.apiUrl, timeout: DELIVERY_TIMEOUT_MS });

  return {
    /** `Authorization: Bearer <token>` of a request from Chat to this app; anything else is 401. */
    async verify(authorization: string | undefined): Promise<void> {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
      try {
        const { certs } = await verifier.getFederatedSignonCertsAsync();
        await verifier.verifySignedJwtWithCertsAsync(token, certs, config.projectNumber, [CHAT_ISSUER]);
      } catch {
        throw unauthenticated("Google Chat request refused: it carries no token of Chat's for this app.");
      }
    },
    /** A message of the app's given `message`'s cards (spaces.messages.patch). */
    update: async (name: string, message: chat_v1.Schema$Message) => {
      await api.spaces.messages.patch({ name, updateMask: 'cardsV2', requestBody: message });
    },
  };
}
