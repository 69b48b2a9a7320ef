import { z } from 'zod';
import { LINK_TOKEN_MESSAGES } from './rule-texts';

/**
 * The one list of chat channels (docs/slack.md, docs/line.md, docs/teams.md, docs/google-chat.md): each
 * links an account of its own to a person, has its link page and a place on the admins' settings page.
 */
export const CHAT_CHANNELS = ['slack', 'line', 'teams', 'google-chat'] as const;
export type ChatChannelName = (typeof CHAT_CHANNELS)[number];

/**
 * Each channel's name, the same in every language (its link page, the admins' page). Its page of
 * docs/ is docs/<channel>.md.
 */
export const CHAT_CHANNEL_NAMES: Record<ChatChannelName, string> = {
  slack: 'Slack',
  line: 'LINE',
  teams: 'Microsoft Teams',
  'google-chat': 'Google Chat',
};

/**
 * How a person asks a channel for what it does (to order, for a new link): "Type /coffee in Slack".
 * The people catalogue's `people.<channel>.ask` (`google-chat` is `people.googleChat.ask`).
 */
export const chatAskMessageId = (channel: ChatChannelName): `people.${string}.ask` =>
  `people.${channel.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}.ask`;

export const ChatChannelParamsSchema = z.object({
  channel: z.enum(CHAT_CHANNELS).describe(`The chat channel: ${CHAT_CHANNELS.join(', ')}`),
});

/** A one-time link's token: 32 random bytes, base64url. */
export const ChatLinkTokenParamsSchema = ChatChannelParamsSchema.extend({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: LINK_TOKEN_MESSAGES.chat })
    .describe('The one-time link from the chat, as it came in the link /{channel}/link/{token}'),
});

/** Whose account of the platform a one-time link links (GET), or linked (POST). */
export const ChatLinkPreviewSchema = z.object({
  /** The person's name as the platform has it. */
  name: z.string(),
});
export type ChatLinkPreview = z.infer<typeof ChatLinkPreviewSchema>;

/** The Slack app's own routes of before the chat module (GET/POST /slack/link-tokens/{token}): `slackName`. */
export const SlackLinkTokenParamsSchema = ChatLinkTokenParamsSchema.pick({ token: true });
export const SlackLinkPreviewSchema = z.object({ slackName: z.string() });
export type SlackLinkPreview = z.infer<typeof SlackLinkPreviewSchema>;

/** Whether the caller has an account of the channel linked. */
export const ChatLinkStatusSchema = z.object({
  linked: z.boolean(),
  /** When the link was made (ISO); null when not linked. */
  since: z.string().nullable(),
});
export type ChatLinkStatus = z.infer<typeof ChatLinkStatusSchema>;

/** One chat channel as an admin sees it (GET /admin/chat-channels): never a secret's value. */
export const ChatChannelStatusSchema = z.object({
  channel: z.enum(CHAT_CHANNELS),
  /** On: every setting it needs is set, so its endpoints answer. */
  on: z.boolean(),
  /** Each setting the channel reads, and whether it is set (its value is never shown). */
  settings: z.array(z.object({ name: z.string(), set: z.boolean(), secret: z.boolean() })),
  /** People with a linked account of the channel now. */
  linked: z.number().int(),
  /** The last delivery to the platform that failed, with when; null when none has. */
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** LINE: push messages sent this month (UTC), which count against the account's monthly quota. */
  pushesThisMonth: z.number().int().nullable(),
});
export type ChatChannelStatus = z.infer<typeof ChatChannelStatusSchema>;
export const ChatChannelsSchema = z.object({ channels: z.array(ChatChannelStatusSchema) });
export type ChatChannels = z.infer<typeof ChatChannelsSchema>;
