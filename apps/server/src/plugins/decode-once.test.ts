import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu, type SeededMenu } from '../test-support/order-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';

/** Every character percent-encoded ("1" is "%31"), digits and letters too. */
const encodedOnce = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
/** Encoded, then encoded again: a value decoded twice would be the text itself. */
const encodedTwice = (text: string) => encodeURIComponent(encodedOnce(text));

/**
 * Input is decoded once, where its encoding is expected (ASVS 1.1.1): an address's path and query
 * by Fastify before the schema sees them, a JSON body not at all. What arrives encoded twice is
 * taken with its "%" as written, never decoded again after validation.
 */
describe('input decoded once', () => {
  let t: TestApp;
  let barista: TestUser;
  let menu: SeededMenu;
  beforeAll(async () => {
    t = await createTestApp();
    barista = await t.createUser({ role: 'barista' });
    menu = await seedMenu(t);
  });
  afterAll(() => t.close());

  it('takes a path id encoded twice as the text it decodes to once, not as the id', async () => {
    const id = String(menu.coffee);
    const once = await t.app.inject({ method: 'GET', url: `/api/category/${encodedOnce(id)}` });
    expect(once.statusCode).toBe(200);
    expect(once.json()).toMatchObject({ id: menu.coffee });
    const twice = await t.app.inject({ method: 'GET', url: `/api/category/${encodedTwice(id)}` });
    // "%2531" reaches the schema as "%31", which is no id: refused, not read as category 1.
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('searches for a query encoded twice as its once-decoded text, "%" and all', async () => {
    const literal = await t.createUser({ name: 'Pim %41 Ko', email: 'pim.percent@example.com' });
    await t.createUser({ name: 'Pim A Ko', email: 'pim.letter@example.com' });
    const url = `/api/user/search?q=${encodeURIComponent(encodeURIComponent('Pim %41'))}`;
    expect(url).toContain('%252541');
    const res = await t.request('GET', url, barista);
    expect(res.statusCode, res.body).toBe(200);
    // Decoded once: "Pim%20%2541" is searched, which no name holds; decoded twice it would be "Pim %41".
    expect(res.json<{ name: string }[]>()).toEqual([]);
    const onceEncoded = await t.request('GET', `/api/user/search?q=${encodeURIComponent('Pim %41')}`, barista);
    expect(onceEncoded.json<{ id: number; name: string }[]>().map((u) => u.id)).toEqual([literal.id]);
  });

  it('keeps percent-encoding in a JSON body as the characters it is', async () => {
    const person = await t.createUser();
    const renamed = await t.request('PATCH', '/api/user', person, { name: 'Caf%C3%A9 %41' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const me = await t.request('GET', '/api/user/me', person);
    expect(me.json<{ name: string }>().name).toBe('Caf%C3%A9 %41');
  });
});
