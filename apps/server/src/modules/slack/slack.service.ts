import { randomUUID } from 'node:crypto';
import type { Order } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import { AppError, badRequest, unauthenticated } from '../../lib/errors';
import { iso } from '../../lib/time';
import { createSlackApi, type SlackApi } from './slack.api';
import { ACTIONS, ORDER_VIEW, STANDING_VIEW, notice, usualConfirmation } from './slack.blocks';
import { conflictSentence, drinkConflicts, findItem } from './slack.diet';
import { createSlackLinking, type SlackActor } from './slack.linking';
import { dietTicked, itemForWords, orderModal, orderableItems, readSubmission, type ModalState } from './slack.modal';
import { bodyOf, createSlackOrders, type UsualDrink } from './slack.orders';
import type { SlackPorts } from './slack.ports';
import { deleteLinksOfUser, forgetSignaturesBefore, noteSignature } from './slack.repository';
import { createSlackStandingActions } from './slack.standing-actions';
import { refusalText, textsOf, type Lang } from './slack.texts';
import { SLACK_REQUEST_WINDOW_MS, signatureProblem } from './slack.verify';

/** A slash command's form fields (application/x-www-form-urlencoded). */
export interface SlackCommand {
  team_id?: string;
  user_id?: string;
  command?: string;
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
  view?: {
    id?: string;
    callback_id?: string;
    private_metadata?: string;
    state?: { values?: Record<string, Record<string, never>> };
  };
}

/** What an Events API request carries. */
export interface SlackEventBody {
  type?: string;
  team_id?: string;
  challenge?: string;
  event?: { type?: string; user?: string; tab?: string };
}

/** A Slack request's signature headers. */
export interface SlackSignedRequest {
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  /** The workspace the body names (none for url_verification). */
  teamId: string | undefined;
}

/** A Slack user id (U..., or W... in an Enterprise Grid). */
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,30}$/;

/** Seen signatures are kept twice the window (clocks may differ by the window either way). */
const SEEN_KEPT_MS = 2 * SLACK_REQUEST_WINDOW_MS;

/**
 * The Slack app (docs/slack.md, decision 0039): every request verified (signature, age, replay,
 * workspace), answered at once; the Web API calls follow in the background (`settled` waits for
 * them: tests, shutdown). Orders go through the same placement as the web's POST /order.
 */
