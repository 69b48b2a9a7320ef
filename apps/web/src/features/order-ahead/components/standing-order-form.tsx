import { conflictsOfDrink, daysValue, peopleText, sortDietTags, type Order } from '@cafe/shared';
import { useLingui } from '@lingui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { AlertMessage, ErrorState, LoadingBlock, Select } from '@/components/ui';
import { DietConfirm } from '@/components/diet/diet-warning';
import { useMyAvoids } from '@/api/avoids';
import { useHomeSite } from '@/api/sites';
import { formatDay } from '@/lib/cafe-time';
import { dietTagsOfRefusal } from '@/lib/diet';
import { errorText } from '@/lib/error-text';
import { sayPeople } from '@/lib/people-text';
import { useCreateStandingOrder, useUsual } from '@/features/order-ahead/api/standing-orders';
import { useDrinkWords } from '@/features/order-ahead/hooks/use-drink-words';
import { useStandingSlots } from '@/features/order-ahead/hooks/use-standing-slots';
import { pastDrinks, WEEK } from '@/features/order-ahead/lib/standing-drinks';
import { newPlacementKey } from '@/features/order-ahead/stores/order-draft';
import { WEEKDAY_IDS } from './standing-order-text';

const USUAL = 'usual';
/** The time a new standing order starts with, when the site has it. */
const FIRST_TIME = '09:30';

/**
 * Sets a standing order: my usual or a past drink, a site, weekdays and one of the site's pickup
 * times on those days. A drink with what the person avoids is saved only once they said they know
 * (as on every channel); the server's refusal is shown in its own words; one form makes one
 * standing order however often Save is tapped (its Idempotency-Key).
 */
