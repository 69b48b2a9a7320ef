import { LIMITS, tagsValue, type OptionGroup, type Order } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLine, wordsIn, type Words } from '../../lib/chat-words';
import { googleChatDriver, lineDriver, slackDriver, teamsDriver, unSlack } from '../../test-support/chat-drivers';
import type { ChatDriver } from '../../test-support/chat-drivers';
import type { DriverOptions } from '../../test-support/chat-drivers';
import { startRun } from '../../test-support/slack-fixtures';
import { FIRST_SITE_ID, type TestUser } from '../../test-support/test-app';

/**
 * One conversation, every chat (issue 63, decision 0107): a script written once, a Thai person who
 * avoids milk and whose usual is a latte that comes with milk, run through each chat adapter against
 * its platform's stand-in. Each step says what the person does, the orders there are afterwards
 * (read through the API) and the sentences they are told (the catalogue's Thai, taken out of each
 * platform's format). Every chat must end with the same orders and have said the same words.
 * On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */

const th = wordsIn('th');
const en = wordsIn('en');
const MILK = tagsValue(['milk']);
/** The usual: a hot latte at 50%, made with the item's default milk (Whole milk, tagged milk). */
const USUAL = { type: 'hot', sweetness: 50 } as const;

/** What a step knows: the chat, its site, the orders before the step, the milk choice, a barista. */
interface At {
  d: ChatDriver;
  site: string;
  before: Order[];
  wholeMilk: number;
  barista: TestUser;
  /** The run a step started, as the chats say its times. */
  run?: { pickup: string; closes: string };
}

interface Step {
  name: string;
  act(at: At): Promise<void>;
  /**
   * The person's orders of the day after the step, oldest first: "<drink in English>: <status>", and
   * what the barista is warned of (what the person confirmed the drink has that they avoid).
   */
  orders: string[];
  /** What the person is told in this step, in `w`'s words (the catalogue's). */
  says(w: Words, at: At): Said[];
}

/**
 * A sentence the person reads; or the parts one line of what they read holds together (a drink and
 * its mark in a list, whatever each layout puts between them: its site, a dash).
 */
type Said = string | string[];
/** A sentence as every chat says it: the catalogue's markup off, spaces collapsed. */
const plainSaid = (said: Said): Said => (typeof said === 'string' ? unSlack(said) : said.map(unSlack));
/** Whether what was read says it. */
const saysIn = (read: string, said: Said): boolean =>
  typeof said === 'string'
    ? read.includes(said)
    : read.split('\n').some((line) => said.every((part) => line.includes(part)));
const named = (said: Said): string => (typeof said === 'string' ? said : said.join(' … '));

/** The usual's drink as every chat says it. */
const drink = (w: Words) =>
  ['Latte', w(`people.chat.type.${USUAL.type}`), `${USUAL.sweetness}%`, 'Whole milk'].join(' · ');
/** The usual's order as the API tells it, placed once the person confirmed the milk in it. */
const LATTE = drink(en);
const coffeeWord = (w: Words) => w('people.chat.words.coffee').split(',')[0]?.trim() ?? '';
const runsWord = (w: Words) => w('people.chat.runs.words').split(',')[0]?.trim() ?? '';

/** The words of an order's message: its drink and where it is. */
const placed = (w: Words, status: 'ordered' | 'cancel', place?: number) => [
  w('people.chat.order.placed', { drink: drink(w) }),
  w(`people.chat.status.${status}`),
  ...(place === undefined ? [] : [w('people.chat.order.queuePlace', { place })]),
];

async function soldOut(at: At, soldOut: boolean): Promise<void> {
  const url = `/api/sites/${FIRST_SITE_ID}/option-choices/${at.wholeMilk}`;
  const res = await at.d.t.request('PATCH', url, at.barista, { soldOut });
  expect(res.statusCode, res.body).toBe(200);
}

const SCRIPT: Step[] = [
  {
    name: '1. asks for coffee: the usual offered, with the diet warning',
    act: ({ d }) => d.coffee(coffeeWord(th)),
    orders: [],
    says: (w, { site }) => [
      w('people.chat.diet.warning', { tags: MILK }),
      w('people.chat.usual.confirm', { drink: drink(w), site }),
    ],
  },
  {
    name: "2. Order: placed once, the order's message",
    act: ({ d }) => d.order(),
    orders: [`${LATTE}: ordered, warned milk`],
    says: (w) => placed(w, 'ordered', 1),
  },
  {
    name: "3. Cancel on the order's message: cancelled",
    act: ({ d, before }) => d.cancel(before[0]?.id ?? 0),
    orders: [`${LATTE}: cancel, warned milk`],
    says: (w) => placed(w, 'cancel'),
  },
  {
    name: '4. order again: the drinks ordered before, and a second order of the same drink',
    act: ({ d, before }) => d.orderAgain(before[0]?.id ?? 0, coffeeWord(th)),
    orders: [`${LATTE}: cancel, warned milk`, `${LATTE}: ordered, warned milk`],
    says: (w) => [
      w('people.chat.home.again'),
      [drink(w), w('people.chat.diet.mark', { tags: MILK })],
      ...placed(w, 'ordered', 1),
    ],
  },
  {
    name: "5. the usual's milk sold out at the site: refused with the door's words",
    async act(at) {
      await soldOut(at, true);
      try {
        await at.d.coffee(coffeeWord(th));
        await at.d.order();
      } finally {
        await soldOut(at, false);
      }
    },
    orders: [`${LATTE}: cancel, warned milk`, `${LATTE}: ordered, warned milk`],
    says: (w, { site }) => [w('people.refusal.soldOut', { item: 'Whole milk (Milk)', site })],
  },
  {
    name: "6. a second drink of the day: placed, the day's limit reached",
    async act({ d }) {
      expect(LIMITS.dailyCafeOrders, 'the script reaches the daily limit with its second counted order').toBe(2);
      await d.coffee(coffeeWord(th));
      await d.order();
    },
    orders: [`${LATTE}: cancel, warned milk`, `${LATTE}: ordered, warned milk`, `${LATTE}: ordered, warned milk`],
    says: (w) => placed(w, 'ordered', 2),
  },
  {
    name: '7. a third: refused, the daily limit',
    async act({ d }) {
      await d.coffee(coffeeWord(th));
      await d.order();
    },
    orders: [`${LATTE}: cancel, warned milk`, `${LATTE}: ordered, warned milk`, `${LATTE}: ordered, warned milk`],
    says: (w) => [w('people.refusal.orderLimit')],
  },
  {
    name: '8. the open coffee runs, asked in Thai',
    async act(at) {
      const ann = await at.d.t.createUser({ name: 'Ann' });
      at.run = await startRun(at.d, ann, 'Meeting room 3');
      await at.d.runs(runsWord(th));
    },
    orders: [`${LATTE}: cancel, warned milk`, `${LATTE}: ordered, warned milk`, `${LATTE}: ordered, warned milk`],
    says: (w, { site, run }) => [
      w('people.chat.runs.title', { site }),
      w('people.chat.runs.run', {
        runner: 'Ann',
        place: 'Meeting room 3',
        pickup: run?.pickup ?? '',
        closes: run?.closes ?? '',
        count: 0,
      }),
    ],
  },
];

