import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, createSweep, goodRequest, type Sweep } from './test-support/bad-input';
import {
  HANG_CEILING_MS,
  injectDatabaseFault,
  stopBackgroundWork,
  sweepDatabaseFaults,
  type DatabaseFault,
} from './test-support/fault-sweep';
import { captureLog } from './test-support/log-capture';
import { startSlackReceiver } from './test-support/receivers';
import {
  SIGNING_SECRET,
  SLACK_TOKEN,
  TEAM,
  buttonTap,
  coffeeCommand,
  interactionBody,
  slackHeaders,
} from './test-support/slack-fixtures';
import { connectClient } from './test-support/test-app';

/**
 * OWASP A10, decision 0082: while the database fails at any statement of a request, every HTTP
 * operation, every Slack request URL and the live channel's handshake fail closed: a 4xx or a 503
 * in the error shape with words a person can read, at once, nothing half-written, and a line of the
 * request's id in the log.
 */
describe('a failing database', () => {
  const log = captureLog();
  let slack: Awaited<ReturnType<typeof startSlackReceiver>>;
  let sweep: Sweep;
  let fault: DatabaseFault;

  beforeAll(async () => {
    slack = await startSlackReceiver({ token: SLACK_TOKEN, people: {}, team: TEAM, profiles: {} });
    sweep = await createSweep({
      env: {
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://cafe.example.com',
        SLACK_BOT_TOKEN: SLACK_TOKEN,
        SLACK_API_URL: slack.apiUrl,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_TEAM_ID: TEAM,
      },
      logStream: log.stream,
    });
    await stopBackgroundWork(sweep.t.app);
    fault = injectDatabaseFault(sweep.t.database.dialect);
    // Every run of a request writes the same times.
    sweep.t.clock.freeze();
  });
  afterAll(async () => {
    fault?.remove();
    await sweep?.t.close();
    await slack?.close();
  });

  it('fails every operation of the OpenAPI document closed, at whichever statement it fails', async () => {
    const problems: string[] = [];
    const slackHooks = sweep.endpoints.filter((e) => e.path.startsWith('/api/slack/') && e.method === 'post');
    const operations = sweep.endpoints.filter((e) => !slackHooks.includes(e));
    expect(operations.length).toBeGreaterThan(50);
    const failedBefore = fault.runsFailed();
    for (const e of operations) {
      for (const role of ROLES) {
        const what = `${e.method.toUpperCase()} ${e.path} as ${role}`;
        problems.push(...(await sweepDatabaseFaults(sweep, fault, log, what, () => goodRequest(sweep, e, role))));
      }
    }
    expect(problems).toEqual([]);
    // Every operation met the fault, as every role, at its first statement at least.
    expect(fault.runsFailed() - failedBefore).toBeGreaterThan(operations.length * ROLES.length);
  }, 600_000);

  it("fails Slack's commands, interactions and events closed, at whichever statement it fails", async () => {
    const { t } = sweep;
    const FORM = 'application/x-www-form-urlencoded';
    const signed = (url: string, body: string, type: string) => () => ({
      method: 'POST' as const,
      url,
      payload: body,
      headers: slackHeaders(t, body, type),
    });
    const hooks: [string, () => ReturnType<ReturnType<typeof signed>>][] = [
      ['/coffee', () => signed('/api/slack/commands', coffeeCommand('U0NEWCOMER'), FORM)()],
      ['/coffee latte', () => signed('/api/slack/commands', coffeeCommand('U0NEWCOMER', 'latte'), FORM)()],
      [
        'a button',
        () => signed('/api/slack/interactions', interactionBody(buttonTap('U0NEWCOMER', 'again', '1')), FORM)(),
      ],
      [
        'App Home opened',
        () => {
          const body = JSON.stringify({
            type: 'event_callback',
            team_id: TEAM,
            event_id: `Ev${Math.random().toString(36).slice(2)}`,
            event: { type: 'app_home_opened', user: 'U0NEWCOMER', tab: 'home' },
          });
          return signed('/api/slack/events', body, 'application/json')();
        },
      ],
    ];
    const problems: string[] = [];
    const failedBefore = fault.runsFailed();
    for (const [what, request] of hooks) {
      problems.push(...(await sweepDatabaseFaults(sweep, fault, log, `Slack ${what}`, request)));
    }
    await t.app.ctx.services.slack.settled();
    expect(problems).toEqual([]);
    expect(fault.runsFailed() - failedBefore).toBeGreaterThan(hooks.length * 3);
  });

  it('refuses a live connection with words a person can read while the database fails, and lets it in after', async () => {
    const { t, world } = sweep;
    const baseUrl = await t.listen();
    // The account is read once and kept: a new token's first handshake asks the database.
    t.app.ctx.services.users.forget(world.actors.user.id);
    log.clear();
    fault.arm(0);
    let refusal: unknown;
    try {
      refusal = await Promise.race([
        connectClient(baseUrl, world.actors.user.token).then(
          (socket) => {
            socket.disconnect();
            return 'connected';
          },
          (error: unknown) => error,
        ),
        new Promise((resolve) => setTimeout(() => resolve('no answer'), HANG_CEILING_MS)),
      ]);
    } finally {
      fault.heal();
    }
    expect(fault.hits()).toBeGreaterThan(0);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(
      'The live channel is briefly unavailable (its database cannot be reached). Please try again shortly.',
    );
    expect((refusal as Error & { data?: unknown }).data).toEqual({ code: 'UNAVAILABLE' });
    expect(log.entries().some((entry) => entry.level >= 40 && entry.msg === 'live handshake failed')).toBe(true);
    const socket = await connectClient(baseUrl, world.actors.user.token);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });
});
