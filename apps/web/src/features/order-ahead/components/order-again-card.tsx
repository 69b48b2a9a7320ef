import { textOrEmpty, type Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Camera, RotateCcw, Star } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import {
  draftFromFavourite,
  lostChoices,
  mostOrderedDrink,
  readFavourite,
  saveFavourite,
  type LostChoice,
} from '@/features/order-ahead/lib/favourite-drink';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { drinkTypeText } from '@/lib/drink-text';
import { chosenOf, optionsText } from '@/lib/drink-options';
import { useSaveUsual } from '@/features/order-ahead/api/standing-orders';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { useMyAvoids } from '@/api/avoids';
import { DietBadge } from '@/components/diet/diet-warning';
import { drinkConflicts } from '@/lib/diet';

interface OrderAgainCardProps {
  /** Past and today's orders, to work out the usual drink. */
  orders: readonly Order[];
  /**
   * Called with the drink as a draft when "Order again" is tapped; without a tumbler photo when the
   * old one is gone (deleted after the days the privacy page names), so a new one is taken first.
   * `lost`: the choices of the drink that cannot be made now (sold out at the site), to choose again.
   */
  onOrderAgain: (draft: OrderDraft, lost: LostChoice[]) => void;
}

/**
 * "Order again": the pinned favourite, or else the most ordered (or last) drink, re-ordered in two
 * taps — this button, then "Place order" in the summary, with the same tumbler photo.
 */
export function OrderAgainCard({ orders, onOrderAgain }: OrderAgainCardProps) {
  const { _ } = useLingui();
  const [stored] = useState(readFavourite);
  const computed = useMemo(() => {
    const unique = new Map(orders.map((o) => [o.id, o]));
    return mostOrderedDrink([...unique.values()]);
  }, [orders]);
  const offer = stored?.pinned ? stored : (computed ?? stored);
  /** The photo no longer loads: the cafe deleted it (docs/privacy.md). */
  const [photoGone, setPhotoGone] = useState<string | null>(null);
  const gone = offer !== null && photoGone === offer.tumblerImage;
  const remark = textOrEmpty(offer?.remark);
  const categories = useCategories('cafe');
  const itemOf = (menuId: number) => categories.data?.flatMap((c) => c.menu).find((m) => m.id === menuId);
  const groupsOf = (menuId: number) => itemOf(menuId)?.optionGroups ?? [];
  const avoids = useMyAvoids();
  const saveUsual = useSaveUsual();

  // Remember the usual drink (favOrder) so it is offered even before the orders load next time.
  useEffect(() => {
    if (computed && !stored?.pinned) saveFavourite({ ...computed, pinned: false });
  }, [computed, stored]);

  if (!offer) return null;

  return (
    <section aria-labelledby="order-again-title" className="card flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      {gone ? (
        <span className="grid h-16 w-16 shrink-0 place-items-center rounded-xl border border-dashed border-[var(--border-strong)] text-[var(--ink-muted)]">
          <Camera aria-hidden="true" className="h-6 w-6" />
        </span>
      ) : (
        <img
          src={offer.tumblerImage}
          alt=""
          className="h-16 w-16 shrink-0 rounded-xl border border-[var(--border)] object-cover"
          onError={() => setPhotoGone(offer.tumblerImage)}
        />
      )}
      {/* At least 12rem for the drink, so on a phone the button goes under it instead of squeezing it. */}
      <div className="min-w-48 flex-1">
        <h2
          id="order-again-title"
          className="inline-flex items-center gap-1 text-sm font-medium text-[var(--ink-muted)]"
        >
          {offer.pinned ? <Star aria-hidden="true" className="h-4 w-4 fill-current text-[var(--warning)]" /> : null}
          {offer.pinned ? _('order.again.favourite') : _('order.again.usual')}
        </h2>
        <p className="font-semibold break-words">{offer.menu_name}</p>
        <p className="text-sm break-words text-[var(--ink-muted)]">
          {[
            drinkTypeText(offer.type),
            _('order.sweetnessValue', { sweetness: offer.sweetness }),
            optionsText(offer.options),
            remark,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {/* The summary asks before placing it; the card says so already. */}
        <DietBadge
          conflicts={drinkConflicts(
            avoids,
            itemOf(offer.menu_id),
            groupsOf(offer.menu_id),
            draftFromFavourite(offer, groupsOf(offer.menu_id)).options,
          )}
        />
        {gone ? <p className="mt-1 text-sm text-[var(--ink-muted)]">{_('order.again.photoGone')}</p> : null}
      </div>
      <button
        type="button"
        className="btn-primary w-full sm:w-auto"
        // The drink's options are checked against the menu at the site (sold out there?): wait for it.
        disabled={categories.isPending}
        onClick={() => {
          const groups = groupsOf(offer.menu_id);
          const draft = draftFromFavourite(offer, groups);
          onOrderAgain(gone ? { ...draft, tumblerImage: '' } : draft, lostChoices(offer, groups));
          // Ordered again: the usual on the server too (a standing order, Slack), beside favOrder here.
          const options = chosenOf(offer.options);
          saveUsual.mutate({
            menu_id: offer.menu_id,
            type: offer.type,
            sweetness: offer.sweetness,
            ...(remark ? { remark } : {}),
            ...(options?.length ? { options } : {}),
          });
        }}
      >
        {gone ? (
          <Camera aria-hidden="true" className="h-4 w-4" />
        ) : (
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
        )}
        {gone ? _('order.again.newPhoto') : _('order.again.button')}
      </button>
    </section>
  );
}
