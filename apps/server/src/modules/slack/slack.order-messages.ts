import type { WebClient } from '@slack/web-api';
import type { AppBase } from '../../context';
import type { SlackClient, SlackMethod } from '../../lib/slack-client';
import { ACTIVE_ORDER_STATUSES, type OrderStatus } from '@cafe/shared';
import type { Shown, Speaker } from '../chat/conversation';
import { orderMessage, type Block, type SlackMessage } from './slack.blocks';
import type { SlackPorts } from './slack.ports';

/**
 * Where an order's Slack message is (the chat module keeps it): in the person's DM with the app
 * (its channel and ts, updated by chat.update), or in place of the message its Order was tapped on
 * (`reply`: that tap's response_url; `uses` of it so far, `until` when Slack stops taking it, `to`
 * the person's Slack id, where it goes on from there; decision 0121).
 */
type InDm = { channel: string; ts: string };
type InReply = { reply: string; uses: number; until: number; to: string };
type MessageAt = InDm | InReply;
/** Slack takes up to five answers through one response_url, within 30 minutes of the tap. */
const REPLY_USES = 5;
const REPLY_FOR_MS = 30 * 60_000;
/** The last answer is kept for an order's end; before it, with time short, the message goes to the DMs. */
const REPLY_MARGIN_MS = 60_000;
const goesOn = (status: OrderStatus) => (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
const inReply = (at: MessageAt): at is InReply => 'reply' in at;

/** How the order messages call Slack and run after the answer (the service's). */
export interface OrderMessageIo {
  client: () => SlackClient;
  /** A paced Web API call, rendered when it runs, once per `key` while queued. */
  call: (method: SlackMethod, args: () => Promise<Block | null>, options: { key: string }) => Promise<unknown>;
  later: (step: string, work: () => Promise<unknown>) => void;
  /** App Home published again (an order placed on it). */
  publishHome: (slackUserId: string, userId: number) => void;
}

/**
 * An order's message in Slack (docs/slack.md, "Messages in step"): sent when the order is placed,
 * in place of the tap that placed it or in the DMs, and following the order's moves there
 * (decisions 0071, 0116, 0121). Messages to the person's DMs go through here too.
 */
export function createOrderMessages(ctx: AppBase, ports: SlackPorts, io: OrderMessageIo) {
  const { client, call, later, publishHome } = io;
  const { conversation } = ports;

  /** A message to the person's DM with the app; its channel and ts, to update it. */
  async function post(slackUserId: string, message: SlackMessage): Promise<{ channel: string; ts: string }> {
    const post = (web: WebClient) =>
      web.chat.postMessage({ channel: slackUserId, ...message, blocks: message.blocks as never });
    const { channel, ts } = await client().call('chat.postMessage', post, { lane: slackUserId });
    if (typeof channel !== 'string' || typeof ts !== 'string') throw new Error('chat.postMessage: no channel or ts');
    return { channel, ts };
  }

  /**
   * Said to the person about a tap: in place of the message tapped (its `reply`, a response_url:
   * its first use), else in their DMs. Where it is now, for an order's message to follow.
   */
  async function answer(p: Speaker, reply: string | undefined, message: SlackMessage): Promise<MessageAt> {
    if (reply !== undefined && (await client().respond(reply, { replace_original: true, ...message })))
      return { reply, uses: 1, until: ctx.clock.now().getTime() + REPLY_FOR_MS, to: p.externalId };
    return post(p.externalId, message);
  }

  /**
   * A placed order's message, sent after the answer (a second tap's order has its message
   * already): in place of the message its Order was tapped on when the tap came with a
   * response_url (`reply`: free of Slack's rate tiers, decision 0121), else posted to the DMs. App
   * Home is republished too when the order was placed on it (`fromHome`): the person is looking at
   * it. Otherwise App Home is published when it is opened (decision 0116).
   */
  function shown(p: Speaker, placed: Shown, fromHome = false, reply?: string): void {
    if (!placed.replayed) later('chat.postMessage', () => postOrder(p, placed, fromHome, reply));
  }

  async function postOrder(p: Speaker, { order, place, timeZone }: Shown, fromHome: boolean, reply?: string) {
    const at = await answer(p, reply, orderMessage(p.w, order, place, timeZone));
    // A move while it was being sent found no message to follow.
    if (await conversation.shown(p, order, at)) await follow(order.id);
    if (fromHome) publishHome(p.externalId, p.user.id);
  }

  /** An order's message follows its move: in place of its tap (one call at a time an order), or by chat.update. */
  async function follow(orderId: number): Promise<void> {
    const first = await ports.chat.messageOf<MessageAt>(orderId);
    if (first?.channel !== 'slack') return;
    if (inReply(first.reference)) return followReply(orderId);
    const render = async () => {
      const now = await conversation.following<MessageAt>('slack', orderId);
      if (!now || inReply(now.reference)) return null;
      return { ...now.reference, ...orderMessage(now.w, now.order, null, now.timeZone) };
    };
    later('chat.update', () => call('chat.update', render, { key: `order:${orderId}` }));
  }

  /** The orders whose reply is being sent, and whether they moved again meanwhile (sent once more, as they are then). */
  const replying = new Map<number, { again: boolean }>();
  function followReply(orderId: number): void {
    const sending = replying.get(orderId);
    if (sending) {
      sending.again = true;
      return;
    }
    const state = { again: false };
    replying.set(orderId, state);
    later('response_url', async () => {
      try {
        do {
          state.again = false;
          await reply(orderId);
        } while (state.again);
      } finally {
        replying.delete(orderId);
      }
    });
  }

  /**
   * The order as it is now, said through its reply's response_url: one use of five, claimed in the
   * chat module's row (two processes never spend the same one). The last use is kept for an order
   * that has ended; an order that goes on (or whose response_url is about to expire, or that Slack
   * refused) has its reply taken away and its message posted to the DMs, followed from there.
   */
  async function reply(orderId: number): Promise<void> {
    for (;;) {
      const now = await conversation.following<MessageAt>('slack', orderId);
      if (!now) return;
      const at = now.reference;
      if (!inReply(at)) return follow(orderId);
      const message = orderMessage(now.w, now.order, null, now.timeZone);
      let stored: string | null = now.stored;
      if (ctx.clock.now().getTime() < at.until - REPLY_MARGIN_MS && at.uses < REPLY_USES) {
        stored = await ports.chat.replaceMessage(orderId, now.stored, { ...at, uses: at.uses + 1 } satisfies InReply);
        if (stored === null) continue;
        // The last answer of an order that goes on takes the reply away: it goes on in the DMs.
        const last = at.uses + 1 >= REPLY_USES && goesOn(now.order.status);
        if (last) await client().respond(at.reply, { delete_original: true });
        else if (await client().respond(at.reply, { replace_original: true, ...message })) return;
      }
      const posted = await post(at.to, message);
      const moved = await ports.chat.replaceMessage(orderId, stored, posted satisfies InDm);
      // Moved while it was being posted: followed from the DMs now.
      if (moved !== null && (await ports.orders.get(now.owner, orderId)).status !== now.order.status)
        await follow(orderId);
      return;
    }
  }

  return { post, answer, shown, follow };
}
