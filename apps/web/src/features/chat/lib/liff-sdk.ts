/**
 * LINE's LIFF SDK (https://developers.line.biz/en/reference/liff/), loaded by a script element on
 * the LIFF page only: its origin is allowed by that page's CSP alone
 * (apps/server/src/plugins/security-headers.ts). Only what the page uses is typed here.
 */
export const LIFF_SDK_URL = 'https://static.line-scdn.net/liff/edge/2/sdk.js';

export interface Liff {
  init(config: { liffId: string }): Promise<void>;
  isLoggedIn(): boolean;
  login(config?: { redirectUri?: string }): void;
  getIDToken(): string | null;
  /** LINE's language, e.g. `th`, `en-US`. */
  getLanguage(): string;
}

declare global {
  interface Window {
    liff?: Liff;
  }
}

let loading: Promise<Liff> | null = null;

/** The SDK, loaded once; a failed load is tried afresh next time (the retry button). */
export function loadLiffSdk(): Promise<Liff> {
  if (window.liff) return Promise.resolve(window.liff);
  loading ??= new Promise<Liff>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = LIFF_SDK_URL;
    script.async = true;
    script.charset = 'utf-8';
    script.onload = () => (window.liff ? resolve(window.liff) : reject(new Error('LIFF SDK loaded without liff')));
    script.onerror = () => {
      script.remove();
      reject(new Error('LIFF SDK could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The app's language for LINE's: Thai for `th`, English otherwise. */
export const languageOfLine = (tag: string): 'th' | 'en' => (/^th\b/i.test(tag.trim()) ? 'th' : 'en');
