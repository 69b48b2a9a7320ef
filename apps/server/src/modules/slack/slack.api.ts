import type { FastifyBaseLogger } from 'fastify';
import type { SlackClient } from '../../lib/slack-client';

export type Block = Record<string, unknown>;
export type SlackView = { type: 'modal' | 'home' } & Record<string, unknown>;
export interface SlackMessage {
  text: string;
  blocks: Block[];
}

/**
 * The Web API calls the app makes, through the server's one Slack client (lib/slack-client.ts: one
 * paced queue per method, Slack's Retry-After honoured). A message update and an App Home are
 * rendered when their call runs, once however often they were asked for meanwhile, so what Slack
 * shows is the order as it is then.
 */
export function createSlackApi(client: SlackClient, teamIdConfigured: string | null, log: FastifyBaseLogger) {
  const { web } = client;
  let team: Promise<string> | undefined;
  const logged = (promise: Promise<unknown>, what: string) =>
    void promise.catch((error: unknown) => log.warn({ err: error, what }, 'a Slack call failed'));

  return {
    idle: () => client.idle(),

    /** The one workspace served: SLACK_TEAM_ID, else the bot token's own (auth.test), asked once. */
    teamId(): Promise<string> {
      if (teamIdConfigured) return Promise.resolve(teamIdConfigured);
      team ??= web.auth.test().then((answer) => answer.team_id ?? Promise.reject(new Error('auth.test: no team_id')));
      // A failure is asked again next time.
      team.catch(() => (team = undefined));
      return team;
    },

    /** Who a Slack user is; someone Slack does not tell of has no e-mail (they link with a one-time link). */
    async person(slackUserId: string): Promise<{ name: string; email: string | null; emailConfirmed: boolean }> {
      const user = (await web.users.info({ user: slackUserId }).catch(() => ({ user: undefined }))).user;
      return {
        name: (user?.real_name ?? user?.name ?? slackUserId).slice(0, 200),
        email: user?.profile?.email ?? null,
        emailConfirmed: user?.is_email_confirmed === true,
      };
    },

    /** A message to the person's DM with the app; its channel and ts (to update it). */
    post(slackUserId: string, message: SlackMessage): Promise<{ channel: string; ts: string }> {
      const post = async () => {
        const answer = await web.chat.postMessage({
          channel: slackUserId,
          ...message,
          blocks: message.blocks as never,
        });
        if (!answer.channel || !answer.ts) throw new Error('Slack chat.postMessage answered no channel or ts');
        return { channel: answer.channel, ts: answer.ts };
      };
      return client.call('chat.postMessage', post, { lane: slackUserId });
    },

    /** A message as `render` makes it when the call runs (null: nothing to send), once per `key` while queued. */
    update(key: string, render: () => Promise<(SlackMessage & { channel: string; ts: string }) | null>): void {
      const update = async () => {
        const message = await render();
        if (message) await web.chat.update({ ...message, blocks: message.blocks as never });
      };
      logged(client.call('chat.update', update, { key }), 'chat.update');
    },

    openView(triggerId: string, view: SlackView): Promise<unknown> {
      return client.call('views.open', () => web.views.open({ trigger_id: triggerId, view: view as never }));
    },

    updateView(viewId: string, view: SlackView): Promise<unknown> {
      return client.call('views.update', () => web.views.update({ view_id: viewId, view: view as never }));
    },

    /** The person's App Home as `render` makes it when the call runs, once per person while queued. */
    publishHome(slackUserId: string, render: () => Promise<SlackView | null>): void {
      const publish = async () => {
        const view = await render();
        if (view) await web.views.publish({ user_id: slackUserId, view: view as never });
      };
      logged(client.call('views.publish', publish, { key: slackUserId }), 'views.publish');
    },
  };
}

export type SlackApi = ReturnType<typeof createSlackApi>;
