import type { DrinkChoice } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { AlertMessage, Select } from '@/components/ui';
import { useHomeSite } from '@/api/sites';
import { errorText } from '@/lib/error-text';
import { useCreateStandingOrder } from '@/features/order-ahead/api/standing-orders';
import { WEEK, type DrinkOffer } from '@/features/order-ahead/lib/standing-drinks';
import { WEEKDAY_IDS } from './standing-order-text';

interface StandingOrderFormProps {
  /** The usual as it reads now ("Latte · Hot · 50%"), or null when the person has none. */
  usualLabel: string | null;
  /** Drinks ordered before ("this drink"). */
  drinks: readonly DrinkOffer[];
  /** How a drink reads. */
  describe: (drink: DrinkChoice, name: string) => string;
}

const USUAL = 'usual';

/** Sets a standing order: my usual or a past drink, a site, weekdays and a time on the site's clock. */
export function StandingOrderForm({ usualLabel, drinks, describe }: StandingOrderFormProps) {
  const { _ } = useLingui();
  const { site: home, sites, several } = useHomeSite();
  const create = useCreateStandingOrder();
  const [drinkKey, setDrinkKey] = useState<string>(usualLabel ? USUAL : (drinks[0]?.key ?? ''));
  const [siteId, setSiteId] = useState<number | undefined>(undefined);
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [time, setTime] = useState('09:30');
  const [saved, setSaved] = useState(false);
  const chosenSite = siteId ?? home?.id;

  const options = [
    {
      value: USUAL,
      label: usualLabel ? _('order.standing.usualOption', { drink: usualLabel }) : _('order.standing.noUsual'),
      disabled: !usualLabel,
    },
    ...drinks.map((d) => ({ value: d.key, label: describe(d.drink, d.name) })),
  ];

  const toggleDay = (day: number) =>
    setWeekdays((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosenSite === undefined) return;
    const drink = drinkKey === USUAL ? undefined : drinks.find((d) => d.key === drinkKey)?.drink;
    setSaved(false);
    create.mutate(
      { siteId: chosenSite, weekdays, time, ...(drink ? { drink } : {}) },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <form onSubmit={handleSubmit} className="card space-y-3 p-4" aria-labelledby="standing-form-title">
      <h3 id="standing-form-title" className="font-semibold">
        {_('order.standing.formTitle')}
      </h3>
      <Select
        label={_('order.standing.drink')}
        options={options}
        value={drinkKey}
        onChange={(event) => setDrinkKey(event.target.value)}
      />
      {several ? (
        <Select
          label={_('order.standing.site')}
          options={sites.map((s) => ({ value: String(s.id), label: s.name }))}
          value={chosenSite === undefined ? '' : String(chosenSite)}
          onChange={(event) => setSiteId(Number(event.target.value))}
        />
      ) : null}
      <fieldset>
        <legend className="label">{_('order.standing.days')}</legend>
        <div className="flex flex-wrap gap-3">
          {WEEK.map((day) => (
            <label key={day} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className="h-6 w-6 shrink-0 accent-[var(--accent)]"
                checked={weekdays.includes(day)}
                onChange={() => toggleDay(day)}
              />
              {_(WEEKDAY_IDS[day])}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="standing-time" className="label">
          {_('order.standing.time')}
        </label>
        <input
          id="standing-time"
          type="time"
          step={300}
          className="input"
          value={time}
          required
          onChange={(event) => setTime(event.target.value)}
        />
        <p className="mt-1 text-sm text-[var(--ink-muted)]">{_('order.standing.timeHint')}</p>
      </div>
      {create.isError ? <AlertMessage tone="danger">{errorText(create.error)}</AlertMessage> : null}
      {saved && !create.isPending ? <p role="status">{_('order.standing.saved')}</p> : null}
      <button
        type="submit"
        className="btn-primary"
        disabled={create.isPending || weekdays.length === 0 || drinkKey === '' || chosenSite === undefined}
      >
        {_('order.standing.save')}
      </button>
    </form>
  );
}
