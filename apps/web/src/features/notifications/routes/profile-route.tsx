import { useLingui } from '@lingui/react';
import { useMe } from '@/api/me';
import { CupsSavedLine } from '@/components/cups-saved-line';
import { ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useNotificationSettings } from '@/features/notifications/api/get-notification-settings';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';
import { ChangePasswordSection } from '@/features/notifications/components/change-password-section';
import { SignInSecuritySection } from '@/features/notifications/components/sign-in-security-section';
import { YourDataSection } from '@/features/notifications/components/your-data-section';
import { AvoidsSection } from '@/features/notifications/components/avoids-section';
import { SessionsSection } from '@/features/notifications/components/sessions-section';

/**
 * Profile (/profile, every signed-in role): who the person is, where and in which language the
 * cafe tells them their drink is ready, their password, the devices signed in, and their data (download it, or delete the account).
 */
export function ProfileRoute() {
  const { _ } = useLingui();
  const me = useMe();
  const settings = useNotificationSettings();

  let body;
  if (settings.isPending) body = <LoadingBlock label={_('notifications.settings.loading')} />;
  else if (settings.isError) {
    body = <ErrorState message={_('notifications.settings.loadFailed')} onRetry={() => void settings.refetch()} />;
  } else body = <NotificationSettingsForm settings={settings.data} />;

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader title={_('notifications.profile.title')} description={_('notifications.profile.description')} />
      <section aria-labelledby="profile-account-heading" className="mb-8 space-y-3">
        <h2 id="profile-account-heading" className="text-xl font-semibold">
          {_('notifications.profile.account')}
        </h2>
        <dl className="card grid gap-x-6 gap-y-2 p-4 sm:grid-cols-[auto_1fr] sm:p-6">
          <dt className="text-sm font-medium text-[var(--ink-muted)]">{_('notifications.profile.name')}</dt>
          <dd className="min-w-0 font-semibold break-words" data-testid="profile-name">
            {me?.name}
          </dd>
          <dt className="text-sm font-medium text-[var(--ink-muted)]">{_('notifications.profile.email')}</dt>
          <dd className="min-w-0 break-all" data-testid="profile-email">
            {me?.email}
          </dd>
        </dl>
        <p className="text-sm text-[var(--ink-muted)]">{_('notifications.profile.renameHint')}</p>
        <CupsSavedLine />
      </section>
      <AvoidsSection />
      <section aria-labelledby="profile-notifications-heading" className="space-y-3">
        <h2 id="profile-notifications-heading" className="text-xl font-semibold">
          {_('notifications.settings.heading')}
        </h2>
        <p className="text-sm text-[var(--ink-muted)]">{_('notifications.settings.intro')}</p>
        {body}
      </section>
      <ChangePasswordSection />
      <SignInSecuritySection />
      <SessionsSection />
      <YourDataSection />
    </section>
  );
}
