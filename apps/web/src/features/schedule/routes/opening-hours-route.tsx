import { CLOSING_WARNING_MINUTES, SHOP_CLOSING_NOTE } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useSchedule } from '@/api/schedule';
import { useSettings } from '@/api/settings';
import { StaffSiteSwitch } from '@/components/staff-site-switch';
import { ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useNextOpenings } from '@/hooks/use-next-openings';
import { useStaffSite } from '@/hooks/use-staff-site';
import { ClosedDaysEditor } from '@/features/schedule/components/closed-days-editor';
import { WeeklyHoursForm } from '@/features/schedule/components/weekly-hours-form';
import { PickupSettingsForm } from '@/features/schedule/components/pickup-settings-form';
import { usePickupSettings } from '@/features/schedule/api/pickup-settings';

/**
 * Opening Hours (/opening-hours for baristas, /opening-hours-admin for admins): the weekly hours of
 * the cafe and the bar, and the closed days, of the staff site chosen on this device. The shop
 * opens and closes by them on its own.
 */
export function OpeningHoursRoute() {
  const { _ } = useLingui();
  const { siteId } = useStaffSite();
  const schedule = useSchedule({ siteId });
  const { cafeTimeZone } = useSettings();
  const next = useNextOpenings(['cafe', 'bar'], { siteId });

  let body;
  if (schedule.isPending) body = <LoadingBlock label={_('schedule.loading')} />;
  else if (schedule.isError) {
    body = <ErrorState message={_('schedule.loadFailed')} onRetry={() => void schedule.refetch()} />;
  } else {
    body = (
      <div className="space-y-8">
        <section aria-labelledby="weekly-hours-heading" className="space-y-3">
          <h2 id="weekly-hours-heading" className="text-xl font-semibold">
            {_('schedule.weekly.heading')}
          </h2>
          <p className="text-sm text-[var(--ink-muted)]">{_('schedule.weekly.intro', { timeZone: cafeTimeZone })}</p>
          <WeeklyHoursForm weekly={schedule.data.weekly} />
        </section>
        {siteId !== undefined ? <PickupSection siteId={siteId} /> : null}
        <section aria-labelledby="closed-days-heading" className="space-y-3">
          <h2 id="closed-days-heading" className="text-xl font-semibold">
            {_('schedule.closedDays.heading')}
          </h2>
          <ClosedDaysEditor closedDays={schedule.data.closedDays} />
        </section>
      </div>
    );
  }

  return (
    <section>
      <PageHeader
        title={_('schedule.title')}
        description={
          schedule.data?.automatic === false ? (
            <p>{_('schedule.description.manual')}</p>
          ) : (
            <p>{_('schedule.description.automatic', { minutes: CLOSING_WARNING_MINUTES, note: SHOP_CLOSING_NOTE })}</p>
          )
        }
      />
      <StaffSiteSwitch className="mb-4 max-w-xs" />
      {next.length > 0 ? (
        <ul className="mb-6 space-y-1 text-sm" aria-label={_('schedule.next.label')}>
          {next.map((sentence) => (
            <li key={sentence}>{_('schedule.next.sentence', { sentence })}</li>
          ))}
        </ul>
      ) : null}
      {body}
    </section>
  );
}

/** Orders for later: the site's slots and how far ahead people may order. */
function PickupSection({ siteId }: { siteId: number }) {
  const { _ } = useLingui();
  const settings = usePickupSettings(siteId);
  return (
    <section aria-labelledby="pickup-heading" className="space-y-3">
      <h2 id="pickup-heading" className="text-xl font-semibold">
        {_('schedule.pickup.heading')}
      </h2>
      <p className="text-sm text-[var(--ink-muted)]">{_('schedule.pickup.intro')}</p>
      {settings.isPending ? (
        <LoadingBlock label={_('schedule.pickup.loading')} />
      ) : settings.isError ? (
        <ErrorState message={_('schedule.pickup.loadFailed')} onRetry={() => void settings.refetch()} />
      ) : (
        <PickupSettingsForm key={siteId} siteId={siteId} settings={settings.data} />
      )}
    </section>
  );
}
