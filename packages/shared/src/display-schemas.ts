/**
 * The pickup screen (docs/api/pickup-screen.md, docs/decisions/0048-pickup-screen.md): the links a
 * site's staff make for a TV or tablet at the counter, and what such a screen reads and hears. A
 * screen signs nobody in: its link's token is all it has, and it sees only its site's Preparing
 * and Ready columns, each order by its number and, when the site says so, a first name and initial.
 */
import { z } from 'zod';
import { DisplayNamesSchema } from './enum-schemas';
import { IdSchema } from './id-schema';

export const DISPLAY_LIMITS = {
  labelMax: 80,
  /** A token is 32 random bytes, base64url: 43 characters. Anything longer is no token. */
  tokenMax: 128,
} as const;

/** POST /sites/{siteId}/displays: a name for the screen ("Counter TV"), optional. */
export const DisplayLinkCreateBodySchema = z.object({
  label: z
    .string({ error: 'label must be text' })
    .trim()
    .max(DISPLAY_LIMITS.labelMax, { message: `label must be at most ${DISPLAY_LIMITS.labelMax} characters` })
    .default(''),
});
export type DisplayLinkCreateBody = z.input<typeof DisplayLinkCreateBodySchema>;

/** A site's display link as its staff list it: never its token (only its hash is kept). */
export const DisplayLinkSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  label: z.string(),
  createdAt: z.string(),
  /** Who made it (null once the account is gone). */
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When it was revoked; null while it works. */
  revokedAt: z.string().nullable(),
});
export type DisplayLink = z.infer<typeof DisplayLinkSchema>;

/** The answer of POST /sites/{siteId}/displays: the link with its token, told this once. */
export const DisplayLinkCreatedSchema = DisplayLinkSchema.extend({ token: z.string() });
export type DisplayLinkCreated = z.infer<typeof DisplayLinkCreatedSchema>;

export const DisplayLinkParamsSchema = z.object({ siteId: IdSchema, displayId: IdSchema });

/** GET /display/{token}: any text; a token that is not one (unknown, revoked, malformed) is a 404. */
export const DisplayTokenParamsSchema = z.object({ token: z.string().max(DISPLAY_LIMITS.tokenMax) });

/** GET /display: the link's token in a header, for screens whose link carries it in the fragment. */
export const DisplayTokenHeadersSchema = z.object({ 'x-display-token': z.string().max(DISPLAY_LIMITS.tokenMax) });

/** One order on the screen: its number, and the name the site lets the screen show (null: number alone). */
export const PickupTicketSchema = z.object({
  number: z.number().int(),
  name: z.string().nullable(),
});
export type PickupTicket = z.infer<typeof PickupTicketSchema>;

/**
 * A coffee run (docs/api/runs.md) whose every drink is finished: its runner collects them all at
 * once, so the screen shows the run once ("Ann's run for Meeting room 3 is ready") instead of each
 * drink's number. `runner` is the name the site lets the screen show (first name and initial), null
 * under `number` or once the runner's account is gone; `drinks` counts those waiting on the counter.
 */
export const PickupRunSchema = z.object({
  id: z.number().int(),
  runner: z.string().nullable(),
  place: z.string(),
  drinks: z.number().int(),
});
export type PickupRun = z.infer<typeof PickupRunSchema>;

/**
 * What a pickup screen shows, and all it may: the site's name, its name setting, and today's
 * orders being prepared (ordered or in progress, oldest first) and ready (done, newest first).
 * Also the payload of the `pickup-board` live event, sent whole on every change.
 */
export const PickupBoardSchema = z.object({
  site: z.object({ id: z.number().int(), name: z.string() }),
  displayNames: DisplayNamesSchema,
  preparing: z.array(PickupTicketSchema),
  /** The finished drinks, except those of a run in `runs`. */
  ready: z.array(PickupTicketSchema),
  /** The runs whose every drink is finished, newest first; absent when there is none (and from an older server). */
  runs: z.array(PickupRunSchema).optional(),
});
export type PickupBoard = z.infer<typeof PickupBoardSchema>;

/** The Socket.IO namespace of the pickup screens (path /api/socket.io, handshake `auth: { token }`). */
export const DISPLAY_NAMESPACE = '/display';

/** The events of the display namespace: the board whenever it changes, and the link's end. */
export const DISPLAY_EVENT_SCHEMAS = {
  'pickup-board': PickupBoardSchema,
  'display-revoked': z.object({}),
} as const;
export type DisplayEventName = keyof typeof DISPLAY_EVENT_SCHEMAS;
export type DisplayServerToClientEvents = {
  [E in DisplayEventName]: (payload: z.infer<(typeof DISPLAY_EVENT_SCHEMAS)[E]>) => void;
};

/**
 * What a screen shows of a person's name under `first-initial`: the first word and the first
 * letter of the last word ("Somchai Jaidee" -> "Somchai J."); one word stays as it is.
 */
export function pickupName(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  const first = words[0] ?? '';
  if (words.length < 2) return first;
  const lastWord = words[words.length - 1] ?? '';
  // A whole letter: a Thai consonant keeps the marks written on it.
  const segments =
    typeof Intl.Segmenter === 'function'
      ? [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(lastWord)]
      : [];
  const last = segments[0]?.segment ?? [...lastWord][0] ?? '';
  return `${first} ${last.toUpperCase()}.`;
}
