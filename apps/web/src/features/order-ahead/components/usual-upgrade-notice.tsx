import { useLingui } from '@lingui/react';
import { Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { AlertMessage } from '@/components/ui';
import { useMe } from '@/api/me';
import { errorText } from '@/lib/error-text';
import { useSaveUsual, useUsual } from '@/features/order-ahead/api/standing-orders';
import { drinkDetails } from '@/features/order-ahead/hooks/use-drink-words';
import { forgetLegacyUsual, hasLegacyUsual, readLegacyUsual } from '@/features/order-ahead/lib/legacy-usual';

/**
 * The usual this browser kept before it moved to the server (decision 0067), not lost: when the
 * server has none, its owner is asked once whether to keep it ("Keep Latte · Hot · Sweetness 50% as
 * your usual?"): Keep makes it their usual on the server, Not now forgets it. Either way, and when
 * the server has a usual already, the browser's copy is removed.
 */
export function UsualUpgradeNotice() {
  const { _ } = useLingui();
  const me = useMe();
  const customer = me !== null && me.role !== 'barista';
  const [legacy] = useState(readLegacyUsual);
  const [answered, setAnswered] = useState(false);
  const kept = hasLegacyUsual();
  const usual = useUsual({ enabled: customer && kept });
  const save = useSaveUsual();
  const titleId = useId();
  const hasUsual = usual.isSuccess && usual.data !== null;

  useEffect(() => {
    // The server has the person's usual (set on another device, or pinned by the upgrade), or what
    // this browser kept cannot be read: nothing to ask.
    if (customer && kept && (hasUsual || legacy === null)) forgetLegacyUsual();
  }, [customer, kept, hasUsual, legacy]);

  if (!customer || !legacy || answered || !usual.isSuccess || usual.data !== null) return null;

  const { drink, name, choices } = legacy;
  const text = [name, drinkDetails(drink, choices)].filter(Boolean).join(' · ');

  const finish = () => {
    forgetLegacyUsual();
    setAnswered(true);
  };

  return (
    <section aria-labelledby={titleId} className="card mb-4 space-y-3 border-[var(--accent)] p-4">
      <h2 id={titleId} className="inline-flex items-start gap-2 font-semibold">
        <Star aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--warning)]" />
        <span className="break-words">{_('order.usualUpgrade.question', { drink: text })}</span>
      </h2>
      <p className="text-sm text-[var(--ink-muted)]">{_('order.usualUpgrade.why')}</p>
      {save.isError ? <AlertMessage>{errorText(save.error) ?? _('order.usualUpgrade.failed')}</AlertMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={save.isPending}
          aria-busy={save.isPending || undefined}
          onClick={() => save.mutate(drink, { onSuccess: finish })}
        >
          {_('order.usualUpgrade.keep')}
        </button>
        <button type="button" className="btn-secondary" disabled={save.isPending} onClick={finish}>
          {_('order.usualUpgrade.notNow')}
        </button>
      </div>
    </section>
  );
}
