import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './test';
import {
  AT_THE_CAFE,
  DEMO,
  WIDE_DESKTOP,
  apiLogin,
  bearer,
  cafeMenuOf,
  clearActiveOrders,
  expectAccessible,
  msg,
  placeCafeOrderViaApi,
  recordAuditedChange,
  registerUser,
  serveOrderViaApi,
  setShopStatus,
  signInWithTokens,
  TINY_PNG_FILE,
  uploadTinyPng,
  type Language,
} from './support';
import { expectTargetSizes } from './target-size';

/**
 * Every screen of the specification, for each role, passes axe-core's WCAG 2.2 A/AA rules at every
 * impact; each has one main landmark, a banner or navigation, and exactly one h1; each dialog has
 * a name. Customers are walked on a phone, staff on a tablet or a desktop, in the cafe theme and,
 * where a screen has it, in the bar theme. The user and barista walks run again in Thai: the page
 * says it is Thai, shows Thai and never a raw message id.
 */

// A control that is not there fails the walk at once rather than at the end of its time.
test.use({ actionTimeout: 15_000 });

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

/** A message id shown instead of its text (the message is missing from the catalogue). */
const RAW_ID =
  /\b(common|shared|auth|info|order|barista|dashboards|management|schedule|users|sites|notifications)\.[a-zA-Z]+\.[a-zA-Z.]+/;
const THAI = /[\u0E00-\u0E7F]/;

type Tokens = { accessToken: string; refreshToken: string };
type Theme = 'cafe' | 'bar';

/** One role's walk through its screens in one browser context, in one language. */
class Walk {
  /** Raw message ids seen, with the screens they were seen on. */
  readonly rawIds = new Map<string, Set<string>>();
  theme: Theme = 'cafe';

  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {}

  /** A message as this walk's language shows it. */
  t(id: string, values?: Record<string, string | number>) {
    return msg(this.language, id, values);
  }

  /** Opens `path` and checks the screen it shows (`at`: where the route settles, when it moves on). */
  async visit(path: string, options: { name?: string; ready?: (page: Page) => Locator; at?: string } = {}) {
    await this.page.goto(path);
    await expect(this.page).toHaveURL((url) => url.pathname === (options.at ?? path).split('?')[0]);
    if (options.ready) await expect(options.ready(this.page).first()).toBeVisible();
    await this.check(options.name ?? path);
  }

  /** Checks the screen as it is now: settled, landmarks, headings, axe, language. */
  async check(screen: string) {
    const { page } = this;
    const label = `${screen} (${this.language}, ${this.theme} theme)`;
    await this.settle();
    await expect(page.locator('html'), label).toHaveAttribute('data-theme', this.theme);
    // Landmarks: one main, a banner or a navigation; one h1 names the screen.
    await expect.soft(page.getByRole('main'), `${label}: one main landmark`).toHaveCount(1);
    await expect
      .soft(page.getByRole('banner').or(page.getByRole('navigation')), `${label}: a banner or a navigation landmark`)
      .not.toHaveCount(0);
    await expect.soft(page.getByRole('heading', { level: 1 }), `${label}: exactly one h1`).toHaveCount(1);
    await expectAccessible(page, label, { strict: true, soft: true });
    await expectTargetSizes(page, label, { soft: true });
    await this.checkLanguage(label, page.getByRole('main'));
  }

  /** Checks an open dialog (or sheet): it has a name, and the page with it open passes axe. */
  async checkDialog(dialog: Locator, screen: string) {
    const label = `${screen} (${this.language}, ${this.theme} theme)`;
    await expect(dialog).toBeVisible();
    await this.settle();
    await expect.soft(dialog, `${label}: the dialog has a name`).toHaveAccessibleName(/\S/);
    await expect.soft(dialog.getByRole('heading').first(), `${label}: the dialog has a title`).toBeVisible();
    await expectAccessible(this.page, label, { strict: true, soft: true });
    await expectTargetSizes(this.page, label, { soft: true, within: dialog });
    await this.checkLanguage(label, dialog);
  }

  /** Loading is over: no spinner shows, nothing moves (within the run's expect timeout). */
  private async settle() {
    await expect(this.page.locator('.spinner:visible, .animate-spin:visible')).toHaveCount(0);
  }

