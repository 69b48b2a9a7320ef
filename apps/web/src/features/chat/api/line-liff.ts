import { NotificationSettingsSchema, TokenPairSchema, type NotificationLanguage } from '@cafe/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const LiffSettingsSchema = z.object({ liffId: z.string() });

/** GET /line/liff: the LIFF app's id; 404 while LINE or its LIFF app is not configured. */
export const fetchLiffSettings = () => api('/line/liff', { schema: LiffSettingsSchema, noRefresh: true });

/** POST /line/session: LINE's ID token of the page for the linked person's token pair. */
export const startLineSession = (idToken: string) =>
  api('/line/session', { method: 'POST', body: { idToken }, schema: TokenPairSchema, noRefresh: true });

/** The signed-in person's language (that of their messages, GET /user/notifications). */
export const fetchMessageLanguage = async (): Promise<NotificationLanguage> =>
  (await api('/user/notifications', { schema: NotificationSettingsSchema })).language;
