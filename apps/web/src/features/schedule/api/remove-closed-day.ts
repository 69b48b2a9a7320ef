import { ScheduleSchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryOptions } from '@/api/schedule';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/** DELETE /schedule/closed-days/{day}: the day opens again by the weekly hours. */
export const removeClosedDay = (day: string, siteId: number | undefined) =>
  api(`/schedule/closed-days/${encodeURIComponent(day)}`, {
    query: { siteId },
    method: 'DELETE',
    schema: ScheduleSchema,
  });

export function useRemoveClosedDay() {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  return useMutation({
    mutationFn: (day: string) => removeClosedDay(day, siteId),
    onSuccess: (schedule) => queryClient.setQueryData(scheduleQueryOptions(siteId).queryKey, schedule),
  });
}
