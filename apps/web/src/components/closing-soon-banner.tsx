import { SHOP_CLOSING_NOTE, type Venue } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Clock } from 'lucide-react';
import { useScreenSite } from '@/api/site-state';
import { useClosingSoon } from '@/hooks/use-closing-soon';
import { cafeTimeOf } from '@/lib/opening-hours';

type Props =
  /** The barista board: every venue that closes soon. */
  | { audience: 'staff' }
  /** My Order: only when one of the person's waiting orders is of the venue that closes. */
  | { audience: 'customer'; waitingVenues: readonly Venue[] };

/**
 * The rule of closing time at the screen's site (the staff site on the board), told before it happens (docs/api.md "Opening hours"): a venue closes
 * in a few minutes, and what still waits then is rejected with "The shop is closing".
 */
export function ClosingSoonBanner(props: Props) {
  const { _ } = useLingui();
  const closing = useClosingSoon();
  const cafeTimeZone = useScreenSite().timeZone;
  if (!closing) return null;
  if (props.audience === 'customer' && !props.waitingVenues.includes(closing.venue)) return null;
  const time = cafeTimeOf(closing.at, cafeTimeZone);
  const rule =
    props.audience === 'staff'
      ? _('shared.closing.staffRule', { note: SHOP_CLOSING_NOTE })
      : _('shared.closing.customerRule', { note: SHOP_CLOSING_NOTE });
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-[var(--warning)] bg-[var(--warning-soft)] px-4 py-3 text-[var(--ink)]"
    >
      <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--warning)]" />
      <p>
        <strong className="font-semibold">
          {closing.venue === 'cafe' ? _('shared.closing.cafe', { time }) : _('shared.closing.bar', { time })}
        </strong>{' '}
        {rule}
      </p>
    </div>
  );
}
