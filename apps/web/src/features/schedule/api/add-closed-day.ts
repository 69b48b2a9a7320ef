import { ScheduleSchema, type ClosedDayBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryOptions } from '@/api/schedule';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/** POST /schedule/closed-days: both venues stay closed that day. */
export const addClosedDay = (body: ClosedDayBody, siteId: number | undefined) =>
  api('/schedule/closed-days', { query: { siteId }, method: 'POST', body, schema: ScheduleSchema });

export function useAddClosedDay() {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  return useMutation({
    mutationFn: (body: ClosedDayBody) => addClosedDay(body, siteId),
    onSuccess: (schedule) => queryClient.setQueryData(scheduleQueryOptions(siteId).queryKey, schedule),
  });
}
