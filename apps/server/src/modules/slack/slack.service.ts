import { randomUUID } from 'node:crypto';
import { drinkOfOrder, type DietTag, type MenuEntry, type OrderCreateBody } from '@cafe/shared';
import type { AppBase } from '../../context';
import { AppError, badRequest, unauthenticated } from '../../lib/errors';
import { say } from '../../lib/people-texts';
import { iso } from '../../lib/time';
import { createSlackApi, type SlackApi } from './slack.api';
import { ACTIONS, ORDER_VIEW, STANDING_VIEW, notice, refusalText, section, usualConfirmation } from './slack.blocks';
import { words, type Person, type StateValues } from './slack.blocks';
import { createSlackLinking, type SlackActor } from './slack.linking';
import { entryForWords, listedOf, orderModal, readSubmission, type ModalState } from './slack.modal';
import { createSlackOrders } from './slack.orders';
import type { SlackPorts } from './slack.ports';
import { deleteLinksOfUser, forgetSignaturesBefore, noteSignature } from './slack.repository';
import { createSlackStanding } from './slack.standing';
import { SLACK_REQUEST_WINDOW_MS, signatureProblem } from './slack.verify';

/** A slash command's form fields (application/x-www-form-urlencoded). */
export interface SlackCommand {
  team_id?: string;
  user_id?: string;
  text?: string;
  trigger_id?: string;
}

/** The parts of an interaction payload the app reads. */
export interface SlackInteraction {
  type?: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string };
  trigger_id?: string;
  actions?: { action_id?: string; value?: string; selected_option?: { value?: string } }[];
  view?: { id?: string; callback_id?: string; private_metadata?: string; state?: { values?: StateValues } };
}

/** What an Events API request carries. */
export interface SlackEventBody {
  type?: string;
  team_id?: string;
  challenge?: string;
  event?: { type?: string; user?: string; tab?: string };
}

/** A Slack user id (U..., or W... in an Enterprise Grid). */
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,30}$/;
/** An id a button carries: a positive integer a database column holds (anything else never reaches it). */
const idOf = (value: string | undefined): number | null => (/^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : null);
/** Confirmed when all the drink contains now that the person avoids is what the button showed ("nonce|milk,eggs"). */
const confirmed = (now: readonly DietTag[], value: string) =>
  now.length > 0 && now.every((tag) => (value.split('|')[1] ?? '').split(',').includes(tag));
const errors = (block: string, text: string) => ({ response_action: 'errors', errors: { [block]: text } });

/**
 * The Slack app (docs/slack.md, decision 0039): transport only. Every request is verified
 * (signature, age, replay, workspace) and answered at once, mapped to the ordering door (`menuFor`,
 * `place`, the usual), the owners' moves and the standing service, and answered in the person's
 * words (the people catalogue). The Web API calls follow in the background (`settled` waits for
 * them: tests, shutdown).
 */
