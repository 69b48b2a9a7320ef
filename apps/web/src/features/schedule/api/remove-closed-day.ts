import { ScheduleSchema } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryOptions } from '@/api/schedule';
import { api } from '@/lib/api-client';

/** DELETE /schedule/closed-days/{day}: the day opens again by the weekly hours. */
export const removeClosedDay = (day: string) =>
  api(`/schedule/closed-days/${encodeURIComponent(day)}`, { method: 'DELETE', schema: ScheduleSchema });

export function useRemoveClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeClosedDay,
    onSuccess: (schedule) => queryClient.setQueryData(scheduleQueryOptions().queryKey, schedule),
  });
}