  /**
   * The page speaks the walk's language: `lang` says it, the screen itself (`content`: its main
   * landmark or the dialog) shows Thai in Thai, and no raw message id shows anywhere.
   */
  private async checkLanguage(label: string, content: Locator) {
    const { page } = this;
    await expect(page.locator('html'), label).toHaveAttribute('lang', this.language);
    const texts = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (text && node.parentElement?.checkVisibility()) found.push(text);
      }
      // What screen readers say of a control: its label, placeholder or title.
      for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], img[alt]')) {
        if (!el.checkVisibility()) continue;
        for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = el.getAttribute(attr)?.trim();
          if (value) found.push(value);
        }
      }
      return found;
    });
    for (const text of texts) {
      const id = RAW_ID.exec(text)?.[0];
      if (!id) continue;
      const screens = this.rawIds.get(id) ?? new Set<string>();
      screens.add(label);
      this.rawIds.set(id, screens);
    }
    if (this.language === 'th') await expect.soft(content, `${label}: Thai text shows`).toContainText(THAI);
  }

  /** Fails when a raw message id showed anywhere on the walk (each with where it was seen). */
  expectNoRawIds() {
    const seen = [...this.rawIds].map(([id, screens]) => `${id}: ${[...screens].join('; ')}`);
    expect(seen, `raw message ids shown instead of ${this.language} text`).toEqual([]);
  }
}

async function startWalk(
  browser: Browser,
  baseURL: string | undefined,
  language: Language,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: language === 'th' ? 'th-TH' : 'en-GB',
    ...AT_THE_CAFE,
  });
  return new Walk(await context.newPage(), language);
}

async function venue(request: APIRequestContext, status: 'cafe-open' | 'bar-open' | 'close-both') {
  await clearActiveOrders(request);
  await setShopStatus(request, status);
}

/** An active item of the bar menu (the demo data has Mojito). */
async function barMenuOf(request: APIRequestContext) {
  const res = await request.get('/api/category', { params: { categoryFor: 'bar' } });
  expect(res.status(), await res.text()).toBe(200);
  const categories = (await res.json()) as {
    menu: { id: number; name: string; description: string; isActive: string }[];
  }[];
  const item = categories.flatMap((c) => c.menu).find((m) => m.isActive === 'active');
  expect(item, 'an active bar item').toBeTruthy();
  return item!;
}

/** A category of the demo data, with one of its items. */
async function categoryOf(request: APIRequestContext, name: string) {
  const res = await request.get('/api/category');
  expect(res.status(), await res.text()).toBe(200);
  const categories = (await res.json()) as { id: number; name: string; menu: { id: number; name: string }[] }[];
  const category = categories.find((c) => c.name === name);
  expect(category, `the category ${name}`).toBeTruthy();
  return { id: category!.id, name: category!.name, menu: category!.menu[0]! };
}

/** The hamburger menu: opened, checked, closed with Escape. */
async function checkHamburger(walk: Walk, screen: string) {
  await walk.page.getByRole('button', { name: walk.t('common.nav.openMenu') }).click();
  await walk.checkDialog(walk.page.getByRole('dialog', { name: walk.t('common.nav.sheetTitle') }), screen);
  await walk.page.keyboard.press('Escape');
  await expect(walk.page.getByRole('dialog')).toHaveCount(0);
}

