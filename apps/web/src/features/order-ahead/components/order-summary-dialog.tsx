import { dietMarksOf, sortDietTags, textOrEmpty, type DietTag } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { TriangleAlert } from 'lucide-react';
import { OfflineReason } from '@/components/offline-banner';
import { AlertMessage, Modal } from '@/components/ui';
import { useOffline } from '@/lib/connectivity';
import { placeProblemText, usePlaceOrderFlow } from '@/features/order-ahead/hooks/use-place-order-flow';
import type { OrderDraft } from '@/features/order-ahead/stores/order-draft';
import { DrinkTypeIcon } from '@/components/drink/drink-type-icon';
import { drinkTypeText } from '@/lib/drink-text';
import { useHomeTimeZone } from '@/api/sites';
import { useCategories } from '@/features/order-ahead/api/get-categories';
import { formatPickupTime } from '@/lib/cafe-time';
import { optionsText } from '@/lib/drink-options';
import { useState, type ReactNode } from 'react';
import { useMyAvoids } from '@/api/avoids';
import { DietConfirm, DietWarning } from '@/components/diet/diet-warning';
import { useRun } from '@/api/run';

interface OrderSummaryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: OrderDraft | null;
  /** The server does not take bar orders online. */
  onBarOrderingDisabled?: () => void;
}

/** The order to confirm: Edit goes back to the form, "Place order" sends it. */
export function OrderSummaryDialog({ open, onOpenChange, draft, onBarOrderingDisabled }: OrderSummaryDialogProps) {
  const { _ } = useLingui();
  const { place, placing, problem, serverConflicts, clearProblem } = usePlaceOrderFlow();
  const remark = textOrEmpty(draft?.remark);
  const description = textOrEmpty(draft?.tumblerImage);
  // Placing needs the server: offline the button says why instead of failing.
  const offline = useOffline();
  // What of the drink as it will be made the person avoids: they are asked before it is placed,
  // and again when the server says it has more (their list changed on another device).
  const { conflicts: mine, untagged } = useDraftDiet(draft);
  const conflicts = sortDietTags([...mine, ...serverConflicts]);
  const [dietConfirmed, setDietConfirmed] = useState(false);
  const needsConfirm = conflicts.length > 0 && !dietConfirmed;

  const handleOpenChange = (next: boolean) => {
    if (placing) return;
    if (!next) {
      clearProblem();
      setDietConfirmed(false);
    }
    onOpenChange(next);
  };

  const handlePlace = async () => {
    if (!draft || needsConfirm) return;
    // Sent only when the person was asked and ticked the box.
    const outcome = await place(draft, conflicts.length > 0 && dietConfirmed);
    if (outcome === 'blocked') return;
    if (outcome === 'confirm-diet') {
      // Asked again, unticked: the person decides with what the server says the drink has.
      setDietConfirmed(false);
      return;
    }
    setDietConfirmed(false);
    onOpenChange(false);
    if (outcome === 'bar-ordering-disabled') onBarOrderingDisabled?.();
  };

  return (
    <Modal
      open={open && draft !== null}
      onOpenChange={handleOpenChange}
      title={_('order.summary.title')}
      hideCloseButton={placing}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={() => handleOpenChange(false)} disabled={placing}>
            {_('order.summary.edit')}
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => void handlePlace()}
            disabled={placing || offline || needsConfirm}
            aria-busy={placing || undefined}
            aria-describedby={offline ? 'place-order-offline' : needsConfirm ? 'diet-warning-text' : undefined}
          >
            {placing ? _('order.summary.placing') : _('order.summary.place')}
          </button>
          <OfflineReason
            id="place-order-offline"
            className="w-full text-right text-sm font-medium text-[var(--warning)]"
          />
        </>
      }
    >
      {draft ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <Line label={_('order.summary.menu')} className="font-semibold">
              {draft.menu_name}
            </Line>
            {draft.venue === 'cafe' && draft.type ? (
              <Line label={_('order.summary.type')} className="inline-flex items-center gap-1.5">
                <DrinkTypeIcon type={draft.type} />
                {drinkTypeText(draft.type)}
              </Line>
            ) : null}
            {draft.venue === 'cafe' && draft.sweetness !== undefined ? (
              <Line label={_('order.summary.sweetness')}>{draft.sweetness}%</Line>
            ) : null}
            {draft.venue === 'bar' && description ? (
              <Line label={_('order.summary.description')}>{description}</Line>
            ) : null}
            {draft.options?.length ? <OptionsLine draft={draft} /> : null}
            {draft.runId !== undefined ? <RunLines runId={draft.runId} tray={draft.cup === 'tray'} /> : null}
            <Line label={_('order.pickup.label')}>
              {draft.pickupAt ? <PickupTime pickupAt={draft.pickupAt} /> : _('order.pickup.asap')}
            </Line>
            <Line label={_('order.summary.additionalRequest')} className="break-words">
              {remark || _('order.summary.none')}
            </Line>
          </dl>
          {draft.venue === 'cafe' && draft.tumblerImage ? (
            <figure>
              <img
                src={draft.tumblerImage}
                alt={_('order.tumbler.alt')}
                className="h-36 w-36 rounded-xl border border-[var(--border)] object-cover"
              />
            </figure>
          ) : null}
          {draft.venue === 'cafe' && draft.tumblerImage ? (
            <p
              role="note"
              className="flex items-start gap-2 rounded-xl border border-[var(--warning)] bg-[var(--warning-soft)] px-3 py-2 text-sm text-[var(--warning)]"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{_('shared.spec.tumblerWarning')}</span>
            </p>
          ) : null}
          {conflicts.length === 0 && untagged ? <DietWarning conflicts={[]} untagged /> : null}
          <DietConfirm conflicts={conflicts} checked={dietConfirmed} onChange={setDietConfirmed} />
          {problem ? <AlertMessage>{placeProblemText(problem)}</AlertMessage> : null}
        </div>
      ) : null}
    </Modal>
  );
}

