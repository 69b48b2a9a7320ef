import { ErrorBodySchema } from '@cafe/shared';
import type { WebClient } from '@slack/web-api';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_TIMEOUT_MS } from './lib/delivery';
import { ROLES, createSweep, goodRequest, type Sweep } from './test-support/bad-input';
import { answerWithin, startSilentPeer } from './test-support/fault-sweep';
import { captureLog } from './test-support/log-capture';
import { SIGNING_SECRET, SLACK_TOKEN, TEAM, coffeeCommand, slackHeaders } from './test-support/slack-fixtures';
import { AppError } from './lib/errors';
import { WORKSPACE_UNCONFIRMED, createSlackVerify } from './modules/slack/slack.verify';

/**
 * OWASP A10, decision 0082: while Slack's Web API, the mail server and the webhook receiver take
 * connections and never answer, every HTTP operation and every Slack request URL still answers
 * before a call to them could time out (DELIVERY_TIMEOUT_MS): nothing a person waits for waits on
 * them, and what is refused is refused in the error shape.
 */
describe('Slack, the mail server and the webhook receiver hanging', () => {
  const log = captureLog();
  let slackApi: Awaited<ReturnType<typeof startSilentPeer>>;
  let smtp: Awaited<ReturnType<typeof startSilentPeer>>;
  let webhook: Awaited<ReturnType<typeof startSilentPeer>>;
  let sweep: Sweep;

  beforeAll(async () => {
    [slackApi, smtp, webhook] = await Promise.all([startSilentPeer(), startSilentPeer(), startSilentPeer()]);
    sweep = await createSweep({
      env: {
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://cafe.example.com',
        SLACK_BOT_TOKEN: SLACK_TOKEN,
        SLACK_API_URL: `http://127.0.0.1:${slackApi.port}/api`,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_TEAM_ID: TEAM,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Office Cafe <cafe@example.com>',
        WEBHOOK_URL: `http://127.0.0.1:${webhook.port}/hook`,
        WEBHOOK_SECRET: 'webhook-secret-for-the-tests-0123456789',
      },
      logStream: log.stream,
    });
  });
  afterAll(async () => {
    // The peers go first: the calls still waiting on them end at once.
    await Promise.all([slackApi?.close(), smtp?.close(), webhook?.close()]);
    await sweep?.t.close();
  });

  /** What is wrong with an answer (null: nothing), or that none came before a peer's call could time out. */
  async function judged(what: string, request: InjectOptions): Promise<string | null> {
    const res: LightMyRequestResponse | null = await answerWithin(sweep.t.app.inject(request), DELIVERY_TIMEOUT_MS);
    if (!res) return `${what} gave no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
    if (res.statusCode >= 500 && res.statusCode !== 503) return `${what} answered ${res.statusCode}`;
    if (res.statusCode >= 400 && !ErrorBodySchema.safeParse(res.json()).success)
      return `${what} answered ${res.statusCode} outside the error shape`;
    return null;
  }

  it('answers every operation of the OpenAPI document without waiting on them', async () => {
    const problems: string[] = [];
    for (const e of sweep.endpoints) {
      for (const role of ROLES) {
        const problem = await judged(`${e.method.toUpperCase()} ${e.path} as ${role}`, goodRequest(sweep, e, role));
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('answers a Slack command in its 3 seconds with a link when the person cannot be looked up', async () => {
    const { t } = sweep;
    const FORM = 'application/x-www-form-urlencoded';
    const signed = (body: string): InjectOptions => ({
      method: 'POST',
      url: '/api/slack/commands',
      payload: body,
      headers: slackHeaders(t, body, FORM),
    });

    // users.info, which hangs, would tell the person's e-mail: they are answered with a link to
    // connect their account by hand instead.
    const unknown = await answerWithin(t.app.inject(signed(coffeeCommand('U0HANGING'))), DELIVERY_TIMEOUT_MS);
    expect(unknown?.statusCode).toBe(200);
    expect(JSON.stringify(unknown?.json())).toContain('https://cafe.example.com/slack/link/');
  });

  it('refuses a Slack request at once when the workspace must be asked of the Web API and it hangs', async () => {
    const { t } = sweep;
    const ctx = t.app.ctx;
    // As a server without SLACK_TEAM_ID: the workspace comes from auth.test, which never answers.
    const slackApp = ctx.config.slackApp && { ...ctx.config.slackApp, teamId: null };
    const hanging = { auth: { test: () => new Promise<never>(() => {}) } } as unknown as WebClient;
    const { verify } = createSlackVerify(
      { ...ctx, config: { ...ctx.config, slackApp } },
      ctx.services.chat,
      () => hanging,
    );
    const rawBody = coffeeCommand('U0HANGING');
    const headers = slackHeaders(t, rawBody, 'application/x-www-form-urlencoded');
    const refusal = await Promise.race([
      verify({
        timestamp: headers['x-slack-request-timestamp'],
        signature: headers['x-slack-signature'],
        rawBody,
        teamId: TEAM,
      }).then(
        () => 'accepted',
        (error: unknown) => error,
      ),
      new Promise((resolve) => setTimeout(() => resolve('no answer'), DELIVERY_TIMEOUT_MS)),
    ]);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 503, code: 'INTERNAL', message: WORKSPACE_UNCONFIRMED });
  });
});
