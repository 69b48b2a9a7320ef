import { pauseText } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { AlertMessage } from '@/components/ui';
import { sayPeople } from '@/lib/people-text';
import { useOrderingStatus } from '@/features/order-ahead/api/get-ordering-status';

/**
 * Busy mode on the customer's screens: while new online orders are paused (by a barista, or
 * because the queue is long), say so with the estimated wait before anyone fills in a form that
 * could not be sent. It goes away by itself when orders resume.
 */
export function OrderingPausedNotice() {
  // Said again when the language changes.
  useLingui();
  const { data } = useOrderingStatus();
  if (!data?.paused || !data.message) return null;
  return (
    <AlertMessage tone="info" className="mb-4">
      {/* The shared rule's words (the people catalogue), in the interface's language. */}
      {data.reason === null ? data.message : sayPeople(pauseText(data.reason, data.estimatedWaitMinutes))}
    </AlertMessage>
  );
}