/** One line of the summary: what it tells (`label`) and the drink's value. */
function Line({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-[var(--ink-muted)]">{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

/** The drink's item on its venue's menu (undefined until the menu is read, or when it is not on it). */
function useDraftItem(draft: OrderDraft | null) {
  const categories = useCategories(draft?.venue ?? 'cafe');
  return (categories.data ?? []).flatMap((c) => c.menu).find((m) => m.id === draft?.menu_id);
}

/**
 * What of the drink in `draft` (its item and choices on the menu; the item's defaults when it names
 * none, as the server makes it) the signed-in person avoids, and whether nobody has tagged the item
 * (said to a person who avoids something).
 */
function useDraftDiet(draft: OrderDraft | null): { conflicts: DietTag[]; untagged: boolean } {
  const avoids = useMyAvoids();
  const item = useDraftItem(draft);
  if (!draft || !item || avoids.length === 0) return { conflicts: [], untagged: false };
  return dietMarksOf(avoids, item, draft.options);
}

/** The chosen options, named and in the item's group order, as the order will keep them. */
function OptionsLine({ draft }: { draft: OrderDraft }) {
  const { _ } = useLingui();
  const choices = useDraftItem(draft)?.optionGroups?.flatMap((g) => g.choices);
  const names = optionsText(
    choices?.flatMap((choice) => {
      const chosen = draft.options?.find((o) => o.choiceId === choice.id);
      return chosen ? [{ choice: choice.name, quantity: chosen.quantity ?? 1 }] : [];
    }),
  );
  return names ? <Line label={_('order.summary.options')}>{names}</Line> : null;
}

/** The run a drink goes with (its place, as its page names it) and the cup it is served in. */
function RunLines({ runId, tray }: { runId: number; tray: boolean }) {
  const { _ } = useLingui();
  const run = useRun(runId).data;
  return (
    <>
      {run ? (
        <Line label={_('order.summary.run')} className="break-words">
          {run.place}
        </Line>
      ) : null}
      <Line label={_('order.run.cup')}>{tray ? _('order.run.cupTray') : _('order.run.cupTumbler')}</Line>
    </>
  );
}

/** "Pickup at 10:30" on the clock of the person's site. */
function PickupTime({ pickupAt }: { pickupAt: string }) {
  const { _ } = useLingui();
  const timeZone = useHomeTimeZone();
  return <>{_('order.pickup.at', { time: formatPickupTime(pickupAt, timeZone) })}</>;
}
