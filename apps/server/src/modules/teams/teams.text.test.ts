import type { Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baristaPatch } from '../../test-support/order-fixtures';
import {
  actionData,
  callsTo,
  cardOf,
  createTeamsApp,
  linesOf,
  messageFrom,
  postedId,
  sendActivity,
  teamsPerson,
  type TeamsSetup,
} from '../../test-support/teams-fixtures';
import { FIRST_SITE_ID, type TestUser } from '../../test-support/test-app';

/**
 * What people and admins write (a barista's reject note, a drink's and a site's name) reaches Teams
 * as typed. A TextBlock reads markdown (`[click](https://…)` is a link there, `**…**` bold), so a
 * card's words are TextRuns, which read none; the catalogue's own bold and links are made runs.
 */

const NOTE = '**Urgent** [click](https://evil.example/note)';
const DRINK = 'Latte [click](https://evil.example/drink)';
const SITE = '**Annex** [here](https://evil.example)';

/** Every element of a card of `type`. */
function elementsOf(value: unknown, type: string): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap((v) => elementsOf(v, type));
  if (!value || typeof value !== 'object') return [];
  const element = value as Record<string, unknown>;
  return [...(element.type === type ? [element] : []), ...Object.values(element).flatMap((v) => elementsOf(v, type))];
}

/** The pages a card links to: its buttons' and its runs'. */
const linksOf = (card: unknown): string[] => elementsOf(card, 'Action.OpenUrl').map((a) => String(a.url));

describe('words people and admins wrote, in Teams', () => {
  let s: TeamsSetup;
  let barista: TestUser;

  beforeAll(async () => {
    s = await createTeamsApp();
    barista = await s.t.createUser({ role: 'barista' });
    const admin = await s.t.createUser({ role: 'admin' });
    // The name rule keeps brackets out of a name made through the API today; a name from before it
    // (an older release's, a restored or imported database) is still shown as typed.
    await s.t.app.ctx.db.updateTable('menu_items').set({ name: DRINK }).where('id', '=', s.menu.latte).execute();
    s.t.app.ctx.bus.resync();
    const site = await s.t.request('PATCH', `/api/sites/${FIRST_SITE_ID}`, admin, { name: SITE });
    expect(site.statusCode, site.body).toBe(200);
  });
  afterAll(() => s.close());

  it('shows a reject note, a menu name and a site name as typed on the cards: never markdown, never a link', async () => {
    const aad = 'aad-typed';
    const person = await teamsPerson(s, aad, { usual: { menu_id: s.menu.latte, type: 'hot', sweetness: 50 } });
    expect((await sendActivity(s, messageFrom(s, aad, { text: 'usual' }))).statusCode).toBe(202);
    const offered = callsTo(s, aad, 'POST').at(-1);
    const usual = cardOf(offered);
    // The sentence is one run of text, the names in it as typed (no markdown bold, no link).
    expect(linesOf(usual)).toContain(`Order your usual: ${DRINK} · Hot · 50% at ${SITE}?`);
    const run = elementsOf(usual, 'TextRun').find((r) => String(r.text).startsWith('Order your usual'));
    expect(run).toEqual({ type: 'TextRun', text: `Order your usual: ${DRINK} · Hot · 50% at ${SITE}?` });

    await sendActivity(s, messageFrom(s, aad, { value: actionData(usual, 'usual'), replyToId: postedId(s, offered) }));
    const [order] = (await s.t.request('GET', '/api/order/my-queue', person)).json<Order[]>();
    expect(order?.status).toBe('ordered');
    const rejected = await baristaPatch(s.t, barista, order?.id ?? 0, { status: 'rejected', reject_note: NOTE });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await s.t.app.ctx.services.teams.settled();
    const told = cardOf(callsTo(s, aad, 'PUT').at(-1));
    expect(linesOf(told)).toEqual([
      `Your order: ${DRINK} · Hot · 50% at ${SITE} (#${order?.id})`,
      'Rejected',
      `Reason: ${NOTE}`,
    ]);

    for (const card of [usual, told]) {
      // No TextBlock (it reads markdown) and no link but the card's own.
      expect(elementsOf(card, 'TextBlock')).toEqual([]);
      expect(linksOf(card).filter((url) => url.includes('evil.example'))).toEqual([]);
    }
  });

  it("keeps the catalogue's own link a link: someone not linked yet opens theirs from the words", async () => {
    s.teams.members['aad-unlinked'] = { name: 'Stranger', email: 'someone@other.example' };
    await sendActivity(s, messageFrom(s, 'aad-unlinked', { text: 'coffee' }));
    const card = cardOf(callsTo(s, 'aad-unlinked', 'POST').at(-1));
    const link = elementsOf(card, 'TextRun').find((run) => run.selectAction);
    expect(link).toMatchObject({ text: 'this link', selectAction: { type: 'Action.OpenUrl' } });
    expect(linksOf(card)).toEqual([expect.stringMatching(/^https:\/\/cafe\.example\.com\/teams\/link\/[\w-]{40,}$/)]);
    expect(linesOf(card)[0]).toMatch(
      /^Your Teams account is not linked to the cafe yet\. Open this link while signed in/,
    );
  });
});
