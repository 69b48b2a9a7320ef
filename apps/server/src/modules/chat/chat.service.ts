import { createHash, randomBytes } from 'node:crypto';
import { CHAT_CHANNELS, peopleText, type ChatChannelStatus, type PeopleText } from '@cafe/shared';
import type { AppBase, AuthUser } from '../../context';
import type { ChatChannel } from '../../db/types';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { ChatPorts } from './chat.ports';
import * as repo from './chat.repository';

/** How long a one-time link works. */
export const CHAT_LINK_TTL_MS = 15 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A setting of a channel on the admins' page (ChatChannelInfo.settings): set or not, a secret unless said. */
export const chatSetting = (name: string, set: boolean, secret = true) => ({ name, set, secret });

/** What a platform says of the person: their name there, and their e-mail when the platform verified it. */
export interface ChatProfile {
  name: string;
  /** Only an address the platform verified (Entra ID's for Teams, a confirmed one for Slack); LINE has none. */
  verifiedEmail?: string | null;
}

/**
 * Who a chat platform says wrote: its id there (and its workspace, where the platform has one), and
 * its profile, or how to ask the platform for it (asked only when the account is not linked).
 */
export type ChatPerson = { externalId: string; workspaceId?: string | null } & (
  ChatProfile | { profile: () => Promise<ChatProfile> }
);

/**
 * What every chat shares (docs/decisions/0090-line-and-teams.md, 0106): who a platform's account is
 * (linking by the verified company e-mail, else a one-time link opened while signed in; a revoked
 * link stays revoked until a new one-time link), what was seen of its deliveries (replays and
 * redeliveries, across server processes), where an order's message is, and each channel's state
 * for the admins' settings page. It decides nothing about ordering: that is the door's.
 */
