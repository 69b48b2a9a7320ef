import { createHmac } from 'node:crypto';
import http from 'node:http';
import { expect, test, type Browser, type Page } from './test';
import { E2E_RECEIVERS } from '../playwright.config';
import {
  DEMO,
  apiLogin,
  bearer,
  cafeMenuOf,
  loginViaUi,
  placeCafeOrderViaApi,
  registerUser,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
  uploadTinyPng,
} from './support';
import { isConfirmationMail, openMailbox, type Mailbox } from './mailbox';

/**
 * "Your drink is ready" reaches people where they chose (issue 21): a person picks the company's
 * webhook and e-mail and Thai on their Profile, a barista finishes their drink, and the company's
 * receivers get it, signed. An admin watches the outbox: a receiver that is down leaves the
 * notification pending with its error, and once it is back the notification goes out, once.
 * The first cafe server is configured with these receivers (playwright.config.ts E2E_RECEIVERS); its
 * mail server is the test worker's mailbox (mailbox.ts), which also gets the registrations' links.
 */

test.describe.configure({ mode: 'serial' });

const WEBHOOK_CHANNEL = 'Company chat (webhook)';
/** For the outbox's deliveries and the health screen showing them: seconds on a loaded machine. */
const OUTBOX_WAIT_MS = 60_000;

interface WebhookRequest {
  /** The signature matched the body and timestamp with the shared secret. */
  signed: boolean;
  body: {
    type?: string;
    language?: string;
    recipient?: { email?: string };
    order?: { id?: number; drink?: string };
  };
}

/** The company's webhook receiver: records each request and checks its signature. */
async function startWebhookReceiver() {
  const requests: WebhookRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['x-cafe-timestamp'] ?? '');
      const expected = `sha256=${createHmac('sha256', E2E_RECEIVERS.webhookSecret).update(`${timestamp}.${raw}`).digest('hex')}`;
      let body: WebhookRequest['body'] = {};
      try {
        body = JSON.parse(raw) as WebhookRequest['body'];
      } catch {
        // Recorded as it is: the test fails on its missing fields.
      }
      requests.push({ signed: timestamp !== '' && req.headers['x-cafe-signature'] === expected, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(E2E_RECEIVERS.webhookPort, '127.0.0.1', resolve));
  return {
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let mailbox: Mailbox | undefined;
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

test.beforeAll(async ({ request }) => {
  await setShopStatus(request, 'cafe-open');
  mailbox = await openMailbox();
});

test.afterAll(async () => {
  // The mailbox stays open for the specs after this one (mailbox.ts).
  await webhook?.close();
});

/** A person's drink, placed and then finished by the demo barista through the API; gives the drink's name and order id. */
async function finishDrinkOf(request: Parameters<typeof apiLogin>[0], accessToken: string) {
  const menu = await cafeMenuOf(request, 'Coffee');
  const orderId = await placeCafeOrderViaApi(request, accessToken, menu, await uploadTinyPng(request, accessToken));
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  await serveOrderViaApi(request, barista.accessToken, orderId);
  return { drink: menu.name, orderId };
}

/** An admin on the Notifications health screen, on a desktop. */
async function openOutboxHealth(
  browser: Browser,
  baseURL: string | undefined,
  request: Parameters<typeof apiLogin>[0],
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithTokens(page, await apiLogin(request, DEMO.admin.email, DEMO.admin.password), '/statusOrder-admin');
  // Reached from the navigation (in the menu at this width: an admin has many links).
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/notifications-admin$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  return page;
}

/** The cells of a channel's row in the health table: configured, pending, failed, sent, last error. */
function channelRow(page: Page, channel: string) {
  return page
    .getByRole('table', { name: "Each channel's outbox" })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: channel, exact: true }) })
    .getByRole('cell');
}

