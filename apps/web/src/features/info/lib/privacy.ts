import type { PrivacyPolicy } from '@cafe/shared';
import { msgId } from '@/i18n';

/** A message id and the values it is shown with. */
export interface Message {
  id: string;
  values?: Record<string, number>;
}

/** One line of the privacy page's table: what is kept, why, and for how long. */
export interface RetentionRow {
  key: string;
  what: string;
  why: string;
  kept: Message;
}

const WHILE_ACCOUNT: Message = { id: msgId('info.privacy.kept.whileAccount') };

/** What the cafe keeps and why, in the order of docs/privacy.md's table. */
const KEPT = [
  { key: 'account', what: msgId('info.privacy.what.account'), why: msgId('info.privacy.why.account') },
  { key: 'password', what: msgId('info.privacy.what.password'), why: msgId('info.privacy.why.password') },
  { key: 'orders', what: msgId('info.privacy.what.orders'), why: msgId('info.privacy.why.orders') },
  { key: 'photos', what: msgId('info.privacy.what.photos'), why: msgId('info.privacy.why.photos') },
  { key: 'avoids', what: msgId('info.privacy.what.avoids'), why: msgId('info.privacy.why.avoids') },
  { key: 'choices', what: msgId('info.privacy.what.choices'), why: msgId('info.privacy.why.choices') },
  {
    key: 'notificationSettings',
    what: msgId('info.privacy.what.notificationSettings'),
    why: msgId('info.privacy.why.notificationSettings'),
  },
  {
    key: 'notifications',
    what: msgId('info.privacy.what.notifications'),
    why: msgId('info.privacy.why.notifications'),
  },
  { key: 'push', what: msgId('info.privacy.what.push'), why: msgId('info.privacy.why.push') },
  { key: 'sessions', what: msgId('info.privacy.what.sessions'), why: msgId('info.privacy.why.sessions') },
  {
    key: 'signInCounters',
    what: msgId('info.privacy.what.signInCounters'),
    why: msgId('info.privacy.why.signInCounters'),
  },
] as const;

/**
 * What the cafe keeps (docs/privacy.md, its table), the numbers from GET /privacy: the same
 * settings the daily clean-up deletes by, so the page and the clean-up cannot disagree.
 */
export function retentionRows(policy: PrivacyPolicy): RetentionRow[] {
  const kept: Record<(typeof KEPT)[number]['key'], Message> = {
    account: WHILE_ACCOUNT,
    password: policy.singleSignOn ? { id: msgId('info.privacy.kept.passwordSso') } : WHILE_ACCOUNT,
    orders: { id: msgId('info.privacy.kept.orders') },
    photos: { id: msgId('info.privacy.kept.photos'), values: { days: policy.photoDays } },
    avoids: { id: msgId('info.privacy.kept.avoids') },
    choices: { id: msgId('info.privacy.kept.choices') },
    notificationSettings: WHILE_ACCOUNT,
    notifications: { id: msgId('info.privacy.kept.notifications'), values: { days: policy.notificationDays } },
    push: { id: msgId('info.privacy.kept.push') },
    sessions: { id: msgId('info.privacy.kept.sessions'), values: { days: policy.sessionDays } },
    signInCounters: { id: msgId('info.privacy.kept.signInCounters') },
  };
  return KEPT.map((row) => ({ ...row, kept: kept[row.key] }));
}

/** A notification channel as the privacy page names it. */
export interface ChannelLine {
  key: 'push' | 'slack' | 'email' | 'webhook';
  name: string;
  detail: string;
}

const CHANNEL_LINES: ChannelLine[] = [
  { key: 'push', name: msgId('info.privacy.channel.push'), detail: msgId('info.privacy.channel.pushDetail') },
  { key: 'slack', name: msgId('info.privacy.channel.slack'), detail: msgId('info.privacy.channel.slackDetail') },
  { key: 'email', name: msgId('info.privacy.channel.email'), detail: msgId('info.privacy.channel.emailDetail') },
  { key: 'webhook', name: msgId('info.privacy.channel.webhook'), detail: msgId('info.privacy.channel.webhookDetail') },
];

/**
 * The ways the cafe may tell a person their drink is ready: browser notifications always, the
 * others only where the company has set them up (and then only for those who choose them).
 */
export function channelLines(policy: PrivacyPolicy): ChannelLine[] {
  return CHANNEL_LINES.filter((line) => line.key === 'push' || policy.channels[line.key]);
}
