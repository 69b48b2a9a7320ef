import type { chat_v1 } from '@googleapis/chat';
import { DELIVERY_TIMEOUT_MS } from '../../lib/delivery';
import { unauthenticated } from '../../lib/errors';
import type { GoogleChatConfig } from './google-chat.config';

/** Chat signs its requests to an app as this account (the "project number" audience, docs/google-chat.md). */
const CHAT_ISSUER = 'chat@system.gserviceaccount.com';

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
    endpoints: {
      oauth2FederatedSignonPemCertsUrl: `https://www.googleapis.com/service_accounts/v1/metadata/x509/${CHAT_ISSUER}`,
    },
    transporterOptions: { timeout: DELIVERY_TIMEOUT_MS },
  });
  const auth = new JWT({ scopes: ['https://www.googleapis.com/auth/chat.bot'] });
  auth.fromJSON(config.serviceAccount);
  // GOOGLE_CHAT_STAND_IN_URL (tests): every call to Google goes to the stand-in, at its own path.
  for (const client of config.standIn ? [verifier, auth] : [])
    client.transporter.interceptors.request.add({
      resolved: async (options) =>
        Object.assign(options, { url: new URL(options.url.pathname + options.url.search, config.standIn) }),
    });
  const api = chat({ version: 'v1', auth, timeout: DELIVERY_TIMEOUT_MS });

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
