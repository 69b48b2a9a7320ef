import { ScheduleSchema, type WeeklyScheduleBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryOptions } from '@/api/schedule';
import { useStaffSite } from '@/hooks/use-staff-site';
import { api } from '@/lib/api-client';

/** PUT /schedule/weekly: the week's periods become these. */
export const updateWeekly = (body: WeeklyScheduleBody, siteId: number | undefined) =>
  api('/schedule/weekly', { query: { siteId }, method: 'PUT', body, schema: ScheduleSchema });

export function useUpdateWeekly() {
  const queryClient = useQueryClient();
  const { siteId } = useStaffSite();
  return useMutation({
    mutationFn: (body: WeeklyScheduleBody) => updateWeekly(body, siteId),
    onSuccess: (schedule) => queryClient.setQueryData(scheduleQueryOptions(siteId).queryKey, schedule),
  });
}
