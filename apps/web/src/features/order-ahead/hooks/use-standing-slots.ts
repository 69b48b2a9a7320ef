import { cafeDayOf, nextDateOn, slotTimesOn, type CategoryFor, type Site } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { usePickupSettings } from '@/api/pickup-settings';
import { scheduleQueryOptions } from '@/api/schedule';
import { useNow } from '@/hooks/use-now';

/**
 * The times a standing order at `site` can have (docs/standing-orders.md): the start of one of the
 * site's pickup slots for the venue on each chosen weekday, by its weekly hours (GET /schedule of
 * the site) and its slot length (GET /sites/{id}/pickup), through the shared `slotTimesOn` the
 * server checks a standing order with when it is saved. One source: what is offered is what saves.
 */
export function useStandingSlots(site: Site | undefined, venue: CategoryFor) {
  const schedule = useQuery({ ...scheduleQueryOptions(site?.id), enabled: site !== undefined });
  const pickup = usePickupSettings(site?.id);
  const now = useNow();
  const ready = site !== undefined && schedule.isSuccess && pickup.isSuccess;

  /** The slot start times of a weekday (0 = Sunday): those of its next date, the hours of that weekday. */
  const timesOn = (weekday: number): string[] => {
    if (!ready) return [];
    const today = cafeDayOf(now, site.timeZone);
    return slotTimesOn(
      {
        rules: { weekly: schedule.data.weekly, closedDays: [] },
        timeZone: site.timeZone,
        venue,
        settings: pickup.data,
      },
      nextDateOn(today, weekday),
    );
  };

  /** The times that start a slot on every one of `weekdays` (none chosen: none). */
  const timesFor = (weekdays: readonly number[]): string[] => {
    if (weekdays.length === 0) return [];
    const [first, ...rest] = weekdays.map(timesOn);
    return (first ?? []).filter((time) => rest.every((times) => times.includes(time)));
  };

  /** The chosen weekdays on which the venue has no slot at all (no hours). */
  const closedOn = (weekdays: readonly number[]): number[] => weekdays.filter((d) => timesOn(d).length === 0);

  return {
    ready,
    pending: site !== undefined && (schedule.isPending || pickup.isPending),
    failed: schedule.isError || pickup.isError,
    retry: () => {
      if (schedule.isError) void schedule.refetch();
      if (pickup.isError) void pickup.refetch();
    },
    timesFor,
    closedOn,
  };
}