test('a person picks the webhook, e-mail and Thai on their profile; a finished drink reaches both, signed', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  webhook = await startWebhookReceiver();
  const person = await registerUser(request, 'Nok Notify');

  await loginViaUi(page, person.email, person.password);
  await expect(page).toHaveURL(/\/statusOrder$/);
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(person.email, { exact: true })).toBeVisible();

  const channels = page.getByRole('group', { name: 'Tell me my drink is ready by' });
  await expect(channels.getByRole('checkbox', { name: 'Slack' })).toBeDisabled();
  await expect(channels.getByRole('checkbox', { name: 'Slack' })).toHaveAccessibleDescription(
    'Not set up by your company.',
  );
  await channels.getByRole('checkbox', { name: WEBHOOK_CHANNEL }).check();
  await channels.getByRole('checkbox', { name: 'E-mail' }).check();
  await page.getByRole('group', { name: 'Language of my messages' }).getByRole('radio', { name: 'ไทย' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your notification settings were saved.')).toBeVisible();

  await page.reload();
  await expect(channels.getByRole('checkbox', { name: WEBHOOK_CHANNEL })).toBeChecked();
  await expect(channels.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'ไทย' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'English' })).not.toBeChecked();

  const tokens = await apiLogin(request, person.email, person.password);
  const { drink, orderId } = await finishDrinkOf(request, tokens.accessToken);

  const received = webhook.requests;
  await expect.poll(() => received.length, { timeout: OUTBOX_WAIT_MS }).toBeGreaterThan(0);
  await expect
    .poll(() => mailbox!.mailsTo(person.email).filter((m) => !isConfirmationMail(m)).length, {
      timeout: OUTBOX_WAIT_MS,
    })
    .toBe(1);

  // The admin sees both delivered, nothing waiting; by then no second request has come either.
  const admin = await openOutboxHealth(browser, baseURL, request);
  await expect(channelRow(admin, WEBHOOK_CHANNEL).nth(0)).toHaveText('Configured');
  await expect(channelRow(admin, 'Slack').nth(0)).toHaveText('Not configured');
  await expect(channelRow(admin, WEBHOOK_CHANNEL).nth(1)).toHaveText('0');
  await expect(channelRow(admin, 'E-mail').nth(1)).toHaveText('0');
  expect(Number(await channelRow(admin, WEBHOOK_CHANNEL).nth(3).textContent())).toBeGreaterThanOrEqual(1);
  expect(Number(await channelRow(admin, 'E-mail').nth(3).textContent())).toBeGreaterThanOrEqual(1);
  await admin.context().close();

  expect(received).toHaveLength(1);
  expect(received[0]!.signed, 'X-Cafe-Signature matches the body').toBe(true);
  expect(received[0]!.body).toMatchObject({
    type: 'order.done',
    language: 'th',
    recipient: { email: person.email },
    order: { id: orderId, drink },
  });
});

test('a webhook receiver that is down: the admin sees the notification pending with its error, then delivered once', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  await webhook?.close();
  webhook = undefined;
  const person = await registerUser(request, 'Dao Down');
  const tokens = await apiLogin(request, person.email, person.password);
  const chosen = await request.put('/api/user/notifications', {
    headers: bearer(tokens.accessToken),
    data: { webhook: true, push: false },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);

  const { drink, orderId } = await finishDrinkOf(request, tokens.accessToken);

  const admin = await openOutboxHealth(browser, baseURL, request);
  const refresh = admin.getByRole('button', { name: 'Refresh' });
  const webhookRow = channelRow(admin, WEBHOOK_CHANNEL);
  // Refresh is pressed again each second the screen does not show it yet (the outer bound waits).
  await expect(async () => {
    await refresh.click();
    await expect(webhookRow.nth(1)).toHaveText('1', { timeout: 1_000 });
    await expect(webhookRow.nth(4)).toContainText(/could not be reached|ECONNREFUSED/, { timeout: 1_000 });
  }).toPass({ timeout: OUTBOX_WAIT_MS });
  await expect(admin.getByTestId('outbox-pending').locator('dd')).toHaveText('1');
  await expect(admin.getByRole('region', { name: `Last error (${WEBHOOK_CHANNEL})` })).toContainText(
    /could not be reached|ECONNREFUSED/,
  );

  webhook = await startWebhookReceiver();
  const received = webhook.requests;
  // The outbox tries again on its own (300 ms, doubling): the screen shows it gone out.
  await expect(async () => {
    await refresh.click();
    await expect(admin.getByTestId('outbox-pending').locator('dd')).toHaveText('0', { timeout: 1_000 });
  }).toPass({ timeout: OUTBOX_WAIT_MS });
  await expect(webhookRow.nth(1)).toHaveText('0');
  await admin.context().close();

  expect(received).toHaveLength(1);
  expect(received[0]!.signed, 'X-Cafe-Signature matches the body').toBe(true);
  expect(received[0]!.body).toMatchObject({ type: 'order.done', language: 'en', order: { id: orderId, drink } });
});