/** The cafe order form, its errors, and the summary dialog (not confirmed). */
async function checkCafeForm(walk: Walk, formPath: string, menuName: string) {
  const { page } = walk;
  await walk.visit(formPath, {
    name: 'the cafe order form',
    ready: (p) => p.getByRole('heading', { name: menuName, level: 1 }),
  });
  await page.getByRole('button', { name: walk.t('order.form.next') }).click();
  await expect(page.getByText(walk.t('shared.spec.checkOrder'))).toBeVisible();
  await walk.check('the cafe order form with its errors');

  await page.getByRole('radio', { name: walk.t('shared.drink.cold') }).click();
  await page.getByRole('radio', { name: '50%', exact: true }).click();
  await page.getByRole('button', { name: walk.t('order.tumbler.upload') }).click();
  await page.getByLabel(walk.t('order.tumbler.choose')).setInputFiles(TINY_PNG_FILE);
  await expect(page.getByRole('img', { name: walk.t('order.tumbler.alt') })).toBeVisible();
  await walk.check('the cafe order form, filled in');
  await page.getByRole('button', { name: walk.t('order.form.next') }).click();
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('order.summary.title') }), 'the order summary');
  await page.getByRole('button', { name: walk.t('order.summary.edit') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Places two orders for a customer: one finished (Pick Up), one waiting (Cancel). */
async function customerOrders(request: APIRequestContext, tokens: Tokens) {
  const barista = (await apiLogin(request, DEMO.barista.email, DEMO.barista.password)).accessToken;
  const image = await uploadTinyPng(request, tokens.accessToken);
  const done = await placeCafeOrderViaApi(request, tokens.accessToken, await cafeMenuOf(request, 'Coffee'), image);
  await serveOrderViaApi(request, barista, done);
  const tea = await cafeMenuOf(request, 'Tea');
  await placeCafeOrderViaApi(request, tokens.accessToken, tea, image);
  return { tea };
}

/** My Order with a finished and a waiting order, and its cancel dialog. */
async function checkMyOrder(walk: Walk, path: string, teaName: string) {
  const { page } = walk;
  await walk.visit(path, {
    name: 'My Order (finished and waiting)',
    ready: (p) => p.getByRole('button', { name: walk.t('order.card.pickUp') }),
  });
  await page.getByRole('button', { name: walk.t('order.card.cancel'), exact: true }).click();
  await walk.checkDialog(
    page.getByRole('alertdialog', { name: walk.t('order.cancel.title', { menuName: teaName }) }),
    'the cancel dialog',
  );
  await page.getByRole('button', { name: walk.t('order.cancel.close') }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

test.afterAll(async ({ request }) => {
  await venue(request, 'cafe-open');
});

const LANGUAGES = [
  ['en', 'English'],
  ['th', 'Thai'],
] as const;

for (const [language, languageName] of LANGUAGES) {
  test(`visitor: every public screen, in the cafe and the bar theme, in ${languageName}`, async ({
    browser,
    baseURL,
    request,
  }) => {
    await walkVisitor(await startWalk(browser, baseURL, language, PHONE), request);
  });
}

async function walkVisitor(walk: Walk, request: APIRequestContext) {
  test.setTimeout(300_000);
  await venue(request, 'cafe-open');
  const { page } = walk;

  await walk.visit('/', { name: 'the public cafe menu', ready: (p) => p.getByRole('tab') });
  // A drink chosen while signed out asks to sign in first.
  await page.getByRole('tabpanel').getByRole('button').and(page.locator(':enabled')).first().click();
  await walk.checkDialog(
    page.getByRole('alertdialog', { name: walk.t('order.cafeMenu.signInTitle') }),
    'the sign-in notice',
  );
  await page.keyboard.press('Escape');
  await walk.visit('/login', { ready: (p) => p.getByRole('button', { name: walk.t('auth.login.open'), exact: true }) });
  // The identity provider's answer, refused: back on /login, which says why.
  await walk.visit('/login/sso', { at: '/login', name: '/login/sso, refused', ready: (p) => p.getByRole('alert') });
  await page.getByRole('button', { name: walk.t('auth.login.open'), exact: true }).click();
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('auth.login.dialogTitle') }), 'the login dialog');
  await page.keyboard.press('Escape');
  await walk.visit('/create', { ready: (p) => p.getByRole('button', { name: walk.t('auth.register.submit') }) });
  // The link of a confirmation mail that does not work (this cafe sends none): its refusal.
  await walk.visit(`/confirm-email?token=${'x'.repeat(43)}`, {
    name: '/confirm-email (a link that does not work)',
    ready: (p) => p.getByRole('link', { name: walk.t('auth.confirm.signIn') }),
  });
  await walk.visit('/team-credit');
  await visitPrivacy(walk);
  await walk.visit('/unauthorized');
  // Any other address needs signing in first.
  await walk.visit('/no-such-page', { at: '/login', name: 'the catch-all, signed out' });
  // The bar menu, closed now: its house rules show on a first visit.
  await page.goto('/order_bar');
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('order.barNotice.title') }), 'the bar notice');
  await page.getByRole('button', { name: walk.t('order.barNotice.understand') }).click();
  await walk.check('/order_bar (bar closed)');
  // A signed-out person sent from a signed-in screen lands on /login.
  await walk.visit('/statusOrder', { at: '/login', name: '/statusOrder signed out' });

  await venue(request, 'bar-open');
  walk.theme = 'bar';
  await walk.visit('/order_bar', { ready: (p) => p.getByRole('tab') });
  await walk.visit('/', { name: 'the public cafe menu (cafe closed)' });
  await walk.visit('/login');
  await walk.visit('/create');
  await walk.visit('/team-credit');
  await visitPrivacy(walk);
  walk.expectNoRawIds();
  await page.context().close();
}

