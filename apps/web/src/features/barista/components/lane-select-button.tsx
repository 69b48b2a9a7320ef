import { useLingui } from '@lingui/react';
import { CheckSquare } from 'lucide-react';
import { msgId } from '@/i18n';
import type { SelectLane } from '@/features/barista/hooks/use-board-selection';

/** The lanes' names, as their headings say them (the select bar names the lane it acts on). */
export const LANE_NAME_IDS: Record<SelectLane, string> = {
  waiting: msgId('barista.board.waiting'),
  'in-progress': msgId('barista.board.inProgress'),
  ready: msgId('barista.ready.heading'),
};

/** What each lane's Select selects, as its name says it. */
const SELECT_LABEL_IDS: Record<SelectLane, string> = {
  waiting: msgId('barista.select.waiting'),
  'in-progress': msgId('barista.select.inProgress'),
  ready: msgId('barista.ready.selectDrinks'),
};

/**
 * A lane's own Select, in its header: select mode for that lane only (hooks/use-board-selection.ts,
 * docs/decisions/0099-no-hidden-orders.md). It reads "Select"; its name says which lane's orders
 * ("Select waiting orders").
 */
export function LaneSelectButton({
  lane,
  onClick,
  className = 'btn-secondary min-h-11 shrink-0 px-3',
}: {
  lane: SelectLane;
  onClick: () => void;
  className?: string;
}) {
  const { _ } = useLingui();
  return (
    <button type="button" className={className} onClick={onClick} aria-label={_(SELECT_LABEL_IDS[lane])}>
      <CheckSquare aria-hidden="true" className="h-5 w-5" />
      {_('barista.board.select')}
    </button>
  );
}
