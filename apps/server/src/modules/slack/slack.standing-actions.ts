import type { AuthUser } from '../../context';
import { AppError } from '../../lib/errors';
import type { SlackApi } from './slack.api';
import { ACTIONS } from './slack.blocks';
import type { SlackOrders } from './slack.orders';
import type { SlackPorts } from './slack.ports';
import { readStandingSubmission, standingModal, type StandingModalState } from './slack.standing';
import { refusalText, type Lang } from './slack.texts';

/**
 * What Slack does with standing orders (docs/slack.md): the modal opened and submitted (a refusal
 * of the standing service, a 400, comes back on the modal as `response_action: errors`), and App
 * Home's Skip next, Pause and Resume, each through the standing service, then App Home republished.
 */
export function createSlackStandingActions(ports: SlackPorts, api: () => SlackApi, orders: SlackOrders) {
  return {
    /** "Set a standing order": the modal, on the person's site, naming their usual. */
    async open(triggerId: string, user: AuthUser, lang: Lang): Promise<void> {
      const [site, usual] = await Promise.all([ports.siteOf(user), orders.usualOf(user)]);
      const state: StandingModalState = { siteId: site.id };
      await api().openView(triggerId, standingModal(lang, { usualLine: usual?.line ?? null, state }));
    },

    /** The modal submitted: a standing order of the usual, or the errors on the modal. */
    async submit(
      user: AuthUser,
      lang: Lang,
      view: { private_metadata?: string; state?: { values?: Record<string, Record<string, never>> } },
    ): Promise<Record<string, unknown>> {
      let state: StandingModalState;
      try {
        state = JSON.parse(view.private_metadata ?? '') as StandingModalState;
      } catch {
        return { response_action: 'errors', errors: { weekdays: 'Open the form again from App Home' } };
      }
      const read = readStandingSubmission(view.state?.values ?? {}, state);
      if ('errors' in read) return { response_action: 'errors', errors: read.errors };
      try {
        await ports.standing.create(user, read.body);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const text = refusalText(lang, error.code, error.message);
        return { response_action: 'errors', errors: { [/^time/.test(error.message) ? 'time' : 'weekdays']: text } };
      }
      return { response_action: 'clear' };
    },

    /** Skip next, Pause or Resume of one of the person's standing orders. */
    async move(actionId: string, id: number, user: AuthUser): Promise<void> {
      if (actionId === ACTIONS.standingSkip) await ports.standing.skipNext(user, id);
      else if (actionId === ACTIONS.standingPause) await ports.standing.pause(user, id);
      else await ports.standing.resume(user, id);
    },
  };
}