export function StandingOrderForm({ orders }: { orders: readonly Order[] }) {
  const { _ } = useLingui();
  /** The usual as the server keeps it, or null when the person has none. */
  const usual = useUsual().data?.drink ?? null;
  /** Drinks ordered before ("this drink"). */
  const drinks = useMemo(() => pastDrinks(orders), [orders]);
  const { describe, itemOf } = useDrinkWords(orders);
  const { site: home, sites, several } = useHomeSite();
  const create = useCreateStandingOrder();
  const avoids = useMyAvoids();
  /** The drink the person chose; until then (or when it is no longer offered), the usual, else the latest drink. */
  const [chosenKey, setDrinkKey] = useState('');
  const offered = (key: string) => (key === USUAL ? usual !== null : drinks.some((d) => d.key === key));
  const drinkKey = offered(chosenKey) ? chosenKey : usual ? USUAL : (drinks[0]?.key ?? '');
  const [siteId, setSiteId] = useState<number | undefined>(undefined);
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [time, setTime] = useState(FIRST_TIME);
  /** The drink and what of it the person confirmed ("I know what it contains"). */
  const [confirmedFor, setConfirmedFor] = useState('');
  const [serverConflicts, setServerConflicts] = useState<{ key: string; tags: string[] }>({ key: '', tags: [] });
  /** This form's Idempotency-Key: a second tap on Save makes no second standing order. */
  const [formKey, setFormKey] = useState(newPlacementKey);
  const [saved, setSaved] = useState<{ nextDay: string | null } | null>(null);

  const chosenSite = siteId ?? home?.id;
  const site = sites.find((s) => s.id === chosenSite);
  const slots = useStandingSlots(site, 'cafe');
  const times = slots.timesFor(weekdays);
  const chosenTime = times.includes(time) ? time : times[0];
  const closedDays = slots.ready ? slots.closedOn(weekdays) : [];

  const drink = drinkKey === USUAL ? usual : (drinks.find((d) => d.key === drinkKey)?.drink ?? null);
  const item = drink ? itemOf(drink.menu_id) : undefined;
  const conflictsKey = `${drinkKey}:${drink?.menu_id}`;
  const conflicts = sortDietTags([
    ...(drink && item ? conflictsOfDrink(avoids, item, drink.options) : []),
    ...(serverConflicts.key === conflictsKey ? serverConflicts.tags : []),
  ]);
  const dietKey = `${conflictsKey}:${conflicts.join()}`;
  const needsConfirm = conflicts.length > 0 && confirmedFor !== dietKey;

  const options = [
    {
      value: USUAL,
      label: usual ? _('order.standing.usualOption', { drink: describe(usual) }) : _('order.standing.noUsual'),
      disabled: !usual,
    },
    ...drinks.map((d) => ({ value: d.key, label: describe(d.drink, d.name) })),
  ];

  const toggleDay = (day: number) =>
    setWeekdays((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosenSite === undefined || chosenTime === undefined || needsConfirm) return;
    const chosen = drinkKey === USUAL ? undefined : drinks.find((d) => d.key === drinkKey)?.drink;
    setSaved(null);
    create.mutate(
      {
        body: {
          siteId: chosenSite,
          weekdays,
          time: chosenTime,
          ...(chosen ? { drink: chosen } : {}),
          // Asked and ticked: the server saves a drink with what the person avoids only then.
          ...(conflicts.length > 0 ? { dietConfirmed: true } : {}),
        },
        idempotencyKey: formKey,
      },
      {
        onSuccess: (made) => {
          setSaved({ nextDay: made.nextDay });
          // The next standing order is another one.
          setFormKey(newPlacementKey());
          setConfirmedFor('');
        },
        onError: (error) => {
          const tags = dietTagsOfRefusal(error);
          if (tags.length === 0) return;
          // What the drink has that the person avoids changed meanwhile: asked again.
          setServerConflicts({ key: conflictsKey, tags });
          setConfirmedFor('');
        },
      },
    );
  };

  const timeField = slots.pending ? (
    <LoadingBlock label={_('order.standing.timesLoading')} className="py-2" />
  ) : slots.failed ? (
    <ErrorState message={_('order.standing.timesFailed')} onRetry={slots.retry} className="py-2" />
  ) : (
    <>
      <Select
        id="standing-time"
        label={_('order.standing.time')}
        options={times.map((t) => ({ value: t, label: t }))}
        value={chosenTime ?? ''}
        disabled={times.length === 0}
        aria-describedby="standing-time-hint"
        onChange={(event) => setTime(event.target.value)}
      />
      <p id="standing-time-hint" className="mt-1 text-sm text-[var(--ink-muted)]">
        {closedDays.length > 0 && site
          ? sayPeople(
              peopleText('people.standing.notServedOn', {
                site: site.name,
                venue: 'cafe',
                days: daysValue(closedDays),
              }),
            )
          : weekdays.length > 0 && times.length === 0
            ? _('order.standing.noCommonTime')
            : _('order.standing.timeHint')}
      </p>
    </>
  );

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
        <div className="flex flex-wrap gap-x-3">
          {WEEK.map((day) => (
            <label key={day} className="inline-flex min-h-11 items-center gap-2">
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
      <div>{timeField}</div>
      <DietConfirm
        conflicts={conflicts}
        checked={!needsConfirm}
        onChange={(yes) => setConfirmedFor(yes ? dietKey : '')}
      />
      {create.isError ? <AlertMessage tone="danger">{errorText(create.error)}</AlertMessage> : null}
      {saved && !create.isPending ? (
        <p role="status">
          {saved.nextDay
            ? _('order.standing.savedNext', { day: formatDay(saved.nextDay, 'weekday') })
            : _('order.standing.saved')}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn-primary"
        aria-describedby={needsConfirm ? 'diet-warning-text' : undefined}
        disabled={
          create.isPending ||
          weekdays.length === 0 ||
          drinkKey === '' ||
          chosenSite === undefined ||
          chosenTime === undefined ||
          needsConfirm
        }
      >
        {_('order.standing.save')}
      </button>
    </form>
  );
}
