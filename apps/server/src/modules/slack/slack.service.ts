import { randomUUID } from 'node:crypto';
import { isTimeRefusal, peopleText, type MenuEntry, type QueuedOrder, type StandingOrderPatchBody } from '@cafe/shared';
import type { WebClient } from '@slack/web-api';
import type { AppBase } from '../../context';
import { SLACK_ANSWER_WAIT_MS, withinDeadline } from '../../lib/deadline';
import { AppError, badRequest } from '../../lib/errors';
import type { SlackMethod } from '../../lib/slack-client';
import type { Speaker } from '../chat/conversation';
import { ACTIONS, ORDER_VIEW, STANDING_VIEW, homeView, notice } from './slack.blocks';
import { runsMessage, section, slackText, usualConfirmation } from './slack.blocks';
import type { Block } from './slack.blocks';
import { answersOf, entryForWords, orderModal, readStanding, standingModal } from './slack.modals';
import type { ViewValues } from './slack.modals';
import type { SlackPorts } from './slack.ports';
import { createSlackVerify } from './slack.verify';
import { chatSetting } from '../chat/chat.service';
import type { ChatChannelInfo } from '../chat/chat.ports';
import { workAfter } from '../chat/adapter-kit';
import { createOrderMessages } from './slack.order-messages';

/** What the app reads of a slash command, an interaction and an Events API request. */
export type SlackCommand = { team_id?: string; user_id?: string; text?: string; trigger_id?: string };
export interface SlackInteraction {
  type?: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string };
  trigger_id?: string;
  /** Where to answer a tap on a message, not counted against Slack's rate tiers (decision 0121). */
  response_url?: string;
  actions?: { action_id?: string; value?: string; selected_option?: { value?: string } }[];
  /** The view the tap was on (`home`: App Home) or the modal submitted (`private_metadata`: HOME when opened from App Home). */
  view?: {
    id?: string;
    type?: string;
    callback_id?: string;
    private_metadata?: string;
    state?: { values?: ViewValues };
  };
}
export interface SlackEventBody {
  type?: string;
  team_id?: string;
  challenge?: string;
  event?: { type?: string; user?: string; tab?: string };
}
/** What an order modal opened from App Home carries, so that its order republishes the Home it came from. */
const HOME = 'home';
/** A Slack user id (U..., or W... in an Enterprise Grid). */
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,30}$/;
/** An id a button carries: a positive integer a database column holds (anything else never reaches it). */
const idOf = (value: string | undefined): number | null => (/^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : null);
/** A button's value: `<what>|<what it showed the drink contains that the person avoids>` ("nonce|milk,eggs"). */
const partsOf = (value: string) => ({ what: value.split('|')[0] ?? '', shown: value.split('|')[1] ?? '' });
const errors = (errors: Record<string, string>) => ({ response_action: 'errors', errors });
/** The owner's moves that the buttons of an order's message and of a standing order make. */
const ORDER_MOVES = new Map<string, 'cancel' | 'picked'>([
  [ACTIONS.cancel, 'cancel'],
  [ACTIONS.pickUp, 'picked'],
]);
const STANDING_MOVES = new Map<string, StandingOrderPatchBody>([
  [ACTIONS.standingSkip, { skipNext: true }],
  [ACTIONS.standingPause, { paused: true }],
  [ACTIONS.standingResume, { paused: false }],
]);

/** What the chat module knows of Slack (chat.ports.ts): its 404, its link words (with its markup), its settings. */
export const SLACK_INFO: ChatChannelInfo = {
  notFound: { name: 'The Slack app', text: peopleText('people.notFound.slackApp') },
  words: 'chat',
  configOf: (config) => config.slackApp,
  settings: (config) => [
    chatSetting('SLACK_SIGNING_SECRET', config.slackApp !== null),
    chatSetting('SLACK_BOT_TOKEN', config.notifications.slack !== null),
    chatSetting('SLACK_TEAM_ID', Boolean(config.slackApp?.teamId), false),
  ],
};

