import { StandingOrderCreateBodySchema, weekdayOf, type DrinkChoice, type StandingOrder } from '@cafe/shared';
import type { AuthUser } from '../../context';
import { AppError } from '../../lib/errors';
import type { Block, SlackApi } from './slack.api';
import { ACTIONS, DIET_ANYWAY, STANDING_VIEW, button, context, dietBox, dietWarning, input } from './slack.blocks';
import { modal, option, picked, refusalText, section, select, when, words } from './slack.blocks';
import type { Lang, Person, StateValues, UsualShown } from './slack.blocks';
import type { SlackPorts } from './slack.ports';

/*
 * Standing orders in Slack (docs/slack.md, docs/standing-orders.md): App Home lists the person's,
 * with Skip next, Pause and Resume; "Set a standing order" opens a small modal (the days, one of the
 * site's slot times, the usual) that becomes a POST /standing-orders body, once per modal.
 */

/** Monday first, Sunday last, as an office week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const WORKDAYS = ['1', '2', '3', '4', '5'];

const dayName = (lang: Lang, weekday: number) => words(lang, `people.chat.weekday.${weekday}`);
/** A cafe day as "Mon 2026-11-23". */
const dayLine = (lang: Lang, day: string) => `${dayName(lang, weekdayOf(day))} ${day}`;

/** App Home's standing orders: each with its drink, days, time and state, and its buttons. */
export function standingBlocks(
  lang: Lang,
  standing: readonly StandingOrder[],
  lineOf: (d: DrinkChoice) => string,
): Block[] {
  if (standing.length === 0) return [context(words(lang, 'people.chat.home.standingNone'))];
  return standing.flatMap((s) => {
    const drink = s.drink ? lineOf(s.drink) : `_${words(lang, 'people.chat.standing.yourUsual')}_`;
    const weekdays = WEEK.filter((d) => s.weekdays.includes(d))
      .map((d) => dayName(lang, d))
      .join(', ');
    const state = s.paused
      ? [`*${words(lang, 'people.chat.standing.paused')}*`]
      : [
          ...(s.skipDate ? [words(lang, 'people.chat.standing.skipping', { day: dayLine(lang, s.skipDate) })] : []),
          ...(s.nextDay ? [words(lang, 'people.chat.standing.next', { day: dayLine(lang, s.nextDay) })] : []),
        ];
    const id = String(s.id);
    const act = (action: string, name: `people.${string}`) => button(words(lang, name), action, id);
    const every = words(lang, 'people.chat.standing.everyAt', { weekdays, time: s.time });
    return [
      { ...section(`${drink} — ${every}`), block_id: `standing-${id}` },
      ...(state.length ? [context(state.join('  ·  '))] : []),
      {
        type: 'actions',
        block_id: `standing-actions-${id}`,
        elements: s.paused
          ? [act(ACTIONS.standingResume, 'people.chat.standing.resume')]
          : [
              act(ACTIONS.standingSkip, 'people.chat.standing.skipNext'),
              act(ACTIONS.standingPause, 'people.chat.standing.pause'),
            ],
      },
    ];
  });
}

/** Where the door's refusal of a standing order is shown: on the time, the diet box, or the days. */
function blockOfRefusal(error: AppError, ask: boolean): string {
  if (/^people\.(refusal\.slot|standing\.(notServedAt|fridayCutoff))/.test(error.text?.id ?? '')) return 'time';
  return error.code === 'DIET_CONFIRMATION_NEEDED' && ask ? 'diet' : 'weekdays';
}

/**
 * What Slack does with standing orders: the modal opened and submitted (the standing service's
 * refusal comes back on it as `response_action: errors`), and App Home's Skip next, Pause and
 * Resume, each through the standing service.
 */
export function createSlackStanding(
  ports: SlackPorts,
  api: () => SlackApi,
  usualOf: (user: AuthUser, lang: Lang) => Promise<UsualShown | null>,
) {
  return {
    /** "Set a standing order": the modal, on the person's site, naming their usual, offering its slot times. */
    async open(triggerId: string, { user, lang }: Person): Promise<unknown> {
      const site = await ports.siteOf(user);
      const [usual, times] = await Promise.all([usualOf(user, lang), ports.standingTimes(site.id)]);
      const ask = (usual?.conflicts.length ?? 0) > 0;
      const days = WEEK.map((d) => option(dayName(lang, d), String(d)));
      const slots = times.slice(0, 100).map((time) => option(time, time));
      const initial = slots.find((o) => o.value === '09:30') ?? slots[0];
      const t = (id: `people.${string}`, values?: Record<string, string>) => words(lang, id, values);
      const weekdays = {
        type: 'checkboxes',
        options: days,
        initial_options: days.filter((o) => WORKDAYS.includes(o.value)),
      };
      const state = { siteId: site.id, ask };
      return api().openView(
        triggerId,
        modal(lang, STANDING_VIEW, 'people.chat.standing.title', 'people.chat.standing.save', state, [
          usual ? section(t('people.chat.standing.drink', { line: usual.line })) : context(t('people.chat.usual.none')),
          input('weekdays', t('people.chat.standing.days'), weekdays),
          initial
            ? input('time', t('people.chat.standing.time'), select(slots, initial))
            : context(t('people.standing.noSite', { site: site.name })),
          ...when(ask, context(`:warning: *${dietWarning(lang, usual?.conflicts ?? [])}*`), dietBox(lang)),
        ]),
      );
    },

    /** The modal submitted: a standing order of the usual (once per modal: its view id is the key), or the errors on it. */
    async submit(
      { user, lang }: Person,
      view: { id?: string; private_metadata?: string; state?: { values?: StateValues } },
    ): Promise<Record<string, unknown>> {
      let state: { siteId: number; ask: boolean };
      try {
        state = JSON.parse(view.private_metadata ?? '') as typeof state;
      } catch {
        return { response_action: 'errors', errors: { weekdays: words(lang, 'people.chat.standing.openAgain') } };
      }
      const values = view.state?.values ?? {};
      const parsed = StandingOrderCreateBodySchema.safeParse({
        siteId: state.siteId,
        weekdays: picked(values, 'weekdays').map(Number),
        time: picked(values, 'time')[0] ?? '',
        dietConfirmed: picked(values, 'diet').includes(DIET_ANYWAY),
      });
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          if (issue.path[0] === 'time') errors.time ??= words(lang, 'people.chat.standing.chooseTime');
          else errors.weekdays ??= words(lang, 'people.chat.standing.chooseDays');
        }
        return { response_action: 'errors', errors };
      }
      try {
        await ports.standing.create(user, parsed.data, `slack:standing:${view.id ?? ''}`.slice(0, 255));
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return { response_action: 'errors', errors: { [blockOfRefusal(error, state.ask)]: refusalText(lang, error) } };
      }
      return { response_action: 'clear' };
    },

    /** Skip next, Pause or Resume of one of the person's standing orders. */
    move(actionId: string, id: number, user: AuthUser): Promise<StandingOrder> {
      if (actionId === ACTIONS.standingSkip) return ports.standing.skipNext(user, id);
      if (actionId === ACTIONS.standingPause) return ports.standing.pause(user, id);
      return ports.standing.resume(user, id);
    },
  };
}
