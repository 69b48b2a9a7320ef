import type { Run } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { useHomeTimeZone } from '@/api/sites';
import { AlertMessage } from '@/components/ui';
import { formatPickupTime } from '@/lib/cafe-time';
import { paths } from '@/lib/paths';

/** On the menu and the form of a drink for a coffee run: which run it goes with, and the way back to it. */
export function RunNotice({ run }: { run: Run }) {
  const { _ } = useLingui();
  const timeZone = useHomeTimeZone();
  return (
    <AlertMessage tone="info" className="mb-4">
      {_('order.run.adding', { place: run.place, time: formatPickupTime(run.pickupAt, timeZone) })}{' '}
      <Link to={paths.run(run.id)} className="font-semibold text-[var(--accent)] underline">
        {_('order.run.backToRun')}
      </Link>
    </AlertMessage>
  );
}
