import { WebClient } from '@slack/web-api';
import type { SlackAppConfig } from '../../config';
import { DELIVERY_TIMEOUT_MS } from '../../lib/delivery';

export type Block = Record<string, unknown>;
export interface SlackView {
  type: 'modal' | 'home';
  [key: string]: unknown;
}

/** A Slack user as users.info tells of them: the profile e-mail, and whether the workspace confirmed it. */
export interface SlackPerson {
  name: string;
  email: string | null;
  emailConfirmed: boolean;
}

/**
 * The Web API calls the app makes, through Slack's own client (@slack/web-api) pointed at
 * SLACK_API_URL (tests point it at a local fake, test-support/receivers.ts).
 */
export function createSlackApi(config: SlackAppConfig) {
  const client = new WebClient(config.token, {
    slackApiUrl: `${config.apiUrl}/`,
    timeout: DELIVERY_TIMEOUT_MS,
    // The app answers a person now or not at all: no minutes of retries behind their back.
    retryConfig: { retries: 1, factor: 1, minTimeout: 200, maxTimeout: 500 },
    rejectRateLimitedCalls: true,
  });
  let team: Promise<string> | undefined;

  return {
    /** The one workspace served: SLACK_TEAM_ID, else the bot token's own (auth.test), asked once. */
    teamId(): Promise<string> {
      if (config.teamId) return Promise.resolve(config.teamId);
      team ??= client.auth.test().then((answer) => {
        if (!answer.team_id) throw new Error('Slack auth.test answered no team_id');
        return answer.team_id;
      });
      // A failure is asked again next time.
      team.catch(() => (team = undefined));
      return team;
    },

    /** Who a Slack user is; someone Slack does not tell of has no e-mail (they link with a one-time link). */
    async person(slackUserId: string): Promise<SlackPerson> {
      const answer = await client.users.info({ user: slackUserId }).catch(() => ({ user: undefined }));
      const user = answer.user;
      return {
        name: (user?.real_name ?? user?.name ?? slackUserId).slice(0, 200),
        email: user?.profile?.email ?? null,
        emailConfirmed: user?.is_email_confirmed === true,
      };
    },

    /** A message to the person's DM with the app; its channel and ts (to update it). */
    async post(slackUserId: string, text: string, blocks: Block[]): Promise<{ channel: string; ts: string }> {
      const answer = await client.chat.postMessage({ channel: slackUserId, text, blocks: blocks as never });
      if (!answer.channel || !answer.ts) throw new Error('Slack chat.postMessage answered no channel or ts');
      return { channel: answer.channel, ts: answer.ts };
    },

    async update(channel: string, ts: string, text: string, blocks: Block[]): Promise<void> {
      await client.chat.update({ channel, ts, text, blocks: blocks as never });
    },

    async openView(triggerId: string, view: SlackView): Promise<void> {
      await client.views.open({ trigger_id: triggerId, view: view as never });
    },

    async updateView(viewId: string, view: SlackView): Promise<void> {
      await client.views.update({ view_id: viewId, view: view as never });
    },

    async publishHome(slackUserId: string, view: SlackView): Promise<void> {
      await client.views.publish({ user_id: slackUserId, view: view as never });
    },
  };
}

export type SlackApi = ReturnType<typeof createSlackApi>;
