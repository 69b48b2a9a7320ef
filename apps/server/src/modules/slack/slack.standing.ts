import { StandingOrderCreateBodySchema, weekdayOf, type DrinkChoice, type StandingOrder } from '@cafe/shared';
import type { Block, SlackView } from './slack.api';
import { ACTIONS, STANDING_VIEW, button, context, section } from './slack.blocks';
import { textsOf, type Lang } from './slack.texts';

/*
 * Standing orders in Slack (docs/slack.md, docs/standing-orders.md): App Home lists the person's,
 * with Skip next, Pause and Resume; "Set a standing order" opens a small modal (the days, a time,
 * the usual) whose answers become a POST /standing-orders body, checked with its shared schema.
 */

/** Monday first, Sunday last, as an office week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const WORKDAYS = [1, 2, 3, 4, 5];

/** What the standing modal carries (private_metadata): the person's site. */
export interface StandingModalState {
  siteId: number;
}

const plain = (text: string) => ({ type: 'plain_text', text: text.slice(0, 75) });

/** "Mon, Tue, Wed" in the person's language. */
export function weekdaysLine(lang: Lang, weekdays: readonly number[]): string {
  const names = textsOf(lang).weekdayNames;
  return WEEK.filter((d) => weekdays.includes(d))
    .map((d) => names[d])
    .join(', ');
}

/** A cafe day as "Mon 2026-11-23". */
const dayLine = (lang: Lang, day: string): string => `${textsOf(lang).weekdayNames[weekdayOf(day)]} ${day}`;

/** App Home's standing orders: each with its drink, days, time and state, and its buttons. */
export function standingBlocks(
  lang: Lang,
  standing: readonly StandingOrder[],
  lineOf: (drink: DrinkChoice) => string,
): Block[] {
  const t = textsOf(lang);
  if (standing.length === 0) return [context(t.homeStandingNone)];
  const blocks: Block[] = [];
  for (const s of standing) {
    const drink = s.drink ? lineOf(s.drink) : `_${t.yourUsual}_`;
    const state: string[] = [];
    if (s.paused) state.push(`*${t.paused}*`);
    else {
      if (s.skipDate) state.push(t.skipping(dayLine(lang, s.skipDate)));
      if (s.nextDay) state.push(t.nextDay(dayLine(lang, s.nextDay)));
    }
    blocks.push({
      ...section(`${drink} — ${t.everyAt(weekdaysLine(lang, s.weekdays), s.time)}`),
      block_id: `standing-${s.id}`,
    });
    if (state.length) blocks.push(context(state.join('  ·  ')));
    const value = String(s.id);
    blocks.push({
      type: 'actions',
      block_id: `standing-actions-${s.id}`,
      elements: s.paused
        ? [button(t.resume, ACTIONS.standingResume, value, 'primary')]
        : [button(t.skipNext, ACTIONS.standingSkip, value), button(t.pause, ACTIONS.standingPause, value)],
    });
  }
  return blocks;
}

/** The standing-order modal: the days (weekdays ticked), a time (Slack's timepicker), the usual named. */
export function standingModal(lang: Lang, input: { usualLine: string | null; state: StandingModalState }): SlackView {
  const t = textsOf(lang);
  const options = WEEK.map((d) => ({ text: plain(t.weekdayNames[d] ?? String(d)), value: String(d) }));
  return {
    type: 'modal',
    callback_id: STANDING_VIEW,
    title: plain(t.standingTitle),
    submit: plain(t.save),
    close: plain(t.close),
    private_metadata: JSON.stringify(input.state),
    blocks: [
      input.usualLine ? section(t.standingDrink(input.usualLine)) : context(t.noUsual),
      {
        type: 'input',
        block_id: 'weekdays',
        label: plain(t.days),
        element: {
          type: 'checkboxes',
          action_id: 'weekdays',
          options,
          initial_options: options.filter((o) => WORKDAYS.includes(Number(o.value))),
        },
      },
      {
        type: 'input',
        block_id: 'time',
        label: plain(t.time),
        element: { type: 'timepicker', action_id: 'time', initial_time: '09:30' },
      },
    ],
  };
}

type StandingValues = Record<
  string,
  Record<string, { selected_options?: { value: string }[] | null; selected_time?: string | null }>
>;

/** The modal's answers as the shared POST /standing-orders body, or the errors per block. */
export function readStandingSubmission(
  values: StandingValues,
  state: StandingModalState,
): { body: { siteId: number; weekdays: number[]; time: string } } | { errors: Record<string, string> } {
  const one = (block: string) => Object.values(values[block] ?? {})[0];
  const candidate = {
    siteId: state.siteId,
    weekdays: (one('weekdays')?.selected_options ?? []).map((o) => Number(o.value)),
    time: one('time')?.selected_time ?? '',
  };
  const parsed = StandingOrderCreateBodySchema.safeParse(candidate);
  if (parsed.success)
    return { body: { siteId: parsed.data.siteId, weekdays: parsed.data.weekdays, time: parsed.data.time } };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const block = issue.path[0] === 'time' ? 'time' : 'weekdays';
    errors[block] ??= issue.message;
  }
  return { errors };
}
