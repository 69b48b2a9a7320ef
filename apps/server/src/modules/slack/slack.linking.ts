import { createHash, randomBytes } from 'node:crypto';
import type { AppBase, AuthUser } from '../../context';
import { SLACK_ANSWER_WAIT_MS, withinDeadline } from '../../lib/deadline';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/time';
import { wordsIn } from './slack.blocks';
import type { SlackPorts } from './slack.ports';
import * as repo from './slack.repository';

/** How long a one-time link works. */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Linking a Slack user to an account (docs/slack.md "Linking"): Slack's profile e-mail when the
 * workspace confirmed it and it is of the company's domain, else a one-time link the person opens
 * while signed in to the web app. A link the person revoked is kept revoked: the e-mail does not
 * link it again behind their back; only a new one-time link does.
 */
export function createSlackLinking(ctx: AppBase, ports: SlackPorts) {
  const { db, clock, config } = ctx;
  const now = () => iso(clock.now());

  async function usableToken(token: string) {
    const row = await repo.findUsableLinkToken(db, sha256(token), now());
    if (!row) throw notFound('Slack link');
    return row;
  }

  return {
    /**
     * The account a Slack user acts as, linking them by their confirmed company e-mail when possible;
     * else what they are told (Slack does not tell the cafe their language): a one-time link to open
     * while signed in, or that their account is gone.
     */
    async actor(team_id: string, slack_user_id: string): Promise<AuthUser | string> {
      const w = wordsIn('en');
      const link = await repo.findLink(db, slack_user_id);
      if (link?.revoked_at === null) {
        return (await ports.users.findActive(link.user_id)) ?? w('people.chat.link.accountGone');
      }
      // Someone Slack does not tell of has no e-mail, and is named by their Slack id.
      // Through the one client's pace, without waiting out a 429: Slack wants its answer within 3 s.
      const info = ports.client?.call('users.info', (web) => web.users.info({ user: slack_user_id }), { retry: false });
      // Slack away or hanging: the person is asked to link by hand rather than Slack timing out.
      const slack = (info && (await withinDeadline(info, SLACK_ANSWER_WAIT_MS)))?.user;
      const email = !link && slack?.is_email_confirmed ? slack.profile?.email?.trim().toLowerCase() : undefined;
      const user = email?.endsWith(`@${config.companyEmailDomain}`) ? await ports.users.findActiveByEmail(email) : null;
      if (user) {
        await repo.saveLink(db, { slack_user_id, team_id, user_id: user.id, linked_by: 'email', created_at: now() });
        return user;
      }
      const token = randomBytes(32).toString('base64url');
      const expires_at = iso(new Date(clock.now().getTime() + LINK_TOKEN_TTL_MS));
      const slack_name = (slack?.real_name ?? slack?.name ?? slack_user_id).slice(0, 200);
      await repo.saveLinkToken(
        db,
        { token_hash: sha256(token), slack_user_id, team_id, slack_name, expires_at },
        now(),
      );
      const url = `${(config.publicUrl ?? '').replace(/\/+$/, '')}/slack/link/${token}`;
      return w(link ? 'people.chat.link.revoked' : 'people.chat.link.notLinked', { url });
    },

    async preview(token: string): Promise<{ slackName: string }> {
      return { slackName: (await usableToken(token)).slack_name };
    },

    /** A one-time link works once, by the person signed in. */
    async confirm(user: AuthUser, token: string): Promise<{ slackName: string }> {
      const { token_hash, slack_user_id, team_id, slack_name } = await usableToken(token);
      const created_at = now();
      if (!(await repo.useLinkToken(db, token_hash, created_at))) throw notFound('Slack link');
      await repo.saveLink(db, { slack_user_id, team_id, user_id: user.id, linked_by: 'link', created_at });
      return { slackName: slack_name };
    },

    async status(user: AuthUser): Promise<{ linked: boolean; since: string | null }> {
      const link = await repo.findLinkOfUser(db, user.id);
      return { linked: Boolean(link), since: link?.created_at ?? null };
    },

    async revoke(user: AuthUser): Promise<void> {
      if ((await repo.revokeLinksOfUser(db, user.id, now())) === 0) throw notFound('Slack link');
    },

    /** People with a Slack account linked now (the admins' chat channels page). */
    count: () => repo.countLinks(db),

    async slackUserOf(userId: number): Promise<string | null> {
      return (await repo.findLinkOfUser(db, userId))?.slack_user_id ?? null;
    },
  };
}
