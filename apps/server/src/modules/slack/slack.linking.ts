import { createHash, randomBytes } from 'node:crypto';
import type { AppBase, AuthUser } from '../../context';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import type { SlackApi } from './slack.api';
import type { SlackPorts } from './slack.ports';
import * as repo from './slack.repository';

/** How long a one-time link works. */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;

/** Who a Slack user is to the cafe. */
export type SlackActor =
  | { kind: 'linked'; user: AuthUser }
  /** Not linked (or revoked, or their account is gone): a one-time link to open while signed in. */
  | { kind: 'unlinked' | 'revoked'; linkUrl: string }
  | { kind: 'gone' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Linking a Slack user to an account (docs/slack.md "Linking"): Slack's profile e-mail when the
 * workspace confirmed it and it is of the company's domain, else a one-time link the person opens
 * while signed in to the web app. A link the person revoked is kept revoked: the e-mail does not
 * link it again behind their back; only a new one-time link does.
 */
export function createSlackLinking(ctx: AppBase, ports: SlackPorts, api: () => SlackApi) {
  const { db, clock, config } = ctx;

  async function newLinkUrl(slackUserId: string, teamId: string, name: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await repo.forgetLinkTokensBefore(db, iso(now));
    await repo.saveLinkToken(db, {
      token_hash: sha256(token),
      slack_user_id: slackUserId,
      team_id: teamId,
      slack_name: name,
      expires_at: iso(new Date(now.getTime() + LINK_TOKEN_TTL_MS)),
    });
    return `${(config.publicUrl ?? '').replace(/\/+$/, '')}/slack/link/${token}`;
  }

  async function usableToken(token: string) {
    const row = await repo.findLinkToken(db, sha256(token));
    if (!row || row.used_at !== null || row.expires_at <= iso(clock.now())) throw notFound('Slack link');
    return row;
  }

  return {
    /** The account a Slack user acts as, linking them by their confirmed company e-mail when possible. */
    async actor(teamId: string, slackUserId: string): Promise<SlackActor> {
      const link = await repo.findLink(db, slackUserId);
      if (link && link.revoked_at === null) {
        const user = await ports.users.findActive(link.user_id);
        return user ? { kind: 'linked', user } : { kind: 'gone' };
      }
      const person = await api().person(slackUserId);
      if (link) return { kind: 'revoked', linkUrl: await newLinkUrl(slackUserId, teamId, person.name) };
      const email = person.email?.trim().toLowerCase() ?? null;
      if (email && person.emailConfirmed && email.endsWith(`@${config.companyEmailDomain}`)) {
        const user = await ports.users.findActiveByEmail(email);
        if (user) {
          await repo.saveLink(db, {
            slack_user_id: slackUserId,
            team_id: teamId,
            user_id: user.id,
            linked_by: 'email',
            created_at: iso(clock.now()),
          });
          return { kind: 'linked', user };
        }
      }
      return { kind: 'unlinked', linkUrl: await newLinkUrl(slackUserId, teamId, person.name) };
    },

    /** GET /slack/link-tokens/{token}: whose Slack account a one-time link would link. */
    async preview(token: string): Promise<{ slackName: string }> {
      const row = await usableToken(token);
      return { slackName: row.slack_name };
    },

    /** POST /slack/link-tokens/{token}: links the Slack account to the signed-in person; works once. */
    async confirm(user: AuthUser, token: string): Promise<{ slackName: string }> {
      const row = await usableToken(token);
      const now = iso(clock.now());
      if (!(await repo.useLinkToken(db, row.token_hash, now))) throw notFound('Slack link');
      await repo.saveLink(db, {
        slack_user_id: row.slack_user_id,
        team_id: row.team_id,
        user_id: user.id,
        linked_by: 'link',
        created_at: now,
      });
      return { slackName: row.slack_name };
    },

    /** GET /slack/link: whether the person has a Slack account linked. */
    async status(user: AuthUser): Promise<{ linked: boolean; since: string | null }> {
      const link = await repo.findLinkOfUser(db, user.id);
      return { linked: Boolean(link), since: link?.created_at ?? null };
    },

    /** DELETE /slack/link: the person unlinks; their Slack account can do nothing more. */
    async revoke(user: AuthUser): Promise<void> {
      if ((await repo.revokeLinksOfUser(db, user.id, iso(clock.now()))) === 0) throw notFound('Slack link');
    },

    /** The Slack user linked to an account (their messages and App Home), or null. */
    async slackUserOf(userId: number): Promise<string | null> {
      return (await repo.findLinkOfUser(db, userId))?.slack_user_id ?? null;
    },
  };
}

export type SlackLinking = ReturnType<typeof createSlackLinking>;