export function createSlackService(ctx: AppBase, ports: SlackPorts) {
  const { db, clock, log } = ctx;
  const config = ctx.config.slackApp;
  let client: SlackApi | undefined;
  const api = (): SlackApi => (client ??= createSlackApi(config as NonNullable<typeof config>));
  const linking = createSlackLinking(ctx, ports, api);
  const orders = createSlackOrders(ctx, ports, api, linking);
  const standing = createSlackStandingActions(ports, api, orders);
  const pending = new Set<Promise<void>>();

  /** Work after the answer: Slack wants one within 3 s, the Web API calls need not be in it. */
  function later(what: string, work: () => Promise<void>): void {
    const run = work()
      .catch((error: unknown) => log.warn({ err: error, what }, 'a Slack call after the answer failed'))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  /** The person's language; English for someone not linked (Slack does not tell the cafe theirs). */
  const langOf = (user: AuthUser): Promise<Lang> => ports.language(user);

  /** The words for someone who cannot act: the link to open, or that their account is gone. */
  function refusalFor(actor: Exclude<SlackActor, { kind: 'linked' }>): string {
    const t = textsOf('en');
    if (actor.kind === 'gone') return t.accountGone;
    return actor.kind === 'revoked' ? t.revoked(actor.linkUrl) : t.notLinked(actor.linkUrl);
  }

  async function tell(slackUserId: string, text: string): Promise<void> {
    const message = notice(text);
    await api().post(slackUserId, message.text, message.blocks);
  }

  /** Places an order through the one placement decision; a refusal is told in the person's language. */
  async function placeAndTell(
    slackUserId: string,
    user: AuthUser,
    lang: Lang,
    body: Parameters<SlackPorts['orders']['place']>[1],
    key: string,
  ): Promise<void> {
    let placed: { order: Order; replayed: boolean };
    try {
      placed = await ports.orders.place(user, body, key);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await tell(slackUserId, refusalText(lang, error.code, error.message));
      return;
    }
    // A second tap answers the first order again: its message is already there.
    if (!placed.replayed) await orders.post(slackUserId, user, placed.order, lang);
  }

  async function openOrderModal(
    triggerOrView: { triggerId?: string; viewId?: string },
    user: AuthUser,
    lang: Lang,
    pick: (items: ReturnType<typeof orderableItems>) => ReturnType<typeof orderableItems>[number] | undefined,
  ): Promise<void> {
    const site = await ports.siteOf(user);
    const [categories, slots, tumbler, avoids] = await Promise.all([
      ports.cafeMenu(site.id),
      ports.slots(site.id),
      orders.recentTumbler(user),
      ports.avoids(user.id),
    ]);
    const items = orderableItems(categories);
    const item = pick(items);
    if (!item) return triggerOrView.triggerId ? tell(await slackUserOf(user), textsOf(lang).noItems) : undefined;
    const state: ModalState = {
      siteId: site.id,
      menuId: item.id,
      tumblerImage: tumbler ?? '-',
      ask: avoids.length > 0,
    };
    const view = orderModal(lang, { items, item, slots, state, avoids });
    if (triggerOrView.viewId) await api().updateView(triggerOrView.viewId, view);
    else if (triggerOrView.triggerId) await api().openView(triggerOrView.triggerId, view);
  }

  /** Why the usual cannot be ordered now: none yet, or no recent tumbler photo (null: it can). */
  function usualProblem(usual: UsualDrink | null, lang: Lang): string | null {
    if (!usual) return textsOf(lang).noUsual;
    return usual.tumbler ? null : textsOf(lang).noTumbler;
  }

  async function slackUserOf(user: AuthUser): Promise<string> {
    return (await linking.slackUserOf(user.id)) ?? '';
  }

  /** The person behind a request, or the answer for someone who cannot act. */
  async function actorOf(slackUserId: string): Promise<SlackActor> {
    if (!SLACK_USER_ID.test(slackUserId)) throw badRequest('user_id: must be a Slack user id');
    return linking.actor(await api().teamId(), slackUserId);
  }

  /** The modal submitted: checked with the shared schema, placed once per modal (its view id is the key). */
  async function submit(
    slackUserId: string,
    user: AuthUser,
    lang: Lang,
    view: NonNullable<SlackInteraction['view']>,
  ): Promise<Record<string, unknown> | null> {
    let state: ModalState;
    try {
      state = JSON.parse(view.private_metadata ?? '') as ModalState;
    } catch {
      return { response_action: 'errors', errors: { item: 'Open the form again: /coffee' } };
    }
    const values = view.state?.values ?? {};
    const read = readSubmission(values, state);
    if ('errors' in read) return { response_action: 'errors', errors: read.errors };
    // What the chosen drink contains that the person avoids: placed only once they tick the box.
    const [categories, avoids] = await Promise.all([ports.cafeMenu(state.siteId), ports.avoids(user.id)]);
    const item = findItem(categories, read.body.menu_id);
    const conflicts = drinkConflicts(
      avoids,
      item,
      (read.body.options ?? []).map((o) => o.choiceId),
    );
    if (conflicts.length > 0 && !dietTicked(values)) {
      const ask = textsOf(lang).dietTick(conflictSentence(lang, conflicts));
      return { response_action: 'errors', errors: { [state.ask ? 'diet' : 'item']: ask } };
    }
    let placed: { order: Order; replayed: boolean };
    try {
      placed = await ports.orders.place(user, read.body, `slack:view:${view.id ?? ''}`.slice(0, 255));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { response_action: 'errors', errors: { item: refusalText(lang, error.code, error.message) } };
    }
    if (!placed.replayed) later('chat.postMessage', () => orders.post(slackUserId, user, placed.order, lang));
    return { response_action: 'clear' };
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
    async verify(request: SlackSignedRequest): Promise<void> {
      if (!config) throw unauthenticated('The Slack app is not configured.');
      const now = clock.now();
      const problem = signatureProblem(config.signingSecret, request, request.rawBody, now);
      if (problem) throw unauthenticated(`Slack request refused: ${problem}.`);
      if (request.teamId !== undefined && request.teamId !== (await api().teamId())) {
        throw unauthenticated('Slack request refused: it comes from another workspace.');
      }
      await forgetSignaturesBefore(db, iso(new Date(now.getTime() - SEEN_KEPT_MS)));
      if (!(await noteSignature(db, request.signature ?? '', iso(now)))) {
        throw unauthenticated('Slack request refused: it was seen before (a replay).');
      }
    },

    /** POST /slack/commands: `/coffee` (the usual, after one confirmation) or `/coffee <words>` (the modal). */
    async command(form: SlackCommand): Promise<Record<string, unknown> | null> {
      const slackUserId = form.user_id ?? '';
      const actor = await actorOf(slackUserId);
      if (actor.kind !== 'linked') return { response_type: 'ephemeral', ...notice(refusalFor(actor)) };
      const { user } = actor;
      const lang = await langOf(user);
      const words = (form.text ?? '').trim().slice(0, 200);
      if (words) {
        const triggerId = form.trigger_id ?? '';
        later('views.open', () => openOrderModal({ triggerId }, user, lang, (items) => itemForWords(items, words)));
        return null;
      }
      const [usual, site] = await Promise.all([orders.usualOf(user), ports.siteOf(user)]);
      const cannot = usualProblem(usual, lang);
      if (cannot || !usual) return { response_type: 'ephemeral', ...notice(cannot ?? textsOf(lang).noUsual) };
      const warning = conflictSentence(lang, usual.conflicts);
      return { response_type: 'ephemeral', ...usualConfirmation(lang, usual.line, site.name, randomUUID(), warning) };
    },

    /** POST /slack/interactions: a button, the modal's item changing, or the modal submitted. */
    async interaction(payload: SlackInteraction): Promise<Record<string, unknown> | null> {
      const slackUserId = payload.user?.id ?? '';
      const actor = await actorOf(slackUserId);
      if (actor.kind !== 'linked') {
        const text = refusalFor(actor);
        if (payload.type === 'view_submission') return { response_action: 'errors', errors: { item: text } };
        later('chat.postMessage', () => tell(slackUserId, text));
        return null;
      }
      const { user } = actor;
      const lang = await langOf(user);
      if (payload.type === 'view_submission' && payload.view?.callback_id === ORDER_VIEW) {
        return submit(slackUserId, user, lang, payload.view);
      }
      if (payload.type === 'view_submission' && payload.view?.callback_id === STANDING_VIEW) {
        const answer = await standing.submit(user, lang, payload.view);
        if (answer.response_action === 'clear')
          later('views.publish', () => orders.publishHome(slackUserId, user, lang));
        return answer;
      }
      const action = payload.actions?.[0];
      const value = action?.value ?? '';
      switch (action?.action_id) {
        case ACTIONS.orderUsual:
          later('order the usual', async () => {
            const usual = await orders.usualOf(user);
            const cannot = usualProblem(usual, lang);
            if (cannot || !usual) return tell(slackUserId, cannot ?? textsOf(lang).noUsual);
            return placeAndTell(slackUserId, user, lang, usual.body, `slack:usual:${value}`.slice(0, 255));
          });
          break;
        case ACTIONS.changeUsual:
          later('views.open', async () => {
            const usual = await orders.usualOf(user);
            await openOrderModal(
              { triggerId: payload.trigger_id ?? '' },
              user,
              lang,
              (items) => items.find((m) => m.id === usual?.body.menu_id) ?? items[0],
            );
          });
          break;
        case ACTIONS.again:
          later('order again', async () => {
            const [orderId] = value.split(':');
            const past = await ports.orders.get(user, Number(orderId));
            const tumbler = (await orders.recentTumbler(user)) ?? past.tumblerImage;
            await placeAndTell(
              slackUserId,
              user,
              lang,
              bodyOf(past, tumbler, past.site.id),
              `slack:again:${value}`.slice(0, 255),
            );
          });
          break;
        case ACTIONS.cancel:
        case ACTIONS.pickUp:
          later('owner move', async () => {
            const status = action.action_id === ACTIONS.cancel ? 'cancel' : 'picked';
            try {
              await ports.orders.ownerUpdate(user, Number(value), { status });
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              await tell(slackUserId, refusalText(lang, error.code, error.message));
            }
          });
          break;
        case ACTIONS.standingNew:
          later('views.open', () => standing.open(payload.trigger_id ?? '', user, lang));
          break;
        case ACTIONS.standingSkip:
        case ACTIONS.standingPause:
        case ACTIONS.standingResume:
          later('standing order', async () => {
            try {
              await standing.move(action.action_id ?? '', Number(value), user);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              await tell(slackUserId, refusalText(lang, error.code, error.message));
            }
            await orders.publishHome(slackUserId, user, lang);
          });
          break;
        case ACTIONS.modalItem: {
          const menuId = Number(action.selected_option?.value);
          const viewId = payload.view?.id ?? '';
          later('views.update', () =>
            openOrderModal({ viewId }, user, lang, (items) => items.find((m) => m.id === menuId)),
          );
          break;
        }
        default:
          break;
      }
      return null;
    },

    /** POST /slack/events: the URL check, and App Home opened. */
    async event(body: SlackEventBody): Promise<Record<string, unknown>> {
      if (body.type === 'url_verification') return { challenge: body.challenge ?? '' };
      const event = body.event;
      if (body.type === 'event_callback' && event?.type === 'app_home_opened' && event.tab !== 'messages') {
        const slackUserId = event.user ?? '';
        later('views.publish', async () => {
          const actor = await actorOf(slackUserId);
          if (actor.kind === 'linked') await orders.publishHome(slackUserId, actor.user, await langOf(actor.user));
        });
      }
      return {};
    },

    /** Resolves when the Web API calls started so far are done (tests; shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };

  if (config) {
    // The order's message follows the order: its moves, and its place as the queue moves.
    ctx.domainEvents.on('order.moved', ({ orderId }) => later('chat.update', () => orders.refresh(orderId)));
    ctx.domainEvents.on('orders.changed', ({ siteId }) => later('chat.update', () => orders.refreshSite(siteId)));
  }
  // An account deleted: its Slack link and order messages end with it.
  ctx.domainEvents.on('user.changed', async ({ userId, changes }) => {
    if (changes.some((c) => c.action === 'user.delete')) await deleteLinksOfUser(db, userId);
  });

  return service;
}

export type SlackService = ReturnType<typeof createSlackService>;
