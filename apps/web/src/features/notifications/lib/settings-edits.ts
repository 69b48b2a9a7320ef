import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationLanguage,
  type NotificationSettings,
  type NotificationSettingsBody,
} from '@cafe/shared';

/**
 * What the person changed on the profile and has not saved yet, over the settings as the server
 * has them. Kept as changes rather than a copy: settings read again meanwhile (another device,
 * the window refocused) show through wherever the person changed nothing.
 */
export type SettingsEdits = NotificationSettingsBody;

/** The language shown: the person's pick, else the saved one. */
export function shownLanguage(saved: NotificationSettings, edits: SettingsEdits): NotificationLanguage {
  return edits.language ?? saved.language;
}

/**
 * Whether a channel shows as chosen. One the company does not offer shows off: nothing is sent
 * there, whatever was chosen before it went away.
 */
export function shownChoice(saved: NotificationSettings, edits: SettingsEdits, channel: NotificationChannel): boolean {
  const setting = saved.channels[channel];
  return setting.available && (edits[channel] ?? setting.enabled);
}

/**
 * The body of a save: only what differs from the saved settings (empty when nothing does). A
 * channel the company stopped offering since it was changed here is left out: the server would
 * refuse it.
 */
export function changesOf(saved: NotificationSettings, edits: SettingsEdits): NotificationSettingsBody {
  const body: NotificationSettingsBody = {};
  if (edits.language !== undefined && edits.language !== saved.language) body.language = edits.language;
  for (const channel of NOTIFICATION_CHANNELS) {
    if (!saved.channels[channel].available) continue;
    const choice = edits[channel];
    if (choice !== undefined && choice !== saved.channels[channel].enabled) body[channel] = choice;
  }
  return body;
}

/** The channel a refusal names when it is one the company has not configured (the server's words). */
export function unconfiguredChannelOf(message: string): NotificationChannel | undefined {
  const named = /^(\w+): is not configured/.exec(message)?.[1];
  return NOTIFICATION_CHANNELS.find((channel) => channel === named);
}
