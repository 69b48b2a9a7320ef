import { ScheduleSchema, type WeeklyScheduleBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryOptions } from '@/api/schedule';
import { api } from '@/lib/api-client';

/** PUT /schedule/weekly: the week's periods become these. */
export const updateWeekly = (body: WeeklyScheduleBody) =>
  api('/schedule/weekly', { method: 'PUT', body, schema: ScheduleSchema });

export function useUpdateWeekly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWeekly,
    onSuccess: (schedule) => queryClient.setQueryData(scheduleQueryOptions().queryKey, schedule),
  });
}
