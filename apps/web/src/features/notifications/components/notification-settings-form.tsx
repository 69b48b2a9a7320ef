import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LANGUAGES,
  type NotificationChannel,
  type NotificationSettings,
} from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useMe } from '@/api/me';
import { AlertMessage } from '@/components/ui';
import { ServerButton } from '@/components/ui/server-button';
import { LANGUAGE_NAMES } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { refusalOr } from '@/lib/error-text';
import { logFailure } from '@/lib/log-failure';
import { customerPaths } from '@/lib/paths';
import { useUpdateNotificationSettings } from '@/features/notifications/api/update-notification-settings';
import { CHANNEL_HINTS, CHANNEL_LABELS } from '@/features/notifications/lib/channels';
import {
  changesOf,
  shownChoice,
  shownLanguage,
  unconfiguredChannelOf,
  type SettingsEdits,
} from '@/features/notifications/lib/settings-edits';

/**
 * Where "your drink is ready" reaches the person, and in which language (docs/api.md,
 * "Notifications"): one checkbox per channel, those the company has not configured shown but not
 * usable. Save sends only what changed.
 */
export function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const { _ } = useLingui();
  const id = useId();
  const me = useMe();
  const update = useUpdateNotificationSettings();
  const [edits, setEdits] = useState<SettingsEdits>({});
  const [failure, setFailure] = useState<string | null>(null);
  const changes = changesOf(settings, edits);
  const unchanged = Object.keys(changes).length === 0;

  const refusalText = (error: unknown): string => {
    if (isApiError(error) && error.status === 400) {
      const channel = unconfiguredChannelOf(error.message);
      if (channel) return _('notifications.save.notConfigured', { channel: _(CHANNEL_LABELS[channel]) });
    }
    return refusalOr(error, _('notifications.save.failed'));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    setFailure(null);
    try {
      await update.mutateAsync(changes);
      setEdits({});
      toast.success(_('notifications.save.saved'));
    } catch (error) {
      logFailure('saving the notification settings failed', error);
      setFailure(refusalText(error));
    }
  };

  const choose = (patch: SettingsEdits) => {
    setFailure(null);
    setEdits((current) => ({ ...current, ...patch }));
  };

  const hintOf = (channel: NotificationChannel): string => {
    if (!settings.channels[channel].available) return _('notifications.channel.unavailable');
    if (channel === 'email') return _('notifications.channel.emailHint', { email: me?.email ?? '' });
    return _(CHANNEL_HINTS[channel]);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="card space-y-6 p-4 sm:p-6">
      <fieldset>
        <legend className="label">{_('notifications.channels.legend')}</legend>
        <ul className="mt-1 divide-y divide-[var(--border)]">
          {NOTIFICATION_CHANNELS.map((channel) => {
            const available = settings.channels[channel].available;
            const inputId = `${id}-${channel}`;
            return (
              <li key={channel} className="py-2">
                <div className="flex items-start gap-3">
                  <input
                    id={inputId}
                    type="checkbox"
                    className="mt-0.5 h-6 w-6 shrink-0 accent-[var(--accent)] disabled:cursor-not-allowed"
                    checked={shownChoice(settings, edits, channel)}
                    disabled={!available}
                    aria-describedby={`${inputId}-hint`}
                    onChange={(e) => choose({ [channel]: e.target.checked })}
                  />
                  <div className="min-w-0">
                    <label
                      htmlFor={inputId}
                      className={available ? 'cursor-pointer font-medium' : 'font-medium text-[var(--ink-muted)]'}
                    >
                      {_(CHANNEL_LABELS[channel])}
                    </label>
                    <p id={`${inputId}-hint`} className="text-sm break-words text-[var(--ink-muted)]">
                      {hintOf(channel)}
                    </p>
                    {channel === 'push' && available && me && me.role !== 'barista' ? (
                      <Link
                        to={customerPaths(me.role).statusOrder}
                        className="inline-flex min-h-11 items-center text-sm font-medium text-[var(--accent-on-soft)] underline"
                      >
                        {_('notifications.channel.pushLink')}
                      </Link>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset aria-describedby={`${id}-language-hint`}>
        <legend className="label">{_('notifications.language.legend')}</legend>
        <p id={`${id}-language-hint`} className="mb-2 text-sm text-[var(--ink-muted)]">
          {_('notifications.language.hint')}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
          {NOTIFICATION_LANGUAGES.map((language) => (
            <label
              key={language}
              lang={language}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-[var(--border-strong)] bg-[var(--surface-raised)] px-3 py-2 font-medium has-[:checked]:border-[var(--accent)] has-[:checked]:bg-[var(--accent-soft)] has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--focus)]"
            >
              <input
                type="radio"
                name={`${id}-language`}
                value={language}
                className="h-6 w-6 shrink-0 accent-[var(--accent)]"
                checked={shownLanguage(settings, edits) === language}
                onChange={() => choose({ language })}
              />
              {LANGUAGE_NAMES[language]}
            </label>
          ))}
        </div>
      </fieldset>

      {failure ? <AlertMessage>{failure}</AlertMessage> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <ServerButton
          type="submit"
          className="btn-primary"
          disabled={unchanged || update.isPending}
          busy={update.isPending}
        >
          {update.isPending ? _('notifications.save.saving') : _('notifications.save.button')}
        </ServerButton>
      </div>
    </form>
  );
}