async function walkUser(walk: Walk, request: APIRequestContext) {
  const { page } = walk;
  await venue(request, 'cafe-open');
  const customer = await registerUser(request, 'Walk User');
  const tokens = await apiLogin(request, customer.email, customer.password);
  const coffee = await cafeMenuOf(request, 'Coffee');

  await signInWithTokens(page, tokens, '/menuCafe');
  await walk.visit('/menuCafe', { ready: (p) => p.getByRole('tab') });
  await walk.visit('/menucafe', { ready: (p) => p.getByRole('tab') });
  // The front door sends a signed-in person on to their landing screen.
  await walk.visit('/', { at: '/menucafe', name: '/ (signed in)', ready: (p) => p.getByRole('tab') });
  await checkHamburger(walk, 'the hamburger menu');
  await walk.visit('/statusOrder', { name: 'My Order (no orders)' });
  await checkCafeForm(walk, `/form/${encodeURIComponent(coffee.name)}/${coffee.id}`, coffee.name);

  const { tea } = await customerOrders(request, tokens);
  await checkMyOrder(walk, '/statusOrder', tea.name);
  // Two drinks today: choosing a third says the limit is reached.
  await walk.visit('/menuCafe', { name: '/menuCafe (limit reached)', ready: (p) => p.getByRole('tab') });
  await page.getByRole('tabpanel').getByRole('button').and(page.locator(':enabled')).first().click();
  await walk.checkDialog(
    page.getByRole('alertdialog', { name: walk.t('order.limit.title') }),
    'the order limit notice',
  );
  await page.keyboard.press('Escape');
  await walk.visit('/ordered', { name: 'History', ready: (p) => p.getByRole('listitem') });
  await visitProfile(walk);
  await walk.visit('/team-credit');
  await visitPrivacy(walk);
  await walk.visit('/unauthorized');
  await walk.visit('/no-such-page', { name: 'the catch-all' });
  await walk.visit('/userManagement', { at: '/unauthorized', name: 'an admin screen (denied)' });

  await venue(request, 'bar-open');
  walk.theme = 'bar';
  const bar = await barMenuOf(request);
  await page.goto('/menubar');
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('order.barNotice.title') }), 'the bar notice');
  await page.getByRole('button', { name: walk.t('order.barNotice.understand') }).click();
  await walk.check('/menubar');
  await walk.visit('/order_bar', { ready: (p) => p.getByRole('tab') });
  await walk.visit(`/form-bar/${encodeURIComponent(bar.name)}/${bar.id}/${encodeURIComponent(bar.description)}`, {
    name: 'the bar order form',
    ready: (p) => p.getByRole('heading', { name: bar.name, level: 1 }),
  });
  await walk.visit('/statusOrder', { name: 'My Order (bar open)' });
  await walk.visit('/ordered', { name: 'History (bar open)' });
  await walk.visit('/team-credit');

  await venue(request, 'close-both');
  walk.theme = 'cafe';
  await walk.visit('/close-all');
  await walk.visit('/menuCafe', { at: '/close-all', name: '/menuCafe (both closed)' });
  await venue(request, 'cafe-open');
}

test('user: every screen in English', async ({ browser, baseURL, request }) => {
  test.setTimeout(360_000);
  const walk = await startWalk(browser, baseURL, 'en', PHONE);
  await walkUser(walk, request);
  walk.expectNoRawIds();
  await walk.page.context().close();
});

test('user: every screen in Thai', async ({ browser, baseURL, request }) => {
  test.setTimeout(360_000);
  const walk = await startWalk(browser, baseURL, 'th', PHONE);
  await walkUser(walk, request);
  walk.expectNoRawIds();
  await walk.page.context().close();
});

for (const [language, languageName] of LANGUAGES) {
  test(`admin: every screen, customer screens on a phone and staff screens on a desktop, in ${languageName}`, async ({
    browser,
    baseURL,
    request,
  }) => {
    await walkAdmin(await startWalk(browser, baseURL, language, PHONE), request);
  });
}

