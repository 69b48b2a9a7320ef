import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config-env';
import { parseGoogleChat } from './google-chat.config';

const folder = mkdtempSync(path.join(tmpdir(), 'cafe-google-chat-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PUBLIC_URL = 'https://cafe.example.com';
const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
}) as string;
const key = { type: 'service_account', client_email: 'cafe@p.iam.gserviceaccount.com', private_key: privateKey };
const env = (more: Record<string, string> = {}) => ({
  GOOGLE_CHAT_PROJECT_NUMBER: '123456789012',
  GOOGLE_CHAT_SERVICE_ACCOUNT: JSON.stringify(key),
  ...more,
});

describe('the Google Chat app settings', () => {
  it('is off with neither setting, and on with both (the key given or as a file), Google itself by default', () => {
    expect(parseGoogleChat({}, PUBLIC_URL)).toBeNull();
    expect(parseGoogleChat(env(), PUBLIC_URL)).toEqual({ projectNumber: '123456789012', serviceAccount: key });
    const file = path.join(folder, 'key.json');
    writeFileSync(file, JSON.stringify(key));
    const stand = parseGoogleChat(
      env({ GOOGLE_CHAT_SERVICE_ACCOUNT: file, GOOGLE_CHAT_STAND_IN_URL: 'http://127.0.0.1:9' }),
      PUBLIC_URL,
    );
    expect(stand).toEqual({ projectNumber: '123456789012', serviceAccount: key, standIn: 'http://127.0.0.1:9' });
  });

  it('refuses a setting that cannot work, saying which and what it must be', () => {
    const refusal = (given: Record<string, string>, publicUrl: string | undefined = PUBLIC_URL) => {
      try {
        parseGoogleChat(given, publicUrl);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    const needs = 'GOOGLE_CHAT_PROJECT_NUMBER needs GOOGLE_CHAT_SERVICE_ACCOUNT and PUBLIC_URL (docs/google-chat.md)';
    expect(refusal({ GOOGLE_CHAT_PROJECT_NUMBER: '123456789012' })).toBe(needs);
    expect(refusal({ GOOGLE_CHAT_SERVICE_ACCOUNT: JSON.stringify(key) })).toBe(needs);
    expect(refusal(env(), '')).toBe(needs);
    expect(refusal(env({ GOOGLE_CHAT_PROJECT_NUMBER: 'cafe-project' }))).toBe(
      'GOOGLE_CHAT_PROJECT_NUMBER must be the Cloud project number (digits)',
    );
    const badKey = 'GOOGLE_CHAT_SERVICE_ACCOUNT must be a service account JSON key (or its file)';
    for (const account of [
      '{not json',
      JSON.stringify({ client_email: 'cafe@p.iam.gserviceaccount.com' }),
      JSON.stringify({ private_key: privateKey }),
      'null',
      path.join(folder, 'no-such-file.json'),
    ])
      expect(refusal(env({ GOOGLE_CHAT_SERVICE_ACCOUNT: account })), account).toBe(badKey);
    for (const url of ['not a url', 'ftp://stand-in.example'])
      expect(refusal(env({ GOOGLE_CHAT_STAND_IN_URL: url }))).toBe('GOOGLE_CHAT_STAND_IN_URL must be an http(s) URL');
  });
});
