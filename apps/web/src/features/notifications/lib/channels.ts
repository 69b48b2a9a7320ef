import type { NotificationChannel } from '@cafe/shared';
import { msgId } from '@/i18n';

/** Each channel's name as people know it (the generic webhook reaches the company's own chat). */
export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  push: msgId('notifications.channel.push'),
  slack: msgId('notifications.channel.slack'),
  email: msgId('notifications.channel.email'),
  webhook: msgId('notifications.channel.webhook'),
};

/** A line under each channel that is offered (e-mail's names the address, so it is apart). */
export const CHANNEL_HINTS: Record<Exclude<NotificationChannel, 'email'>, string> = {
  push: msgId('notifications.channel.pushHint'),
  slack: msgId('notifications.channel.slackHint'),
  webhook: msgId('notifications.channel.webhookHint'),
};
