import { chosenOf, clockTimeText, peopleText, tagsValue, type DietTag, type DrinkChoice } from '@cafe/shared';
import type { ErrorCode, Menu, MenuEntry, NotificationLanguage, Order, OrderStatus, Run } from '@cafe/shared';
import type { PeopleText, PeopleValues } from '@cafe/shared';
import type { SlotList } from '@cafe/shared';
import type { AppError } from './errors';
import { say } from './people-texts';

/*
 * The words every chat channel (Slack, LINE, Teams) says of a drink, an order and a refusal, in the
 * person's language: every sentence is the people catalogue's (packages/shared/locales/<language>/),
 * never a field name or a code. Each channel renders them its own way (Block Kit, Flex, Adaptive Cards).
 */

export type Id = `people.${string}`;
export type Words = (text: Id | PeopleText, values?: PeopleValues) => string;
export const wordsIn =
  (lang: NotificationLanguage): Words =>
  (text, values) =>
    say(lang, typeof text === 'string' ? peopleText(text, values) : text);

/** "This drink is not for you: Milk." ('' when there is nothing to say). */
export const dietWarning = (w: Words, conflicts: readonly DietTag[]) =>
  conflicts.length ? w('people.chat.diet.warning', { tags: tagsValue(conflicts) }) : '';
/** A drink's words with what it contains that the person avoids marked: "Latte  ⚠ Milk". */
export const marked = (w: Words, text: string, conflicts: readonly DietTag[]) =>
  conflicts.length ? `${text}  ${w('people.chat.diet.mark', { tags: tagsValue(conflicts) })}` : text;
/**
 * A menu entry's words as every chat lists it: what it contains that the person avoids marked, or
 * "⚠ not tagged" when nobody has tagged what it contains and the person avoids something (the web's marks).
 */
export const entryMarked = (w: Words, text: string, entry: Pick<MenuEntry, 'conflicts' | 'untagged'>) =>
  entry.untagged && !entry.conflicts.length
    ? `${text}  ${w('people.chat.diet.untagged')}`
    : marked(w, text, entry.conflicts);

type Choice = { choice: string; quantity: number };
/** A drink as a line: "Latte · Cold · 50% · Oat milk". */
function drinkLine(w: Words, name: string, drink: DrinkChoice | Order, choices: Choice[] = []): string {
  return [
    name,
    ...(drink.type ? [w(`people.chat.type.${drink.type}`)] : []),
    ...(drink.sweetness == null ? [] : [`${drink.sweetness}%`]),
    ...choices.map((c) => (c.quantity > 1 ? `${c.choice} ×${c.quantity}` : c.choice)),
  ].join(' · ');
}

export const orderLine = (w: Words, order: Order) => drinkLine(w, order.menu.name, order, order.options);

/** A drink as it will be made (its choices, or the item's defaults), named from the menu item. */
export function choiceLine(w: Words, item: Menu | undefined, drink: DrinkChoice): string {
  const choices = (item?.optionGroups ?? []).flatMap((g) => g.choices);
  // A choice the item no longer offers is left out (its id means nothing to a person).
  const named = (item ? chosenOf(item, drink.options) : []).flatMap((o) => {
    const choice = choices.find((c) => c.id === o.choiceId);
    return choice ? [{ choice: choice.name, quantity: o.quantity ?? 1 }] : [];
  });
  return drinkLine(w, item?.name ?? w('people.chat.drink.gone'), drink, named);
}

/** Refusals that carry no catalogue words (their English names fields and states): told by what was asked. */
const BY_CODE: Partial<Record<ErrorCode, Id>> = {
  FORBIDDEN: 'people.chat.refused.notYours',
  NOT_FOUND: 'people.chat.refused.gone',
  INVALID_TRANSITION: 'people.chat.refused.moved',
  IDEMPOTENCY_KEY_REUSED: 'people.chat.refused.used',
  IDEMPOTENCY_KEY_IN_USE: 'people.chat.refused.used',
  VALIDATION: 'people.chat.refused.invalid',
};

/** The codes a chat words by what was asked of its button, whatever sentence the web reads for them. */
const ASKED: ReadonlySet<ErrorCode> = new Set(['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION']);

/**
 * The words a refusal carries that a chat says as they are: a placement refusal's and a chat's own
 * (`people.refusal.*`, `people.chat.*`, `people.line.*`, `people.teams.*`). An order's "not yours",
 * "not found" or "moved on" carries the web's sentence ("Order was not found."); a chat tells instead
 * what became of the button tapped, in its own way (its command, its Home tab).
 */