export function createChatService(ctx: AppBase, ports: ChatPorts) {
  const { db, clock, config } = ctx;
  const now = () => iso(clock.now());
  const configured = (channel: ChatChannel) => ports.channels[channel].configOf(config) !== null;
  const linkWords = (channel: ChatChannel, what: 'notLinked' | 'revoked' | 'accountGone') =>
    `people.${ports.channels[channel].words}.link.${what}` as const;

  async function usableToken(channel: ChatChannel, token: string) {
    const row = await repo.findUsableLinkToken(db, channel, sha256(token), now());
    if (!row) throw notFound('Chat link', peopleText('people.notFound.chatLink'));
    return row;
  }

  function requireConfigured(channel: ChatChannel): void {
    const { name, text } = ports.channels[channel].notFound;
    if (!configured(channel)) throw notFound(name, text);
  }

  return {
    configured,
    requireConfigured,

    /**
     * The person a platform's account acts as, linking them by their verified company e-mail when
     * the platform gives one; else what they are told, as catalogue words (the channel says them
     * in the language it knows): a one-time link to open while signed in, or that the account is gone.
     */
    async actor(channel: ChatChannel, who: ChatPerson): Promise<AuthUser | { refused: PeopleText }> {
      const link = await repo.findLink(db, channel, who.externalId);
      if (link?.revoked_at === null) {
        const user = await ports.users.findActive(link.user_id);
        return user ?? { refused: peopleText(linkWords(channel, 'accountGone')) };
      }
      const { name, verifiedEmail } = 'profile' in who ? await who.profile() : who;
      const email = !link ? verifiedEmail?.trim().toLowerCase() : undefined;
      const user = email?.endsWith(`@${config.companyEmailDomain}`) ? await ports.users.findActiveByEmail(email) : null;
      const display_name = name.slice(0, 200) || who.externalId;
      const workspace_id = who.workspaceId ?? null;
      if (user) {
        await repo.saveLink(db, {
          channel,
          external_id: who.externalId,
          user_id: user.id,
          display_name,
          linked_by: 'email',
          created_at: now(),
          workspace_id,
        });
        return user;
      }
      const token = randomBytes(32).toString('base64url');
      const expires_at = iso(new Date(clock.now().getTime() + CHAT_LINK_TTL_MS));
      const row = { token_hash: sha256(token), channel, external_id: who.externalId, display_name, workspace_id };
      await repo.saveLinkToken(db, { ...row, reference: null, expires_at }, now());
      const url = `${(config.publicUrl ?? '').replace(/\/+$/, '')}/${channel}/link/${token}`;
      return { refused: peopleText(linkWords(channel, link ? 'revoked' : 'notLinked'), { url }) };
    },

    async preview(channel: ChatChannel, token: string): Promise<{ name: string }> {
      requireConfigured(channel);
      return { name: (await usableToken(channel, token)).display_name };
    },

    /** A one-time link works once, by the person signed in. */
    async confirm(user: AuthUser, channel: ChatChannel, token: string): Promise<{ name: string }> {
      requireConfigured(channel);
      const { token_hash, external_id, display_name, workspace_id } = await usableToken(channel, token);
      const created_at = now();
      if (!(await repo.useLinkToken(db, token_hash, created_at)))
        throw notFound('Chat link', peopleText('people.notFound.chatLink'));
      const link = { channel, external_id, user_id: user.id, display_name, linked_by: 'link' as const, workspace_id };
      await repo.saveLink(db, { ...link, created_at });
      return { name: display_name };
    },

    async status(user: AuthUser, channel: ChatChannel): Promise<{ linked: boolean; since: string | null }> {
      requireConfigured(channel);
      const link = await repo.findLinkOfUser(db, channel, user.id);
      return { linked: Boolean(link), since: link?.created_at ?? null };
    },

    async revoke(user: AuthUser, channel: ChatChannel): Promise<void> {
      requireConfigured(channel);
      if ((await repo.revokeLink(db, channel, user.id, now())) === 0)
        throw notFound('Chat link', peopleText('people.notFound.chatLink'));
    },

    /** The platform's id of the person's linked account, or null. */
    async externalIdOf(channel: ChatChannel, userId: number): Promise<string | null> {
      return (await repo.findLinkOfUser(db, channel, userId))?.external_id ?? null;
    },

    /**
     * Notes something of a platform's deliveries (a body's signature, an event's id) for `keepMs`:
     * true the first time any server process notes it, false after.
     */
    firstSeen(channel: ChatChannel, key: string, keepMs: number): Promise<boolean> {
      const at = clock.now();
      return repo.noteSeen(db, channel, key.slice(0, 255), iso(at), iso(new Date(at.getTime() - keepMs)));
    },

    /** Where an order's message is (the channel's own JSON), to update it as the order moves. */
    async saveMessage(channel: ChatChannel, orderId: number, userId: number, reference: unknown): Promise<void> {
      const row = { order_id: orderId, channel, user_id: userId, reference: JSON.stringify(reference) };
      await repo.saveOrderMessage(db, { ...row, created_at: now() });
    },
    /** An order's message: where it is, and `stored`, what `replaceMessage` compares. */
    async messageOf<T>(
      orderId: number,
    ): Promise<{ channel: ChatChannel; userId: number; reference: T; stored: string } | null> {
      const row = await repo.findOrderMessage(db, orderId);
      if (!row) return null;
      const { channel, user_id: userId, reference: stored } = row;
      return { channel, userId, reference: JSON.parse(stored) as T, stored };
    },
    /**
     * The message's reference replaced if it is still as read (`stored`, messageOf's): for the one
     * caller, of every server process, that replaced it, what is stored now (what the next
     * replacement compares); null when another did first.
     */
    async replaceMessage(orderId: number, stored: string, reference: unknown): Promise<string | null> {
      const now = JSON.stringify(reference);
      return (await repo.replaceOrderMessage(db, orderId, stored, now)) ? now : null;
    },

    /** A delivery the platform refused or did not answer: the settings page shows the newest. */
    deliveryFailed(channel: ChatChannel, message: string): Promise<void> {
      return repo.noteChannel(db, channel, { error: message, at: now() });
    },
    /** A LINE push message sent: counted by month (UTC), as LINE's quota counts. */
    pushed(channel: ChatChannel): Promise<void> {
      return repo.noteChannel(db, channel, { pushMonth: now().slice(0, 7) });
    },

    /** The admins' settings page: each channel on or not, its settings set or not, its people and last error. */
    async channels(): Promise<ChatChannelStatus[]> {
      const [counts, states] = await Promise.all([repo.linkedCounts(db), repo.channelStates(db)]);
      return CHAT_CHANNELS.map((channel) => {
        const state = states.find((s) => s.channel === channel);
        const pushes = state?.push_month === now().slice(0, 7) ? state.pushes : 0;
        return {
          channel,
          on: configured(channel),
          settings: ports.channels[channel].settings(config),
          linked: counts.get(channel) ?? 0,
          // Slack's deliveries are the notifications outbox's, which keeps their errors.
          lastError:
            state?.last_error && state.last_error_at ? { at: state.last_error_at, message: state.last_error } : null,
          // Only LINE counts pushes against a monthly quota.
          pushesThisMonth: channel === 'line' ? pushes : null,
        };
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
