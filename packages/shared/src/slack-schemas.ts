import { z } from 'zod';
import { LINK_TOKEN_MESSAGES } from './rule-texts';

/** A one-time Slack link's token (docs/slack.md "Linking"): 32 random bytes, base64url. */
export const SlackLinkTokenParamsSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: LINK_TOKEN_MESSAGES.slack })
    .describe('The one-time link from Slack, as it came in the link /slack/link/{token}'),
});
export type SlackLinkTokenParams = z.infer<typeof SlackLinkTokenParamsSchema>;

/** Whose Slack account a one-time link links (GET), or linked (POST). */
export const SlackLinkPreviewSchema = z.object({
  /** The Slack user's name as Slack has it. */
  slackName: z.string(),
});
export type SlackLinkPreview = z.infer<typeof SlackLinkPreviewSchema>;

/** Whether the caller has a Slack account linked (GET /slack/link). */
export const SlackLinkStatusSchema = z.object({
  linked: z.boolean(),
  /** When the link was made (ISO); null when not linked. */
  since: z.string().nullable(),
});
export type SlackLinkStatus = z.infer<typeof SlackLinkStatusSchema>;