export function carriedText(error: AppError): PeopleText | undefined {
  const text = error.text;
  if (!text) return undefined;
  return ASKED.has(error.code) && !/^people\.(refusal|chat|line|teams)\./.test(text.id) ? undefined : text;
}

export function refusalText(w: Words, error: AppError): string {
  const id = BY_CODE[error.code];
  const text = carriedText(error);
  return text ? w(text) : id ? w(id) : error.message;
}

export const statusText = (w: Words, status: OrderStatus) =>
  w(`people.chat.status.${status === 'in-progress' ? 'inProgress' : status}`);

/** Confirmed when all the drink contains now that the person avoids is what a button showed ("milk,eggs"). */
export const confirmedAvoids = (now: readonly string[], shown: string) =>
  now.length > 0 && now.every((tag) => shown.split(',').includes(tag));

/** The items a chat's order form lists: orderable now, or for later when the site has slots to choose. */
export const listedOf = (entries: readonly MenuEntry[], slots: SlotList): MenuEntry[] =>
  entries.filter((e) => e.now === null || (slots.slots.length > 0 && e.later === null));

/** Whether an entry is the one the words name: its name holds them all. */
export function entryForWords(text: string): (entry: MenuEntry) => boolean {
  const wanted = text.toLowerCase().split(/\s+/).filter(Boolean);
  return (entry) => wanted.every((word) => entry.item.name.toLowerCase().includes(word));
}

/**
 * What a chat's order form opens on (the door's `menuFor`, as listed): the item `pick` names when
 * it is listed, else the first listed (none: nothing can be ordered); and why the item named (or,
 * with nothing to list, the first) cannot be ordered, in the door's words.
 */
export function formEntry(entries: readonly MenuEntry[], slots: SlotList, pick: (entry: MenuEntry) => boolean) {
  const listed = listedOf(entries, slots);
  const wanted = entries.find(pick);
  const entry: MenuEntry | undefined = wanted && listed.includes(wanted) ? wanted : listed[0];
  const unlisted = wanted && wanted !== entry ? wanted : entry ? undefined : entries[0];
  const why = unlisted && (unlisted.later ?? unlisted.now);
  return { listed, entry, why: why ? why.text : null };
}

let runsWords: ReadonlySet<string> | undefined;
/** Whether the words ask for the open coffee runs ("runs", "รอบ"): the catalogue's, in every language. */
export function asksForRuns(text: string): boolean {
  runsWords ??= new Set(
    (['en', 'th'] as const).flatMap((lang) =>
      wordsIn(lang)('people.chat.runs.words')
        .split(',')
        .map((word) => word.trim().toLowerCase()),
    ),
  );
  return runsWords.has(text.trim().toLowerCase().replace(/\s+/g, ' '));
}

/** A chat message stays short: the rest are on the web's /runs, where "Start a run" leads. */
const RUNS_LISTED = 10;

/** What a chat needs to list the open runs: the person's site and the door's open runs there. */
interface RunsPorts<U> {
  siteOf(user: U): Promise<{ id: number; name: string; timeZone: string }>;
  ordering: { runs: { listOpen(user: U, siteId?: number): Promise<Run[]> } };
}

/**
 * The open coffee runs at the person's site as every chat lists them: each run's sentence (times on
 * the site's clock) and its page, where a drink is added; the page to start one; and, with none
 * open, the sentence that says so.
 */
export async function openRuns<U>(ports: RunsPorts<U>, user: U, w: Words, publicUrl: string | undefined) {
  const site = await ports.siteOf(user);
  const runs = await ports.ordering.runs.listOpen(user, site.id);
  const web = (publicUrl ?? '').replace(/\/+$/, '');
  const at = (instant: string) => clockTimeText(new Date(instant), site.timeZone);
  const startUrl = `${web}/runs`;
  return {
    title: w('people.chat.runs.title', { site: site.name }),
    none: runs.length ? null : w('people.chat.runs.none', { site: site.name, url: startUrl }),
    runs: runs.slice(0, RUNS_LISTED).map((run) => {
      const values = { place: run.place, pickup: at(run.pickupAt), closes: at(run.closesAt), count: run.drinks.length };
      const text = run.runner
        ? w('people.chat.runs.run', { ...values, runner: run.runner.name })
        : w('people.chat.runs.runNoRunner', values);
      return { id: run.id, text, url: `${web}/runs/${run.id}` };
    }),
    add: w('people.chat.runs.add'),
    start: w('people.chat.runs.start'),
    startUrl,
  };
}
export type OpenRuns = Awaited<ReturnType<typeof openRuns>>;