async function walkAdmin(walk: Walk, request: APIRequestContext) {
  test.setTimeout(360_000);
  await venue(request, 'cafe-open');
  const { page } = walk;
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const coffee = await cafeMenuOf(request, 'Coffee');

  await signInWithTokens(page, admin, '/menuCafe-admin');
  await walk.visit('/menuCafe-admin', { ready: (p) => p.getByRole('tab') });
  await checkHamburger(walk, 'the admin hamburger menu');
  await checkCafeForm(walk, `/form-admin/${encodeURIComponent(coffee.name)}/${coffee.id}`, coffee.name);
  await walk.visit('/statusOrder-admin');
  await walk.visit('/ordered-admin');
  await walk.visit('/team-credit');
  await visitPrivacy(walk);
  await walk.visit('/unauthorized');
  await walk.visit('/no-such-page', { name: 'the catch-all' });

  await page.setViewportSize(WIDE_DESKTOP);
  await walk.visit('/dashboard-admin', { ready: (p) => p.getByRole('table') });
  await walk.visit('/dashboard-admin-bar');
  await walk.visit('/userManagement', {
    ready: (p) => p.getByRole('button', { name: walk.t('users.editRole', { name: '' }) }),
  });
  await page
    .getByRole('button', { name: walk.t('users.editRole', { name: '' }) })
    .first()
    .click();
  await expect(page.getByRole('combobox', { name: walk.t('users.roleOf', { name: '' }) })).toBeVisible();
  await walk.check('/userManagement, editing a role');
  await page.getByRole('button', { name: walk.t('users.editor.cancel') }).click();
  // The list shows names cut short; the button's name has the whole name.
  const deletePrefix = walk.t('users.delete.button', { name: '' });
  const deleteButton = page.getByRole('button', { name: deletePrefix }).first();
  const other = ((await deleteButton.getAttribute('aria-label')) ?? '').slice(deletePrefix.length);
  await deleteButton.click();
  const deleteQuestion = page.getByRole('alertdialog', { name: walk.t('users.delete.title', { name: other }) });
  await walk.checkDialog(deleteQuestion, "deleting someone's account (not confirmed)");
  await deleteQuestion.getByRole('button', { name: walk.t('users.delete.keep') }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await walk.visit('/userManagement-bar');
  await walk.visit('/opening-hours-admin');
  await walkSites(walk);
  await walk.visit('/notifications-admin', {
    ready: (p) => p.getByRole('table', { name: walk.t('notifications.outbox.tableCaption') }),
  });
  await recordAuditedChange(request, admin.accessToken);
  await walk.visit('/audit-admin', { ready: (p) => p.getByRole('table', { name: walk.t('audit.entries') }) });
  await visitProfile(walk);
  await walk.visit('/ordering', { at: '/unauthorized', name: 'a barista screen (denied)' });

  await venue(request, 'bar-open');
  walk.theme = 'bar';
  await page.setViewportSize(PHONE);
  const bar = await barMenuOf(request);
  await page.goto('/menubar-admin');
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('order.barNotice.title') }), 'the bar notice');
  await page.getByRole('button', { name: walk.t('order.barNotice.understand') }).click();
  await walk.check('/menubar-admin');
  await walk.visit(`/form-bar-admin/${encodeURIComponent(bar.name)}/${bar.id}/${encodeURIComponent(bar.description)}`, {
    name: 'the admin bar order form',
    ready: (p) => p.getByRole('heading', { name: bar.name, level: 1 }),
  });
  await walk.visit('/statusOrder-admin', { name: 'My Order (admin, bar open)' });
  await page.setViewportSize(WIDE_DESKTOP);
  await walk.visit('/dashboard-admin-bar', { name: '/dashboard-admin-bar (bar open)' });

  await venue(request, 'close-both');
  walk.theme = 'cafe';
  await page.setViewportSize(PHONE);
  await walk.visit('/close-all-admin');
  walk.expectNoRawIds();
  await page.context().close();
  await venue(request, 'cafe-open');
}