export function createSlackService(ctx: AppBase, ports: SlackPorts) {
  const { db, clock, log } = ctx;
  const config = ctx.config.slackApp;
  let client: SlackApi | undefined;
  const api = (): SlackApi => {
    // The app's configuration needs the bot token, which gives the server its one Slack client.
    if (!ports.client) throw new Error('The Slack app needs the Slack client of SLACK_BOT_TOKEN');
    return (client ??= createSlackApi(ports.client, config?.teamId ?? null, log));
  };
  const linking = createSlackLinking(ctx, ports, api);
  const orders = createSlackOrders(ctx, ports, api, linking);
  const standing = createSlackStanding(ports, api, orders.usualOf);
  const pending = new Set<Promise<void>>();

  /** Work after the answer: Slack wants one within 3 s, the Web API calls need not be in it. */
  function later(what: string, work: () => Promise<unknown>): void {
    const warn = (error: unknown) => log.warn({ err: error, what }, 'a Slack call after the answer failed');
    const run = work()
      .then(() => undefined, warn)
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  /** The words for someone who cannot act (Slack does not tell the cafe their language): a link, or that their account is gone. */
  function refusalFor(actor: Exclude<SlackActor, { kind: 'linked' }>): string {
    if (actor.kind === 'gone') return words('en', 'people.chat.link.accountGone');
    const id = actor.kind === 'revoked' ? 'people.chat.link.revoked' : 'people.chat.link.notLinked';
    return words('en', id, { url: actor.linkUrl });
  }

  /** The person behind a request (with their language), or the answer for someone who cannot act. */
  async function personOf(slackUserId: string): Promise<Person | { refused: string }> {
    if (!SLACK_USER_ID.test(slackUserId)) throw badRequest('user_id: must be a Slack user id');
    const actor = await linking.actor(await api().teamId(), slackUserId);
    if (actor.kind !== 'linked') return { refused: refusalFor(actor) };
    return { slackUserId, user: actor.user, lang: await ports.language(actor.user) };
  }

  const tell = (p: Person, text: string) => api().post(p.slackUserId, notice(text));

  /** Runs what the person asked for; a refusal is told in their language (undefined then). */
  async function orTell<T>(p: Person, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await tell(p, refusalText(p.lang, error));
      return undefined;
    }
  }

  /** Places through the door: a new order gets its message; a refusal is told, and the usual asked about again. */
  async function place(p: Person, body: OrderCreateBody, key: string): Promise<unknown> {
    try {
      const placed = await ports.ordering.place(p.user, body, 'slack', key.slice(0, 255));
      // A second tap answers the first order again: its message is already there.
      return placed.replayed || (await orders.post(p, placed.order));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const refused = refusalText(p.lang, error);
      const again = error.code === 'DIET_CONFIRMATION_NEEDED' && key.startsWith('slack:usual:');
      const usual = again ? await orders.usualOf(p.user, p.lang) : null;
      if (!usual) return tell(p, refused);
      // The confirmation again, with what the drink contains now, before a new Order button.
      const ask = usualConfirmation(p.lang, usual, randomUUID());
      return api().post(p.slackUserId, { text: refused, blocks: [section(refused), ...ask.blocks] });
    }
  }

  /** The usual with its tumbler photo, or why it cannot be ordered now (none yet, no recent photo). */
  async function usualOrWhy(p: Person) {
    const usual = await orders.usualOf(p.user, p.lang);
    if (!usual) return words(p.lang, 'people.chat.usual.none');
    return usual.tumbler ? { ...usual, tumbler: usual.tumbler } : words(p.lang, 'people.chat.usual.noTumbler');
  }

  /** The order modal on the item `pick` names (else the first listed, saying why not that one), opened or updated. */
  async function openOrderModal(p: Person, to: { trigger?: string; view?: string }, pick: (e: MenuEntry) => boolean) {
    const site = await ports.siteOf(p.user);
    const [entries, slots, tumbler, avoids] = await Promise.all([
      ports.ordering.menuFor(p.user, 'cafe', site.id),
      ports.slots(site.id),
      ports.orders.recentTumblerOf(p.user.id),
      ports.users.avoidsOf(p.user.id),
    ]);
    const listed = listedOf(entries, slots);
    const wanted = entries.find(pick);
    const entry = wanted && listed.includes(wanted) ? wanted : listed[0];
    // Why the item named (or, with nothing to list, the first) cannot be ordered.
    const unlisted = wanted && wanted !== entry ? wanted : entry ? undefined : entries[0];
    const why = unlisted && (unlisted.later ?? unlisted.now);
    const note = why ? say(p.lang, why.text) : null;
    if (!entry) return to.trigger && tell(p, note ?? words(p.lang, 'people.chat.modal.noItems'));
    const state: ModalState = { siteId: site.id, menuId: entry.item.id, tumblerImage: tumbler ?? '', ask: !!avoids[0] };
    const view = orderModal(p.lang, { listed, entry, slots, state, note });
    return to.view ? api().updateView(to.view, view) : api().openView(to.trigger ?? '', view);
  }

  /** The order modal submitted: placed through the door once per modal (its view id is the key), or the errors on it. */
  async function submit(p: Person, view: NonNullable<SlackInteraction['view']>) {
    let state: ModalState;
    try {
      state = JSON.parse(view.private_metadata ?? '') as ModalState;
    } catch {
      return errors('item', words(p.lang, 'people.chat.modal.openAgain'));
    }
    if (!state.tumblerImage) return errors('item', words(p.lang, 'people.chat.modal.noTumbler'));
    const read = readSubmission(p.lang, view.state?.values ?? {}, state);
    if ('errors' in read) return { response_action: 'errors', errors: read.errors };
    try {
      const placed = await ports.ordering.place(
        p.user,
        read.body,
        'slack',
        `slack:view:${view.id ?? ''}`.slice(0, 255),
      );
      if (!placed.replayed) later('chat.postMessage', () => orders.post(p, placed.order));
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const diet = error.code === 'DIET_CONFIRMATION_NEEDED' && state.ask;
      return errors(
        diet ? 'diet' : /^people\.refusal\.slot/.test(error.text?.id ?? '') ? 'when' : 'item',
        refusalText(p.lang, error),
      );
    }
    return { response_action: 'clear' };
  }

  /** A button of a message or of App Home, after the answer. */
  async function act(p: Person, payload: SlackInteraction): Promise<unknown> {
    const action = payload.actions?.[0];
    const value = action?.value ?? '';
    const id = idOf(value);
    const stale = () => tell(p, words(p.lang, 'people.chat.refused.stale'));
    switch (action?.action_id) {
      case ACTIONS.orderUsual: {
        const usual = await usualOrWhy(p);
        if (typeof usual === 'string') return tell(p, usual);
        const body = { ...usual.drink, tumblerImage: usual.tumbler, dietConfirmed: confirmed(usual.conflicts, value) };
        return place(p, body, `slack:usual:${value.split('|')[0]}`);
      }
      case ACTIONS.changeUsual: {
        const drink = await ports.ordering.usual.usualOf(p.user.id);
        return openOrderModal(p, { trigger: payload.trigger_id ?? '' }, (e) => e.item.id === drink?.menu_id);
      }
      case ACTIONS.again: {
        // `<order>:<nonce of the Home>|<what it showed>`.
        const [orderId = '', nonce = ''] = (value.split('|')[0] ?? '').split(':');
        const pastId = idOf(orderId);
        const past = pastId === null ? null : await orTell(p, () => ports.orders.get(p.user, pastId));
        if (!past) return pastId === null && stale();
        const drink = drinkOfOrder(past);
        const [tumbler, now] = await Promise.all([
          ports.orders.recentTumblerOf(p.user.id),
          orders.conflictsOf(p.user, drink, past.site.id),
        ]);
        const body = { ...drink, tumblerImage: tumbler ?? past.tumblerImage, siteId: past.site.id };
        return place(p, { ...body, dietConfirmed: confirmed(now, value) }, `slack:again:${pastId}:${nonce}`);
      }
      case ACTIONS.cancel:
      case ACTIONS.pickUp: {
        const status = action.action_id === ACTIONS.cancel ? 'cancel' : 'picked';
        return id === null ? stale() : orTell(p, () => ports.orders.ownerUpdate(p.user, id, { status }));
      }
      case ACTIONS.standingNew:
        return standing.open(payload.trigger_id ?? '', p);
      case ACTIONS.standingSkip:
      case ACTIONS.standingPause:
      case ACTIONS.standingResume: {
        if (id === null) return stale();
        const moved = await orTell(p, () => standing.move(action.action_id ?? '', id, p.user));
        return moved && orders.publishHome(p.slackUserId, p.user.id);
      }
      case ACTIONS.modalItem: {
        const menuId = idOf(action.selected_option?.value);
        return openOrderModal(p, { view: payload.view?.id ?? '' }, (e) => e.item.id === menuId);
      }
      default:
        return undefined;
    }
  }

  const service = {
    /** Whether the app is configured: its routes answer 404 otherwise. */
    enabled: config !== null,
    linking,

    /**
     * Every Slack request: Slack's v0 signature with the signing secret, at most five minutes old,
     * never seen before by any server process, from the one workspace. Anything else is 401 and
     * nothing is done.
     */
    async verify(request: {
      timestamp: string | undefined;
      signature: string | undefined;
      rawBody: string;
      teamId: string | undefined;
    }): Promise<void> {
      if (!config) throw unauthenticated('The Slack app is not configured.');
      const now = clock.now();
      const problem = signatureProblem(config.signingSecret, request, request.rawBody, now);
      if (problem) throw unauthenticated(`Slack request refused: ${problem}.`);
      if (request.teamId !== undefined && request.teamId !== (await api().teamId())) {
        throw unauthenticated('Slack request refused: it comes from another workspace.');
      }
      // Seen signatures are kept twice the window (clocks may differ by the window either way).
      await forgetSignaturesBefore(db, iso(new Date(now.getTime() - 2 * SLACK_REQUEST_WINDOW_MS)));
      if (!(await noteSignature(db, request.signature ?? '', iso(now)))) {
        throw unauthenticated('Slack request refused: it was seen before (a replay).');
      }
    },

    /** POST /slack/commands: `/coffee` (the usual, after one confirmation) or `/coffee <words>` (the modal). */
    async command(form: SlackCommand): Promise<Record<string, unknown> | null> {
      const p = await personOf(form.user_id ?? '');
      if ('refused' in p) return { response_type: 'ephemeral', ...notice(p.refused) };
      const asked = (form.text ?? '').trim().slice(0, 200);
      if (asked) {
        const named = entryForWords(asked);
        later('views.open', () => openOrderModal(p, { trigger: form.trigger_id ?? '' }, named));
        return null;
      }
      const usual = await usualOrWhy(p).catch((error: unknown) => {
        if (error instanceof AppError) return refusalText(p.lang, error);
        throw error;
      });
      const answer = typeof usual === 'string' ? notice(usual) : usualConfirmation(p.lang, usual, randomUUID());
      return { response_type: 'ephemeral', ...answer };
    },

    /** POST /slack/interactions: a button, the modal's item changing, or a modal submitted. */
    async interaction(payload: SlackInteraction): Promise<Record<string, unknown> | null> {
      const p = await personOf(payload.user?.id ?? '');
      const submitted = payload.type === 'view_submission' ? payload.view : undefined;
      if ('refused' in p) {
        if (submitted) return errors('item', p.refused);
        later('chat.postMessage', () => api().post(payload.user?.id ?? '', notice(p.refused)));
        return null;
      }
      if (submitted?.callback_id === ORDER_VIEW) return submit(p, submitted);
      if (submitted?.callback_id === STANDING_VIEW) {
        const answer = await standing.submit(p, submitted);
        if (answer.response_action === 'clear') orders.publishHome(p.slackUserId, p.user.id);
        return answer;
      }
      later(payload.actions?.[0]?.action_id ?? 'interaction', () => orTell(p, () => act(p, payload)));
      return null;
    },

    /** POST /slack/events: the URL check, and App Home opened. */
    async event(body: SlackEventBody): Promise<Record<string, unknown>> {
      if (body.type === 'url_verification') return { challenge: body.challenge ?? '' };
      const { event } = body;
      if (body.type === 'event_callback' && event?.type === 'app_home_opened' && event.tab !== 'messages') {
        later('views.publish', async () => {
          const p = await personOf(event.user ?? '');
          if (!('refused' in p)) orders.publishHome(p.slackUserId, p.user.id);
        });
      }
      return {};
    },

    /** Resolves when the work after the answers and the Web API calls started so far are done (tests; shutdown). */
    async settled(): Promise<void> {
      do {
        await Promise.all([...pending]);
        await client?.idle();
      } while (pending.size > 0);
    },
  };

  // The order's message follows the order's own moves (not the queue's: its place is said when placed).
  if (config) ctx.domainEvents.on('order.moved', ({ orderId }) => later('chat.update', () => orders.follow(orderId)));
  // An account deleted: its Slack link and order messages end with it.
  ctx.domainEvents.on('user.changed', async ({ userId, changes }) => {
    if (changes.some((c) => c.action === 'user.delete')) await deleteLinksOfUser(db, userId);
  });

  return service;
}

export type SlackService = ReturnType<typeof createSlackService>;
