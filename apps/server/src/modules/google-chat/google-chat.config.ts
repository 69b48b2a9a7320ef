import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config-env';

/** The Google Chat app (docs/google-chat.md): on when its Cloud project number and service account key are set. */
export interface GoogleChatConfig {
  /** The audience of Chat's tokens. */
  projectNumber: string;
  /** The app's service account, which updates the order's messages (scope chat.bot). */
  serviceAccount: { email: string; key: string; keyId?: string };
  /** The Chat API, Chat's signing keys and Google's token endpoint: Google's, or a stand-in's in tests. */
  apiUrl: string;
  certsUrl: string;
  tokenUrl: string;
}

/** GOOGLE_CHAT_PROJECT_NUMBER with GOOGLE_CHAT_SERVICE_ACCOUNT (its JSON key, or the key file's path) and PUBLIC_URL. */
export function parseGoogleChat(env: NodeJS.ProcessEnv, publicUrl: string | undefined): GoogleChatConfig | null {
  const value = (name: string) => env[`GOOGLE_CHAT_${name}`]?.trim() || undefined;
  const [projectNumber, account] = [value('PROJECT_NUMBER'), value('SERVICE_ACCOUNT')];
  if (!projectNumber && !account) return null;
  if (!projectNumber || !account || !publicUrl)
    throw new ConfigError(
      'GOOGLE_CHAT_PROJECT_NUMBER needs GOOGLE_CHAT_SERVICE_ACCOUNT and PUBLIC_URL (docs/google-chat.md)',
    );
  if (!/^\d{6,20}$/.test(projectNumber))
    throw new ConfigError('GOOGLE_CHAT_PROJECT_NUMBER must be the Cloud project number (digits)');
  let key: { client_email?: unknown; private_key?: unknown; private_key_id?: unknown } = {};
  try {
    key = JSON.parse(account.startsWith('{') ? account : readFileSync(account, 'utf8')) as typeof key;
  } catch {
    // refused below
  }
  const { client_email: email, private_key: privateKey, private_key_id: keyId } = key ?? {};
  if (typeof email !== 'string' || typeof privateKey !== 'string' || !privateKey.includes('PRIVATE KEY'))
    throw new ConfigError('GOOGLE_CHAT_SERVICE_ACCOUNT must be a service account JSON key (or its file)');
  const url = (name: string, google: string) => {
    const given = value(name) ?? google;
    if (!URL.canParse(given) || !/^https?:/.test(given))
      throw new ConfigError(`GOOGLE_CHAT_${name} must be an http(s) URL`);
    return given;
  };
  return {
    projectNumber,
    serviceAccount: { email, key: privateKey, ...(typeof keyId === 'string' && { keyId }) },
    apiUrl: url('API_URL', 'https://chat.googleapis.com/'),
    certsUrl: url(
      'CERTS_URL',
      'https://www.googleapis.com/service_accounts/v1/metadata/x509/chat@system.gserviceaccount.com',
    ),
    tokenUrl: url('TOKEN_URL', 'https://oauth2.googleapis.com/token'),
  };
}