/** Every chat adapter the script runs through. */
const CHATS: { name: string; driver: (options: DriverOptions) => Promise<ChatDriver> }[] = [
  { name: 'Slack', driver: slackDriver },
  { name: 'LINE', driver: lineDriver },
  { name: 'Teams', driver: teamsDriver },
  { name: 'Google Chat', driver: googleChatDriver },
];

/** What each chat gave at each step: the orders, and which of the step's sentences the person read. */
const outcomes = new Map<string, { orders: string[]; said: string[] }[]>();

for (const chat of CHATS) {
  describe(`the script through ${chat.name}`, () => {
    let at: At;
    const told: { orders: string[]; said: string[] }[] = [];

    beforeAll(async () => {
      let wholeMilk = 0;
      let barista: TestUser | undefined;
      const d = await chat.driver({
        person: (menu) => ({ language: 'th', avoids: ['milk'], usual: { menu_id: menu.latte, ...USUAL } }),
        async prepare({ t, menu }) {
          barista = await t.createUser({ role: 'barista' });
          const created = await t.request('POST', '/api/option-groups', barista, {
            name: 'Milk',
            minChoices: 1,
            maxChoices: 1,
            choices: [{ name: 'Whole milk', isDefault: true, tags: ['milk'] }, { name: 'Oat milk' }],
          });
          expect(created.statusCode, created.body).toBe(201);
          const milk = created.json<OptionGroup>();
          wholeMilk = milk.choices.find((c) => c.name === 'Whole milk')?.id ?? 0;
          const linked = await t.request('PUT', `/api/menu/${menu.latte}/options`, barista, {
            groups: [{ groupId: milk.id }],
          });
          expect(linked.statusCode, linked.body).toBe(200);
        },
      });
      const site = await d.t.app.ctx.db
        .selectFrom('sites')
        .select('name')
        .where('id', '=', FIRST_SITE_ID)
        .executeTakeFirstOrThrow();
      at = { d, site: site.name, before: [], wholeMilk, barista: barista as TestUser };
      outcomes.set(chat.name, told);
    });
    afterAll(() => at?.d.close());

    const mine = async () =>
      (await at.d.t.request('GET', '/api/order/my-queue', at.d.person)).json<Order[]>().sort((a, b) => a.id - b.id);

    for (const step of SCRIPT) {
      it(step.name, async () => {
        at.before = await mine();
        const mark = at.d.read().length;
        await step.act(at);
        const orders = (await mine()).map(
          (o) => `${orderLine(en, o)}: ${o.status}${o.dietWarnings?.length ? `, warned ${o.dietWarnings.join()}` : ''}`,
        );
        const read = at.d.read().slice(mark).join('\n');
        const thai = step.says(th, at).map(plainSaid);
        const english = step.says(en, at).map(plainSaid);
        told.push({ orders, said: thai.filter((said) => saysIn(read, said)).map(named) });

        expect(orders, `${chat.name}: the orders after step ${step.name}`).toEqual(step.orders);
        for (const [i, said] of thai.entries()) {
          expect(saysIn(read, said), `${chat.name} says in Thai "${named(said)}" in:\n${read}`).toBe(true);
          // Said in Thai, not in English (a name, a drink or a number reads the same in both).
          const inEnglish = english[i] ?? '';
          if (named(inEnglish) !== named(said))
            expect(saysIn(read, inEnglish), `${chat.name} says English "${named(inEnglish)}"`).toBe(false);
        }
      });
    }
  });
}

describe('every chat', () => {
  it('gave the same orders and said the same words at every step', () => {
    const [first, ...others] = CHATS.map((chat) => ({ name: chat.name, told: outcomes.get(chat.name) ?? [] }));
    expect(first?.told).toHaveLength(SCRIPT.length);
    for (const other of others) expect(other.told, `${other.name} as ${first?.name}`).toEqual(first?.told);
  });
});
