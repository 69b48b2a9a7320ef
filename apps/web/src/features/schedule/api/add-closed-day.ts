import { ScheduleSchema, type ClosedDayBody } from '@cafe/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduleQueryOptions } from '@/api/schedule';
import { api } from '@/lib/api-client';

/** POST /schedule/closed-days: both venues stay closed that day. */
export const addClosedDay = (body: ClosedDayBody) =>
  api('/schedule/closed-days', { method: 'POST', body, schema: ScheduleSchema });

export function useAddClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addClosedDay,
    onSuccess: (schedule) => queryClient.setQueryData(scheduleQueryOptions().queryKey, schedule),
  });
}
