import { useLingui } from '@lingui/react';
import { useMe } from '@/api/me';
import { CupsSavedLine } from '@/components/cups-saved-line';
import { ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { HeadedSection } from '@/components/ui/headed-section';
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
      <HeadedSection heading={_('notifications.profile.account')} className="mb-8">
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
      </HeadedSection>
      <AvoidsSection />
      <HeadedSection heading={_('notifications.settings.heading')}>
        <p className="text-sm text-[var(--ink-muted)]">{_('notifications.settings.intro')}</p>
        {body}
      </HeadedSection>
      <ChangePasswordSection />
      <SignInSecuritySection />
      <SessionsSection />
      <YourDataSection />
    </section>
  );
}
