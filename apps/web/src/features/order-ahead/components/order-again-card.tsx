import { dietMarksOf, type Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { Camera, RotateCcw, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AlertMessage } from '@/components/ui';
import { useMyAvoids } from '@/api/avoids';
import { DietBadge } from '@/components/diet/diet-warning';
import { errorText } from '@/lib/error-text';
import { useSaveUsual, useUsual } from '@/features/order-ahead/api/standing-orders';
import { useDrinkWords } from '@/features/order-ahead/hooks/use-drink-words';
import {
  draftOfDrink,
  drinkChoiceOfOrder,
  lostChoices,
  mostRecentDrinkOrder,
  recentTumbler,
  type LostChoice,
} from '@/features/order-ahead/lib/usual-drink';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';

interface OrderAgainCardProps {
  /** Past and today's orders: the most recent drink, its photo, and the names of its choices. */
  orders: readonly Order[];
  /**
   * Called with the drink as a draft when "Order again" is tapped; without a tumbler photo when the
   * old one is gone (deleted after the days the privacy page names), so a new one is taken first.
   * `lost`: the choices of the drink that cannot be made now (sold out at the site), to choose again.
   */
  onOrderAgain: (draft: OrderDraft, lost: LostChoice[]) => void;
}

/**
 * "Order again": the person's usual (kept on the server, GET /me/usual), else their most recent
 * drink, which they can make their usual here. Re-ordered in two taps — this button, then "Place
 * order" in the summary — with their most recent tumbler photo. Ordering it again changes nothing
 * of the usual.
 */
export function OrderAgainCard({ orders, onOrderAgain }: OrderAgainCardProps) {
  const { _ } = useLingui();
  const usual = useUsual();
  const saveUsual = useSaveUsual();
  const words = useDrinkWords(orders);
  const avoids = useMyAvoids();
  const recent = useMemo(() => mostRecentDrinkOrder(orders), [orders]);
  const photo = useMemo(() => recentTumbler(orders), [orders]);
  /** The photo no longer loads: the cafe deleted it (docs/privacy.md). */
  const [photoGone, setPhotoGone] = useState<string | null>(null);
  const [madeUsual, setMadeUsual] = useState(false);

  // The usual once the server has said whether there is one (a read that failed offers the recent drink).
  if (usual.isPending) return null;
  const usualDrink = usual.data?.drink ?? null;
  const drink = usualDrink ?? (recent ? drinkChoiceOfOrder(recent) : null);
  if (!drink) return null;
  const name = words.nameOf(drink.menu_id);
  if (name === null) return null;
  const isUsual = usualDrink !== null;
  const gone = !photo || photoGone === photo;
  const item = words.itemOf(drink.menu_id);
  const groups = item?.optionGroups ?? [];

  const handleOrderAgain = () => {
    const draft = draftOfDrink(drink, name, gone ? '' : photo, groups, words.known);
    onOrderAgain(draft, lostChoices(drink, groups, words.known));
  };

  const handleMakeUsual = () => {
    setMadeUsual(false);
    saveUsual.mutate(drink, { onSuccess: () => setMadeUsual(true) });
  };

  return (
    <section aria-labelledby="order-again-title" className="card flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      {gone ? (
        <span className="grid h-16 w-16 shrink-0 place-items-center rounded-xl border border-dashed border-[var(--border-strong)] text-[var(--ink-muted)]">
          <Camera aria-hidden="true" className="h-6 w-6" />
        </span>
      ) : (
        <img
          src={photo}
          alt=""
          className="h-16 w-16 shrink-0 rounded-xl border border-[var(--border)] object-cover"
          onError={() => setPhotoGone(photo)}
        />
      )}
      {/* At least 12rem for the drink, so on a phone the buttons go under it instead of squeezing it. */}
      <div className="min-w-48 flex-1">
        <h2
          id="order-again-title"
          className="inline-flex items-center gap-1 text-sm font-medium text-[var(--ink-muted)]"
        >
          {isUsual ? <Star aria-hidden="true" className="h-4 w-4 fill-current text-[var(--warning)]" /> : null}
          {isUsual ? _('order.again.usual') : _('order.again.recent')}
        </h2>
        <p className="font-semibold break-words">{name}</p>
        <p className="text-sm break-words text-[var(--ink-muted)]">{words.details(drink)}</p>
        {/* The summary asks before placing it; the card says so already (the item's defaults when it names no choice). */}
        {item ? <DietBadge {...dietMarksOf(avoids, item, drink.options)} /> : null}
        {photo && gone ? <p className="mt-1 text-sm text-[var(--ink-muted)]">{_('order.again.photoGone')}</p> : null}
        {saveUsual.isError ? (
          <AlertMessage className="mt-2">{errorText(saveUsual.error) ?? _('order.again.makeUsualFailed')}</AlertMessage>
        ) : null}
        <p role="status" className="sr-only">
          {madeUsual && isUsual ? _('order.again.madeUsual') : ''}
        </p>
      </div>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        {isUsual ? null : (
          <button
            type="button"
            className="btn-secondary"
            disabled={saveUsual.isPending}
            aria-busy={saveUsual.isPending || undefined}
            onClick={handleMakeUsual}
          >
            <Star aria-hidden="true" className="h-4 w-4" />
            {_('order.again.makeUsual')}
          </button>
        )}
        <button
          type="button"
          className="btn-primary"
          // The drink's options are checked against the menu at the site (sold out there?): wait for it.
          disabled={words.menuPending}
          onClick={handleOrderAgain}
        >
          {gone ? (
            <Camera aria-hidden="true" className="h-4 w-4" />
          ) : (
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
          )}
          {gone ? _('order.again.newPhoto') : _('order.again.button')}
        </button>
      </div>
    </section>
  );
}