/** The Profile, once its notification settings have loaded (every role has it), and its delete question. */
async function visitProfile(walk: Walk) {
  const { page } = walk;
  await walk.visit('/profile', {
    ready: (p) => p.getByRole('group', { name: walk.t('notifications.channels.legend') }),
  });
  await page.getByRole('button', { name: walk.t('notifications.yourData.delete') }).click();
  const question = page.getByRole('alertdialog', { name: walk.t('notifications.deleteAccount.title') });
  await walk.checkDialog(question, 'the delete-account question (not confirmed)');
  await question.getByRole('button', { name: walk.t('notifications.deleteAccount.keep') }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** The privacy page (public), once the deployment's numbers have loaded. */
async function visitPrivacy(walk: Walk) {
  await walk.visit('/privacy', {
    ready: (p) => p.getByRole('table', { name: walk.t('info.privacy.table.caption') }),
  });
}

/** Sites (/sites-admin): the list, the form with its checks shown, the baristas and the archive question. */
async function walkSites(walk: Walk) {
  const { page } = walk;
  await walk.visit('/sites-admin', { ready: (p) => p.getByRole('list', { name: walk.t('sites.list') }) });
  await page.getByRole('button', { name: walk.t('sites.new') }).click();
  const form = page.getByRole('dialog', { name: walk.t('sites.form.newTitle') });
  await form.getByRole('button', { name: walk.t('sites.form.save') }).click();
  await expect(form.getByText(walk.t('sites.error.nameRequired'))).toBeVisible();
  await walk.checkDialog(form, 'the new site form, with its checks');
  await form.getByRole('button', { name: walk.t('sites.form.cancel') }).click();

  const first = page
    .getByRole('list', { name: walk.t('sites.list') })
    .getByRole('heading')
    .first();
  const name = (await first.textContent()) ?? '';
  await page.getByRole('button', { name: walk.t('sites.card.baristasOf', { name }) }).click();
  const staff = page.getByRole('dialog', { name: walk.t('sites.baristas.title', { name }) });
  await expect(staff.getByRole('list', { name: walk.t('sites.baristas.current') })).toBeVisible();
  await walk.checkDialog(staff, "a site's baristas");
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: walk.t('sites.card.archiveOf', { name }) }).click();
  const question = page.getByRole('alertdialog', { name: walk.t('sites.archive.title', { name }) });
  await walk.checkDialog(question, 'the archive question');
  await question.getByRole('button', { name: walk.t('sites.archive.keep') }).click();
  await expect(question).toBeHidden();
}

