import { ScheduleSchema, type ClosedDayBody, type Schedule, type WeeklyScheduleBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryOptions } from '@/api/schedule';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/** A change of the staff site's schedule: the server answers with the whole schedule, shown at once. */
function useScheduleChange<T>(send: (input: T, siteId: number | undefined) => Promise<Schedule>) {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  return useMutation({
    mutationFn: (input: T) => send(input, siteId),
    onSuccess: (schedule) => queryClient.setQueryData(scheduleQueryOptions(siteId).queryKey, schedule),
  });
}

/** PUT /schedule/weekly: the week's periods become these. */
export const useUpdateWeekly = () =>
  useScheduleChange((body: WeeklyScheduleBody, siteId) =>
    api('/schedule/weekly', { query: { siteId }, method: 'PUT', body, schema: ScheduleSchema }),
  );

/** POST /schedule/closed-days: both venues stay closed that day. */
export const useAddClosedDay = () =>
  useScheduleChange((body: ClosedDayBody, siteId) =>
    api('/schedule/closed-days', { query: { siteId }, method: 'POST', body, schema: ScheduleSchema }),
  );

/** DELETE /schedule/closed-days/{day}: the day opens again by the weekly hours. */
export const useRemoveClosedDay = () =>
  useScheduleChange((day: string, siteId) =>
    api(`/schedule/closed-days/${encodeURIComponent(day)}`, {
      query: { siteId },
      method: 'DELETE',
      schema: ScheduleSchema,
    }),
  );
