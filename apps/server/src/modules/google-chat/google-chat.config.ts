import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config-env';

/** The Google Chat app (docs/google-chat.md): on when its Cloud project number and service account key are set. */
export interface GoogleChatConfig {
  /** The audience of Chat's tokens. */
  projectNumber: string;
  /** The app's service account's JSON key: it updates the order's messages (scope chat.bot). */
  serviceAccount: { client_email: string; private_key: string };
  /** A stand-in for Google (tests): the Chat API, Chat's signing keys and the token endpoint asked there. */
  standIn?: string;
}

/** GOOGLE_CHAT_PROJECT_NUMBER with GOOGLE_CHAT_SERVICE_ACCOUNT (its JSON key, or the key file's path) and PUBLIC_URL. */
export function parseGoogleChat(env: NodeJS.ProcessEnv, publicUrl: string | undefined): GoogleChatConfig | null {
  const value = (name: string) => env[`GOOGLE_CHAT_${name}`]?.trim() || undefined;
  const [projectNumber, account, standIn] = [value('PROJECT_NUMBER'), value('SERVICE_ACCOUNT'), value('STAND_IN_URL')];
  if (!projectNumber && !account) return null;
  if (!projectNumber || !account || !publicUrl)
    throw new ConfigError(
      'GOOGLE_CHAT_PROJECT_NUMBER needs GOOGLE_CHAT_SERVICE_ACCOUNT and PUBLIC_URL (docs/google-chat.md)',
    );
  if (!/^\d{6,20}$/.test(projectNumber))
    throw new ConfigError('GOOGLE_CHAT_PROJECT_NUMBER must be the Cloud project number (digits)');
  const key = ((): Partial<GoogleChatConfig['serviceAccount']> | null => {
    try {
      return JSON.parse(account.startsWith('{') ? account : readFileSync(account, 'utf8')) as typeof key;
    } catch {
      return null; // refused below
    }
  })();
  if (typeof key?.client_email !== 'string' || !String(key.private_key).includes('PRIVATE KEY'))
    throw new ConfigError('GOOGLE_CHAT_SERVICE_ACCOUNT must be a service account JSON key (or its file)');
  if (standIn && (!URL.canParse(standIn) || !/^https?:/.test(standIn)))
    throw new ConfigError('GOOGLE_CHAT_STAND_IN_URL must be an http(s) URL');
  return { projectNumber, serviceAccount: key as GoogleChatConfig['serviceAccount'], ...(standIn && { standIn }) };
}