async function walkBarista(walk: Walk, request: APIRequestContext) {
  const { page } = walk;
  await venue(request, 'cafe-open');
  const barista = await apiLogin(request, DEMO.barista.email, DEMO.barista.password);
  const customer = await registerUser(request, 'Walk Customer');
  const customerTokens = await apiLogin(request, customer.email, customer.password);
  const image = await uploadTinyPng(request, customerTokens.accessToken);
  const making = await placeCafeOrderViaApi(
    request,
    customerTokens.accessToken,
    await cafeMenuOf(request, 'Coffee'),
    image,
  );
  const res = await request.patch(`/api/order/barista/${making}`, {
    headers: bearer(barista.accessToken),
    data: { status: 'in-progress' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await placeCafeOrderViaApi(request, customerTokens.accessToken, await cafeMenuOf(request, 'Tea'), image);
  const coffee = await categoryOf(request, 'Coffee');

  await signInWithTokens(page, barista, '/ordering');
  await walk.visit('/ordering', { name: 'the order board', ready: (p) => p.locator('[data-ticket-id]') });
  const ticket = page.locator('[data-ticket-id]').last();
  await ticket.getByRole('button', { name: walk.t('barista.ticket.cancel'), exact: true }).click();
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('barista.reject.title') }), 'the reject dialog');
  await page.keyboard.press('Escape');
  await ticket.getByTitle(walk.t('barista.ticket.timeline')).click();
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('barista.timeline.title') }), 'the order timeline');
  await page.keyboard.press('Escape');
  await ticket.getByRole('button', { name: walk.t('barista.tumbler.show', { person: customer.name }) }).click();
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('barista.tumbler.title') }), 'the tumbler preview');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator('[data-ticket-id]').last().getByRole('button').first().focus();
  await page.keyboard.press('?');
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('barista.shortcuts.title') }), 'the shortcuts');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: walk.t('barista.walkUp.title') }).click();
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('barista.walkUp.title') }), 'the walk-up order');
  await page.keyboard.press('Escape');
  await page.getByTitle(walk.t('barista.settings.buttonTitle')).click();
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('barista.settings.title') }), 'the board settings');
  await page.keyboard.press('Escape');
  await checkHamburger(walk, 'the staff menu');

  await walk.visit('/history');
  await walk.visit('/menuManagement');
  await walk.visit(`/menuManagement/${coffee.name}/${coffee.id}`, {
    name: 'a category page',
    ready: (p) => p.getByRole('switch'),
  });
  await page.getByRole('button', { name: walk.t('management.categoryMenu.deleteAll') }).click();
  await walk.checkDialog(
    page.getByRole('alertdialog', { name: walk.t('management.categoryMenu.confirmAllTitle', { name: coffee.name }) }),
    'the delete-all confirmation',
  );
  await page.getByRole('button', { name: walk.t('common.ui.close') }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await walk.visit(`/edit-menu/${coffee.menu.id}`, { name: 'the edit menu form' });
  await walk.visit(`/add-menu/${coffee.id}`, { name: 'the add menu form' });
  await walk.visit('/add-category');
  await walk.visit(`/edit-category/${coffee.id}`, { name: 'the edit category form' });
  await walk.visit('/dashboard-cafe', { ready: (p) => p.getByRole('table') });
  await walk.visit('/dashboard-bar');
  await walk.visit('/opening-hours');
  await visitProfile(walk);
  await walk.visit('/', { at: '/ordering', name: '/ (signed in)', ready: (p) => p.locator('[data-ticket-id]') });
  // The public bar menu (closed now) links to the public cafe menu, with the barista's category list.
  await page.goto('/order_bar');
  await walk.checkDialog(page.getByRole('dialog', { name: walk.t('order.barNotice.title') }), 'the bar notice');
  await page.getByRole('button', { name: walk.t('order.barNotice.understand') }).click();
  await walk.check('/order_bar, for a barista');
  await page.getByRole('link', { name: walk.t('order.barMenu.goToCafe') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('combobox', { name: walk.t('order.cafeMenu.category') })).toBeVisible();
  await walk.check('the cafe menu, for a barista');
  await walk.visit('/team-credit');
  await visitPrivacy(walk);
  await walk.visit('/unauthorized');
  await walk.visit('/no-such-page', { name: 'the catch-all' });
  await walk.visit('/statusOrder', { at: '/unauthorized', name: 'a customer screen (denied)' });

  await venue(request, 'bar-open');
  walk.theme = 'bar';
  await walk.visit('/ordering', { name: 'the order board in bar mode' });
  await page.getByRole('radio', { name: walk.t('barista.shop.cafe') }).click();
  await walk.checkDialog(
    page.getByRole('alertdialog', { name: walk.t('barista.shop.openCafeTitle') }),
    'the shop status dialog',
  );
  await page.getByRole('button', { name: walk.t('common.ui.close') }).click();
  await walk.visit('/history', { name: '/history (bar open)' });
  await walk.visit('/dashboard-bar', { name: '/dashboard-bar (bar open)' });

  await venue(request, 'close-both');
  walk.theme = 'cafe';
  await walk.visit('/ordering', { name: 'the order board, closed' });
  await walk.visit('/menuManagement', {
    name: '/menuManagement (closed: categories can be edited)',
    ready: (p) => p.getByRole('link', { name: walk.t('management.category.edit', { name: coffee.name }) }),
  });
  await walk.visit(`/edit-category/${coffee.id}`, { name: 'the edit category form (closed)' });
  await page.getByRole('button', { name: walk.t('management.editCategory.delete') }).click();
  await walk.checkDialog(
    page.getByRole('alertdialog', { name: walk.t('management.editCategory.confirmTitle', { name: coffee.name }) }),
    'the delete-category confirmation',
  );
  await page.getByRole('button', { name: walk.t('common.ui.close') }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await venue(request, 'cafe-open');
}

test('barista: every screen on a tablet, in English', async ({ browser, baseURL, request }) => {
  test.setTimeout(600_000);
  const walk = await startWalk(browser, baseURL, 'en', TABLET);
  await walkBarista(walk, request);
  walk.expectNoRawIds();
  await walk.page.context().close();
});

test('barista: every screen on a tablet, in Thai', async ({ browser, baseURL, request }) => {
  test.setTimeout(600_000);
  const walk = await startWalk(browser, baseURL, 'th', TABLET);
  await walkBarista(walk, request);
  walk.expectNoRawIds();
  await walk.page.context().close();
});
