import { z } from 'zod';
import { LIMITS } from './limits';

/** How a session began: a password sign-in, the company's single sign-on, or the person's linked LINE account (the LIFF page). */
export const SignInMethodSchema = z.enum(['password', 'sso', 'line']);
export type SignInMethod = z.infer<typeof SignInMethodSchema>;

/** The device of a session, read from its browser's User-Agent at sign-in (null: not recognised). */
export const SessionDeviceSchema = z.object({
  /** The browser, e.g. "Chrome", "Safari", "Firefox", "Edge", "Samsung Internet". */
  browser: z.string().nullable(),
  /** The system, e.g. "Android", "iPhone", "iPad", "Windows", "macOS", "ChromeOS", "Linux". */
  system: z.string().nullable(),
  /** Both in plain English words, e.g. "Chrome on Android"; "Unknown device" when neither is known. */
  label: z.string(),
});
export type SessionDevice = z.infer<typeof SessionDeviceSchema>;

/** One signed-in session of the caller (one sign-in on one device, and its refreshes since). */
export const SessionSchema = z.object({
  id: z.string(),
  device: SessionDeviceSchema,
  signInMethod: SignInMethodSchema,
  /** The sign-in. */
  createdAt: z.string(),
  /** The last time the device fetched new tokens (the sign-in, or its latest refresh). */
  lastUsedAt: z.string(),
  /** When it ends at the latest (its absolute lifetime), however often it is used. */
  endsAt: z.string(),
  /** Whether it is the session of the device asking. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/** GET /auth/sessions. */
export const SessionListSchema = z.object({
  /** Newest use first. */
  sessions: z.array(SessionSchema),
  /**
   * What ending a session asks: the person's password, or (an account that signs in with the
   * company's sign-in only) a sign-in on this device within the last few minutes.
   */
  confirmWith: z.enum(['password', 'recent-sign-in']),
  /** For `recent-sign-in`: until when this device's sign-in counts as recent; null when it does not (sign in again). */
  recentSignInUntil: z.string().nullable(),
});
export type SessionList = z.infer<typeof SessionListSchema>;

/** POST /auth/sessions/{id}/end and POST /auth/sessions/end-others. */
export const EndSessionsBodySchema = z.object({
  /** The caller's password; not needed by an account without one (it needs a recent sign-in instead). */
  password: z.string().max(LIMITS.passwordMax).optional(),
});
export type EndSessionsBody = z.infer<typeof EndSessionsBodySchema>;

/** What ending sessions answers: how many ended, and a fresh access token for the device asking. */
export const SessionsEndedSchema = z.object({
  ended: z.number().int().min(0),
  accessToken: z.string(),
});
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A session's device in plain words from a User-Agent ("Chrome on Android"), without a library of agents. */
export function deviceOf(userAgent: string | null | undefined): SessionDevice {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const label = browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'Unknown device');
  return { browser, system, label };
}