/**
 * The Slack app (docs/slack.md, decision 0071): transport only. Every request is verified and
 * answered at once, mapped to the ordering door (`menuFor`, `place`, the usual), the owners' moves
 * and the standing service, and answered in the person's words. The Web API calls follow in the
 * background (`settled` waits for them: tests, shutdown).
 */
export function createSlackService(ctx: AppBase, ports: SlackPorts) {
  const { conversation } = ports;
  const config = ctx.config.slackApp;
  const client = () => {
    // The app's configuration needs the bot token, which gives the server its one Slack client.
    if (!ports.client) throw new Error('The Slack app needs the Slack client of SLACK_BOT_TOKEN');
    return ports.client;
  };
  const { teamId, verify } = createSlackVerify(ctx, ports.chat, () => client().web);

  /**
   * A call through the server's one paced client. An order's message and an App Home are rendered
   * when their call runs (null: nothing to send), once however often they were asked for meanwhile
   * (`key`), so that Slack shows them as they are then.
   */
  function call(method: SlackMethod, args: Block | (() => Promise<Block | null>), options?: { key: string }) {
    const send = async (web: WebClient) => {
      const rendered = typeof args === 'function' ? await args() : args;
      return rendered && web.apiCall(method, rendered);
    };
    return client().call(method, send, options);
  }

  /** Work after the answer: Slack wants one within 3 s, the Web API calls need not be in it. */
  const { later, settled } = workAfter(ctx, 'a Slack call');
  const { post, answer, shown, follow } = createOrderMessages(ctx, ports, { client, call, later, publishHome });

  /**
   * What Slack says of someone not linked, asked only then: their confirmed e-mail (to link them by)
   * and their name. Through the one client's pace, without waiting out a 429: Slack wants its answer
   * within 3 s. Slack away or hanging: they are asked to link by hand rather than Slack timing out.
   */
  async function profileOf(slackUserId: string) {
    const info = ports.client?.call('users.info', (web) => web.users.info({ user: slackUserId }), { retry: false });
    const slack = (info && (await withinDeadline(info, SLACK_ANSWER_WAIT_MS)))?.user;
    const verifiedEmail = slack?.is_email_confirmed ? slack.profile?.email : null;
    return { name: slack?.real_name ?? slack?.name ?? slackUserId, verifiedEmail };
  }

  /** The linked person, or what they are told (Slack does not tell the cafe their language). */
  async function personOf(slackUserId: string): Promise<Speaker | { refused: string }> {
    if (!SLACK_USER_ID.test(slackUserId)) throw badRequest('user_id: must be a Slack user id');
    const who = { externalId: slackUserId, workspaceId: await teamId(), profile: () => profileOf(slackUserId) };
    return conversation.person('slack', who);
  }

  /** A sentence to the person (a refusal may name a drink or a site: text, never markup). */
  const tell = (p: Speaker, text: string) => post(p.externalId, notice(slackText(text)));

  function publishHome(slackUserId: string, userId: number): void {
    const render = async () => {
      const user = await ports.users.findActive(userId);
      if (!user) return null;
      const p = await conversation.speaker('slack', slackUserId, user);
      const queue = ports.orders.myQueueAnswer(user).then((answer) => JSON.parse(answer.json) as QueuedOrder[]);
      const [usual, standing, again, runs] = await Promise.all([
        conversation.usualOrNull(p),
        conversation.standing(p),
        conversation.again(p),
        conversation.runs(p),
      ]);
      const view = homeView(p.w, { usual, today: await queue, standing, again, runs, nonce: randomUUID() });
      return { user_id: slackUserId, view };
    };
    later('views.publish', () => call('views.publish', render, { key: slackUserId }));
  }

  /** The order modal on the item `pick` names, else on the first listed, saying why not that one; `fromHome`: opened on App Home. */
  async function openOrderModal(
    p: Speaker,
    to: { trigger_id: string } | { view_id: string },
    pick: (e: MenuEntry) => boolean,
    fromHome = false,
  ) {
    const form = await conversation.form(p, pick);
    const opening = 'trigger_id' in to;
    if ('none' in form) return opening && tell(p, form.none);
    const view = { ...orderModal(p.w, form), ...(fromHome ? { private_metadata: HOME } : {}) };
    return call(opening ? 'views.open' : 'views.update', { ...to, view });
  }

  /** A modal's answers saved, or what to fix: the door's refusal on the diet box, the time or the first block. */
  async function submit(
    p: Speaker,
    values: ViewValues,
    blocks: string[],
    save: () => Promise<Record<string, string> | void>,
  ) {
    try {
      const problems = await save();
      return problems ? errors(problems) : { response_action: 'clear' };
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const diet = error.code === 'DIET_CONFIRMATION_NEEDED' && values.diet;
      const block = diet ? 'diet' : (blocks[isTimeRefusal(error.text) ? 1 : 0] ?? '');
      return errors({ [block]: conversation.said(p, error) });
    }
  }

  /** A tap's response_url, when it was on a message (App Home's taps have none) and is Slack's. */
  const replyOf = (payload: SlackInteraction): string | undefined =>
    payload.view?.type !== 'home' && client().answers(payload.response_url) ? payload.response_url : undefined;

  async function act(p: Speaker, payload: SlackInteraction, reply: string | undefined): Promise<unknown> {
    const { action_id: action = '', value = '', selected_option } = payload.actions?.[0] ?? {};
    const id = idOf(value);
    const [orderMove, standingMove] = [ORDER_MOVES.get(action), STANDING_MOVES.get(action)];
    if ((orderMove || standingMove) && id === null) return tell(p, conversation.stale(p));
    if (orderMove) return conversation.move(p, id ?? 0, orderMove);
    if (standingMove) {
      await ports.standing.update(p.user, id ?? 0, standingMove);
      return publishHome(p.externalId, p.user.id);
    }
    const trigger_id = payload.trigger_id ?? '';
    const { what, shown: avoids } = partsOf(value);
    const fromHome = payload.view?.type === 'home';
    switch (action) {
      case ACTIONS.orderUsual: {
        const placed = await conversation.orderUsual(p, what, avoids);
        if (!('again' in placed)) return shown(p, placed, fromHome, reply);
        // The confirmation again, with what the drink contains now, under the refusal.
        const refused = slackText(placed.said);
        const ask = usualConfirmation(p.w, placed.again, placed.again.nonce);
        return answer(p, reply, { text: refused, blocks: [section(refused), ...ask.blocks] });
      }
      case ACTIONS.changeUsual: {
        const usual = await conversation.usualOrNull(p);
        return openOrderModal(p, { trigger_id }, (e) => e.item.id === usual?.drink.menu_id, fromHome);
      }
      case ACTIONS.again: {
        // `<order>:<nonce of the Home>|<what it showed>`.
        const [orderId, nonce = ''] = what.split(':');
        const pastId = idOf(orderId);
        if (pastId === null) return tell(p, conversation.stale(p));
        return shown(p, await conversation.orderAgain(p, pastId, nonce, avoids), fromHome, reply);
      }
      case ACTIONS.standingNew: {
        const site = await ports.siteOf(p.user);
        const [usual, times] = await Promise.all([conversation.usualOrNull(p), ports.standingTimes(site.id)]);
        return call('views.open', { trigger_id, view: standingModal(p.w, site.name, usual, times) });
      }
      case ACTIONS.modalItem: {
        const menuId = idOf(selected_option?.value);
        const home = payload.view?.private_metadata === HOME;
        return openOrderModal(p, { view_id: payload.view?.id ?? '' }, (e) => e.item.id === menuId, home);
      }
    }
  }

  // The order's message follows the order's own moves (not the queue's: its place is said when placed).
  if (config) ctx.domainEvents.on('order.moved', ({ orderId }) => later('chat.update', () => follow(orderId)));

  return {
    enabled: config !== null,
    verify,

    /**
     * `/coffee`: the usual, after one confirmation; `/coffee runs`: the open coffee runs; `/coffee
     * <words>`: the order modal.
     */
    async command(form: SlackCommand): Promise<Block | null> {
      const p = await personOf(form.user_id ?? '');
      if ('refused' in p) return { response_type: 'ephemeral', ...notice(p.refused) };
      const words = (form.text ?? '').trim().slice(0, 200);
      // `/coffee` names the drink step already: its words are "runs", "usual" or a drink's.
      const asked = words ? conversation.asked(words) : { step: 'usual' as const };
      try {
        if (asked.step === 'runs') return { response_type: 'ephemeral', ...runsMessage(await conversation.runs(p)) };
        if (asked.step === 'usual') {
          const usual = await conversation.usual(p);
          return { response_type: 'ephemeral', ...usualConfirmation(p.w, usual, usual.nonce) };
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { response_type: 'ephemeral', ...notice(slackText(conversation.said(p, error))) };
      }
      const pick = entryForWords(asked.step === 'menu' ? asked.words : words);
      later('views.open', () => openOrderModal(p, { trigger_id: form.trigger_id ?? '' }, pick));
      return null;
    },

    async interaction(payload: SlackInteraction): Promise<Block | null> {
      const p = await personOf(payload.user?.id ?? '');
      const view = payload.type === 'view_submission' ? payload.view : undefined;
      if ('refused' in p) {
        if (view) return errors({ item: p.refused });
        later('chat.postMessage', () => post(payload.user?.id ?? '', notice(p.refused)));
        return null;
      }
      // Once per modal: its view id is in the key. Its site and tumbler photo are the person's now.
      const values = view?.state?.values ?? {};
      if (view?.callback_id === ORDER_VIEW) {
        return submit(p, values, ['item', 'when'], async () => {
          const placed = await conversation.orderFrom(p, answersOf(values), `view:${view.id ?? ''}`);
          if ('fix' in placed) return { [placed.field]: placed.fix };
          shown(p, placed, view.private_metadata === HOME);
        });
      }
      if (view?.callback_id === STANDING_VIEW) {
        return submit(p, values, ['weekdays', 'time'], async () => {
          const read = readStanding(p.w, values, (await ports.siteOf(p.user)).id);
          if ('errors' in read) return read.errors;
          await ports.standing.create(p.user, read.body, `slack:standing:${view.id ?? ''}`.slice(0, 255));
          publishHome(p.externalId, p.user.id);
        });
      }
      const reply = replyOf(payload);
      const action = payload.actions?.[0]?.action_id ?? 'interaction';
      // A refusal of an order is said in place of the offer tapped; of anything else, in the DMs.
      const inPlace = action === ACTIONS.orderUsual || action === ACTIONS.again ? reply : undefined;
      later(action, () =>
        act(p, payload, reply).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          return answer(p, inPlace, notice(slackText(conversation.said(p, error))));
        }),
      );
      return null;
    },

    async event(body: SlackEventBody): Promise<Block> {
      if (body.type === 'url_verification') return { challenge: body.challenge ?? '' };
      const { event } = body;
      if (body.type === 'event_callback' && event?.type === 'app_home_opened' && event.tab !== 'messages') {
        later('views.publish', async () => {
          const p = await personOf(event.user ?? '');
          if (!('refused' in p)) publishHome(p.externalId, p.user.id);
        });
      }
      return {};
    },

    /** The work after the answers and the Web API calls started so far, done (tests; shutdown). */
    settled: () => settled(async () => ports.client?.idle()),
  };
}

export type SlackService = ReturnType<typeof createSlackService>;
