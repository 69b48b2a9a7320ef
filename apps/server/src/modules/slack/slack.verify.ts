import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { AppBase } from '../../context';
import { SLACK_ANSWER_WAIT_MS, withinDeadline } from '../../lib/deadline';
import { AppError, unauthenticated } from '../../lib/errors';
import type { SlackPorts } from './slack.ports';

/** Slack's window: a request signed more than five minutes from now is refused (and replays are remembered this long). */
export const SLACK_REQUEST_WINDOW_MS = 5 * 60_000;

export const WORKSPACE_UNCONFIRMED = 'Slack cannot be reached to confirm the workspace. Slack tries again shortly.';

/** Slack's v0 signature of a request: `v0=` and the hex HMAC-SHA256 of `v0:<timestamp>:<raw body>`. */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

/** Why a request is refused, or null when its signature is Slack's and fresh. */
function signatureProblem(secret: string, timestamp = '', signature = '', rawBody: string, now: Date): string | null {
  if (!/^\d{1,12}$/.test(timestamp) || !signature) return 'the request is not signed';
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > SLACK_REQUEST_WINDOW_MS) return 'the request is too old';
  const expected = Buffer.from(slackSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the signature does not match';
  return null;
}

/** Which requests are Slack's (docs/api/slack.md, "Slack's requests"), and the one workspace served. */
export function createSlackVerify(ctx: AppBase, chat: SlackPorts['chat'], web: () => WebClient) {
  const { clock } = ctx;
  const config = ctx.config.slackApp;
  let team: Promise<string> | undefined;

  /** SLACK_TEAM_ID, else the bot token's own workspace (auth.test), asked once (again after a failure). */
  function teamId(): Promise<string> {
    if (config?.teamId) return Promise.resolve(config.teamId);
    team ??= web()
      .auth.test()
      .then((answer) => answer.team_id ?? Promise.reject(new Error('auth.test: no team_id')));
    team.catch(() => (team = undefined));
    return team;
  }

  /**
   * Every Slack request: Slack's v0 signature with the signing secret, at most five minutes old,
   * never seen before by any server process, from the one workspace. Anything else is 401 and
   * nothing is done.
   */
  async function verify(request: { timestamp?: string; signature?: string; rawBody: string; teamId?: string }) {
    if (!config) throw unauthenticated('The Slack app is not configured.');
    const { timestamp, signature, rawBody } = request;
    const problem = signatureProblem(config.signingSecret, timestamp, signature, rawBody, clock.now());
    if (problem) throw unauthenticated(`Slack request refused: ${problem}.`);
    if (request.teamId !== undefined && request.teamId !== (await confirmedTeamId())) {
      throw unauthenticated('Slack request refused: it comes from another workspace.');
    }
    // Seen signatures are kept twice the window (clocks may differ by the window either way).
    if (!(await chat.firstSeen('slack', signature ?? '', 2 * SLACK_REQUEST_WINDOW_MS))) {
      throw unauthenticated('Slack request refused: it was seen before (a replay).');
    }
  }

  /**
   * The workspace, in the time Slack waits for an answer: with the Web API away or hanging, a 503
   * at once (Slack tries again), not an answer after the Web API's own timeout (decision 0082).
   */
  async function confirmedTeamId(): Promise<string> {
    const ours = await withinDeadline(teamId(), SLACK_ANSWER_WAIT_MS);
    if (ours === undefined) throw new AppError(503, 'INTERNAL', WORKSPACE_UNCONFIRMED);
    return ours;
  }

  return { teamId: confirmedTeamId, verify };
}
