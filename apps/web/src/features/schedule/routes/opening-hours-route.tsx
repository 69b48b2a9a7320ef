import { CLOSING_WARNING_MINUTES, SHOP_CLOSING_NOTE, type Venue } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { useMe } from '@/api/me';
import { useSchedule } from '@/api/schedule';
import { useScreenSite } from '@/api/site-state';
import { StaffSiteSwitch } from '@/components/staff-site-switch';
import { ErrorState, LoadingBlock, PageHeader } from '@/components/ui';
import { useNextOpenings } from '@/hooks/use-next-openings';
import { paths } from '@/lib/paths';
import { ClosedDaysEditor } from '@/features/schedule/components/closed-days-editor';
import { WeeklyHoursForm } from '@/features/schedule/components/weekly-hours-form';
import { PickupSettingsForm } from '@/features/schedule/components/pickup-settings-form';
import { usePickupSettings } from '@/api/pickup-settings';

/**
 * Opening Hours (/opening-hours for baristas, /opening-hours-admin for admins): the weekly hours of
 * the cafe and the bar, and the closed days, of the staff site chosen on this device. The shop
 * opens and closes by them on its own.
 */
export function OpeningHoursRoute() {
  const { _ } = useLingui();
  // The staff site (the route layout says so): its schedule, its zone, the venues it runs.
  const here = useScreenSite();
  const { siteId } = here;
  const schedule = useSchedule({ siteId });
  const admin = useMe()?.role === 'admin';
  const venues = (['cafe', 'bar'] as const).filter((venue): venue is Venue => here.venues[venue]);
  const next = useNextOpenings(venues);

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
          <p className="text-sm text-[var(--ink-muted)]">
            {/* Admins have no board: they open and close a site on the Sites screen. */}
            {admin ? (
              <>
                {_('schedule.weekly.introAdmin', { timeZone: here.timeZone })}{' '}
                <Link to={paths.admin.sites} className="underline">
                  {_('schedule.weekly.sitesLink')}
                </Link>
              </>
            ) : (
              _('schedule.weekly.intro', { timeZone: here.timeZone })
            )}
          </p>
          <WeeklyHoursForm key={siteId} weekly={schedule.data.weekly} venues={venues} />
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
