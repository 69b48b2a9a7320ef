import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import type { FactorAdded, SecondFactorPending, TokenPair, TotpSetup } from '@cafe/shared';
import { simpleParser } from 'mailparser';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { startSmtpReceiver } from '../test-support/receivers';
import { copyOfMigrated, TestClock } from '../test-support/test-app';

const PG_URL = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * A database several apps can open, as several server processes would: on PostgreSQL a copy of the
 * migrated template, as a test app's (migrating an empty one took most of this file's time there).
 */
async function sharedDatabase(): Promise<() => DatabaseHandle> {
  if (PG_URL) {
    const { url, drop } = await copyOfMigrated(PG_URL, loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir() }));
    cleanups.unshift(drop);
    return () => openDatabase({ databaseUrl: url });
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'cafe-rl-'));
  cleanups.unshift(async () => rmSync(dir, { recursive: true, force: true }));
  return () => openDatabase({ sqliteFile: path.join(dir, 'cafe.db') });
}

async function startApp(
  open: () => DatabaseHandle,
  env: Record<string, string> = {},
  clock = new TestClock(),
): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-rl-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: 'off',
    LOCATION_CHECK: 'off',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const database = open();
  const app = await buildApp({ config, database, clock });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

function guess(app: FastifyInstance, i: number, email = 'victim@example.com') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/v2/login',
    headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
    payload: { email, password: `wrong-${i}` },
  });
}

describe('sign-in limits', () => {
  it.each([['off'], ['on']])('refuses 40 guesses at one account from 40 addresses (TRUST_PROXY %s)', async (trust) => {
    const open = await sharedDatabase();
    const app = await startApp(open, trust === 'on' ? { TRUST_PROXY: '1' } : {});
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await guess(app, i)).statusCode);
    expect(statuses).toContain(429);
    const last = await guess(app, 41);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toMatchObject({ message: 'Too many attempts. Please wait a moment and try again.' });
  });

  it('shares the counters between two processes and keeps them over a restart', async () => {
    const open = await sharedDatabase();
    const first = await startApp(open, { TRUST_PROXY: '1' });
    const second = await startApp(open, { TRUST_PROXY: '1' });
    for (let i = 0; i < 5; i++) expect((await guess(first, i)).statusCode).toBe(401);
    for (let i = 5; i < 10; i++) expect((await guess(second, i)).statusCode).toBe(401);
    // Ten failures across both processes: the account is now limited on either.
    expect((await guess(first, 10)).statusCode).toBe(429);
    expect((await guess(second, 11)).statusCode).toBe(429);
    const restarted = await startApp(open, { TRUST_PROXY: '1' });
    expect((await guess(restarted, 12)).statusCode).toBe(429);
    // Another account is not affected.
    expect((await guess(restarted, 13, 'someone-else@example.com')).statusCode).toBe(401);
  });

  it('counts broken bodies as failures and refuses the address before parsing once it has too many', async () => {
    const open = await sharedDatabase();
    const app = await startApp(open);
    const statuses: number[] = [];
    for (let i = 0; i < 120 && statuses.at(-1) !== 429; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/v2/login',
        headers: { 'content-type': 'application/json' },
        payload: i % 2 ? 'x'.repeat(1024 * 1024 + 1) : '{not json',
      });
      statuses.push(res.statusCode);
    }
    // 100 failed sign-ins per address in 15 minutes, then 429 on arrival.
    expect(statuses.slice(0, 100).every((s) => s === 400 || s === 413)).toBe(true);
    expect(statuses.length).toBe(101);
    expect(statuses.at(-1)).toBe(429);
  });

  it('never counts successful sign-ins: a barista signs in 60 times in a row', async () => {
    const open = await sharedDatabase();
    const app = await startApp(open);
    const email = 'barista-again@example.com';
    const password = 'correct horse battery';
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, name: 'B' },
    });
    expect(reg.statusCode).toBe(201);
    for (let i = 0; i < 60; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email, password } });
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('refuses one address after 100 failed sign-ins across many accounts, with Retry-After', async () => {
    const open = await sharedDatabase();
    const first = await startApp(open);
    const second = await startApp(open);
    for (let i = 0; i < 100; i++) {
      const res = await (i % 2 ? first : second).inject({
        method: 'POST',
        url: '/api/auth/v2/login',
        payload: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const refused = await first.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      payload: { email: 'nobody-else@example.com', password: 'wrong-password' },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A hundred password checks (argon2) one after the other: slow on a loaded machine, not wrong.
  });

  it('limits the accounts one address registers, successful ones too, shared between processes', async () => {
    const open = await sharedDatabase();
    const first = await startApp(open, { TRUST_PROXY: '1' });
    const second = await startApp(open, { TRUST_PROXY: '1' });
    const register = (app: FastifyInstance, i: number, address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: `person-${address}-${i}@example.com`,
          password: 'correct horse battery',
          name: `Person ${i}`,
        },
        headers: { 'x-forwarded-for': address },
      });
    // 35 from one address within a minute: the first 20 (the default an hour) are made, the rest refused.
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await register(i % 2 ? first : second, i, '198.51.100.20')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses.slice(20)).toEqual(Array(15).fill(429));
    const refused = await register(first, 99, '198.51.100.20');
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const made = await first.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', 'like', 'person-198.51.100.20-%')
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(20);
    // Another address is not held back by it.
    expect((await register(second, 0, '198.51.100.21')).statusCode).toBe(201);
  });

  it('lets an office behind one address register as many as REGISTRATIONS_PER_ADDRESS allows, across two processes', async () => {
    const open = await sharedDatabase();
    const first = await startApp(open, { REGISTRATIONS_PER_ADDRESS: '200' });
    const second = await startApp(open, { REGISTRATIONS_PER_ADDRESS: '200' });
    // Ten at a time, half on each process: the count is shared whatever the order. (All 200 at once
    // made 200 password hashes compete for a loaded machine's two cores, and registrations waited
    // past the database pool's deadline: 503 for a load the test is not about.)
    const statuses: number[] = [];
    for (let batch = 0; batch < 200; batch += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, j) => {
          const i = batch + j;
          return (i % 2 ? first : second).inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: { email: `person-${i}@example.com`, password: 'correct horse battery', name: `Person ${i}` },
          });
        }),
      );
      statuses.push(...answers.map((a) => a.statusCode));
    }
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    // And each of them can sign in.
    const login = await first.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      payload: { email: 'person-199@example.com', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('limits failed registrations per address and per e-mail, shared between processes', async () => {
    const open = await sharedDatabase();
    const first = await startApp(open, { TRUST_PROXY: '1' });
    const second = await startApp(open, { TRUST_PROXY: '1' });
    const register = (app: FastifyInstance, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'correct horse battery', name: 'Taken' },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
    expect((await register(first, 'taken@example.com')).statusCode).toBe(201);
    // The same e-mail again and again (409): refused after 10 failures, on either process.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await register(i % 2 ? first : second, 'taken@example.com')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(statuses[10]).toBe(429);
    // Broken bodies from one address: refused after 100 failures, before the body is read.
    const broken: number[] = [];
    for (let i = 0; i < 120 && broken.at(-1) !== 429; i++) {
      const res = await (i % 2 ? first : second).inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: 'not json',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.8' },
      });
      broken.push(res.statusCode);
    }
    expect(broken.length).toBe(101);
    expect(broken.at(-1)).toBe(429);
  });
});

/** The code an authenticator app with this secret shows at the clock's instant. */
function codeOf(clock: TestClock, secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: clock.now().getTime() });
}

/** A code no step around the clock's instant shows (the server takes one step either side). */
function wrongCodeOf(clock: TestClock, secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const shown = [-1, 0, 1].map((step) => totp.generate({ timestamp: clock.now().getTime() + step * 30_000 }));
  return ['000000', '111111', '222222', '333333'].find((code) => !shown.includes(code)) ?? '444444';
}

const password = 'correct horse battery';

interface PersonWithApp {
  secret: string;
  recoveryCodes: string[];
  factorId: number;
  /** The Authorization header of the session they added the app in. */
  authorization: string;
}

/**
 * A registered person with an authenticator app: its secret, their recovery codes, the app's id and
 * the session they added it in.
 */
async function personWithApp(app: FastifyInstance, clock: TestClock, email: string): Promise<PersonWithApp> {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, name: 'P' },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const login = await app.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email, password } });
  const authorization = `Bearer ${login.json<TokenPair>().accessToken}`;
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factors/totp/setup',
    headers: { authorization },
  });
  const { token, secret } = setup.json<TotpSetup>();
  const added = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factors/totp',
    headers: { authorization },
    payload: { token, code: codeOf(clock, secret) },
  });
  expect(added.statusCode, added.body).toBe(201);
  const { factor, recoveryCodes } = added.json<FactorAdded>();
  return { secret, recoveryCodes: recoveryCodes ?? [], factorId: factor.id, authorization };
}

describe('second-factor limits', () => {
  /** The right password from `address`: the pending sign-in's token. */
  async function pendingSignIn(app: FastifyInstance, email: string, address: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      headers: { 'x-forwarded-for': address },
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json<SecondFactorPending>().secondFactor.token;
  }

  const factor = (app: FastifyInstance, address: string, body: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/second-factor',
      headers: { 'x-forwarded-for': address },
      payload: body,
    });

  it('refuses wrong codes at one account from 30 sign-ins at 30 addresses after ten, and then the right code too; another account is not held back', async () => {
    const open = await sharedDatabase();
    const clock = new TestClock('2026-11-24T03:00:05.000Z');
    clock.freeze();
    const first = await startApp(open, { TRUST_PROXY: '1' }, clock);
    const second = await startApp(open, { TRUST_PROXY: '1' }, clock);
    const victim = 'victim@example.com';
    const other = 'colleague@example.com';
    const { secret: victimSecret, recoveryCodes } = await personWithApp(first, clock, victim);
    const { secret: otherSecret } = await personWithApp(second, clock, other);
    // The next 30-second step: the codes that confirmed the apps are used.
    clock.advance(30_000);

    // As the finding: 30 addresses, each with the right password and then five wrong codes, on
    // either process. Ten wrong codes reach the account; the other 140 are refused.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const app = i % 2 ? first : second;
      const address = `198.51.100.${i + 1}`;
      const token = await pendingSignIn(app, victim, address);
      for (let j = 0; j < 5; j++) {
        statuses.push((await factor(app, address, { token, code: wrongCodeOf(clock, victimSecret) })).statusCode);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(140).fill(429));

    // The right code of a new sign-in is refused too, on a process started after them (the count
    // is in the database), with readable words and Retry-After.
    const restarted = await startApp(open, { TRUST_PROXY: '1' }, clock);
    const token = await pendingSignIn(restarted, victim, '198.51.100.200');
    const right = await factor(restarted, '198.51.100.200', { token, code: codeOf(clock, victimSecret) });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Its recovery code is refused alike.
    const recovery = await factor(restarted, '198.51.100.201', {
      token: await pendingSignIn(restarted, victim, '198.51.100.201'),
      recoveryCode: recoveryCodes[0] ?? '',
    });
    expect(recovery.statusCode).toBe(429);

    // Another account signs in with its code, from an address the attempts came from too.
    const theirs = await pendingSignIn(first, other, '198.51.100.1');
    const signedIn = await factor(first, '198.51.100.1', { token: theirs, code: codeOf(clock, otherSecret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<TokenPair>().accessToken).toBeTruthy();
  });

  it('takes no more than ten wrong codes at one account when thirty arrive at once, on two processes', async () => {
    const open = await sharedDatabase();
    const clock = new TestClock('2026-11-24T03:00:05.000Z');
    clock.freeze();
    const first = await startApp(open, { TRUST_PROXY: '1' }, clock);
    const second = await startApp(open, { TRUST_PROXY: '1' }, clock);
    const victim = 'victim@example.com';
    const { secret } = await personWithApp(first, clock, victim);
    clock.advance(30_000);
    // Six pending sign-ins from six addresses, then five wrong codes each, all sent together.
    const pending: { app: FastifyInstance; address: string; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 ? first : second;
      const address = `203.0.113.${i + 1}`;
      pending.push({ app, address, token: await pendingSignIn(app, victim, address) });
    }
    const code = wrongCodeOf(clock, secret);
    const answers = await Promise.all(
      pending.flatMap(({ app, address, token }) =>
        Array.from({ length: 5 }, () => factor(app, address, { token, code })),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

/** A route that takes the signed-in person's password again as `password`, and what the right one answers. */
function askedAgain(route: string, url: (person: PersonWithApp) => string, right: number) {
  const method = route.startsWith('DELETE') ? 'DELETE' : 'POST';
  return {
    route,
    right,
    send: (app: FastifyInstance, person: PersonWithApp, address: string, given: string) =>
      app.inject({
        method,
        url: url(person),
        headers: { authorization: person.authorization, 'x-forwarded-for': address },
        payload: { password: given },
      }),
  };
}

/** A signed-in person's password asked again: it is the account being guessed, whoever the address. */
describe('password asked again limits', () => {
  const NEW_PASSWORD = 'kettle orbit lantern 42';
  /** Each route that asks the signed-in person's password again, and what the right one answers. */
  const ROUTES: {
    route: string;
    right: number;
    send: (app: FastifyInstance, person: PersonWithApp, address: string, given: string) => Promise<InjectResponse>;
  }[] = [
    {
      route: 'POST /auth/password',
      right: 200,
      send: (app, person, address, given) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/password',
          headers: { authorization: person.authorization, 'x-forwarded-for': address },
          payload: { currentPassword: given, newPassword: NEW_PASSWORD },
        }),
    },
    askedAgain('DELETE /auth/second-factors/{id}', (person) => `/api/auth/second-factors/${person.factorId}`, 204),
    askedAgain('POST /auth/recovery-codes', () => '/api/auth/recovery-codes', 200),
    askedAgain('POST /auth/sessions/end-others', () => '/api/auth/sessions/end-others', 200),
  ];

  /** Two processes on one database, a victim and a colleague, each signed in with an app. */
  async function twoPeople() {
    const open = await sharedDatabase();
    const clock = new TestClock('2026-11-24T03:00:05.000Z');
    clock.freeze();
    const first = await startApp(open, { TRUST_PROXY: '1' }, clock);
    const second = await startApp(open, { TRUST_PROXY: '1' }, clock);
    const victim = await personWithApp(first, clock, 'victim@example.com');
    const colleague = await personWithApp(second, clock, 'colleague@example.com');
    return { first, second, victim, colleague };
  }

  it.each(ROUTES)(
    '$route: refuses wrong passwords at one account from 15 addresses after ten, then the right one too; another account is not held back',
    async ({ send, right }) => {
      const { first, second, victim, colleague } = await twoPeople();
      // One wrong password from each of 15 addresses (far below the 30 each may send), on either
      // process: ten reach the account, the other five are refused.
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await send(i % 2 ? first : second, victim, `198.51.100.${i + 1}`, `wrong-${i}`);
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses.slice(10)).toEqual(Array(5).fill(429));

      // The right password too, from an address not used yet, with readable words and Retry-After.
      const refused = await send(first, victim, '198.51.100.200', password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a moment and try again.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      // A colleague behind one of those addresses: a wrong password is told as wrong, the right one works.
      const wrong = await send(second, colleague, '198.51.100.1', 'not-my-password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
      const theirs = await send(second, colleague, '198.51.100.1', password);
      expect(theirs.statusCode, theirs.body).toBe(right);
    },
  );

  it('counts wrong passwords at one account across every route that asks it again: ten in all, not ten each', async () => {
    const { first, second, victim } = await twoPeople();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const { send } = ROUTES[i % ROUTES.length]!;
      statuses.push((await send(i % 2 ? first : second, victim, `203.0.113.${i + 1}`, `wrong-${i}`)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(6).fill(429));
  });
  it('does not count a weak new password after the right current one: twelve in a row, then a strong one is taken', async () => {
    const { first, second, victim } = await twoPeople();
    const change = (app: FastifyInstance, i: number, newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: { authorization: victim.authorization, 'x-forwarded-for': `192.0.2.${i + 1}` },
        payload: { currentPassword: password, newPassword },
      });
    for (let i = 0; i < 12; i++) {
      const weak = await change(i % 2 ? first : second, i, 'victim@example.com');
      expect(weak.statusCode, `weak password ${i + 1}`).toBe(400);
      expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    }
    const strong = await change(first, 12, NEW_PASSWORD);
    expect(strong.statusCode, strong.body).toBe(200);
  });
});

/** The token of a reset link is the only thing that names its account, and only the right one names it. */
describe('password reset limits', () => {
  /** A token of the links' shape (32 random bytes) that no link has. */
  const madeUpToken = (i: number) => Buffer.alloc(32, i + 1).toString('base64url');

  it('counts wrong reset tokens per client address, not per account: guesses from many addresses do not hold back the real link', async () => {
    const smtp = await startSmtpReceiver();
    cleanups.unshift(() => smtp.close());
    const open = await sharedDatabase();
    const env = {
      TRUST_PROXY: '1',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Office Cafe <cafe@example.com>',
      PUBLIC_URL: 'https://cafe.example.com',
    };
    const first = await startApp(open, env);
    const second = await startApp(open, env);
    const email = 'forgetful@example.com';
    const reg = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, name: 'F' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const asked = await first.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    expect(asked.statusCode).toBe(202);
    await first.ctx.services.notifications.deliverDue();
    const mail = await simpleParser([...smtp.mails].reverse().find((m) => m.to.includes(email))?.raw ?? '');
    const token = /reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const confirm = (app: FastifyInstance, address: string, given: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        headers: { 'x-forwarded-for': address },
        payload: { token: given, password: 'kettle orbit lantern 42' },
      });
    // 40 made-up tokens from 40 addresses: each is wrong, none can be told apart as a guess at this
    // person's link (a wrong token finds no link, so it names no one), and none is refused.
    for (let i = 0; i < 40; i++) {
      const res = await confirm(i % 2 ? first : second, `198.51.100.${i + 1}`, madeUpToken(i));
      expect(res.statusCode, `guess ${i + 1}`).toBe(400);
    }
    // One address that sent 30 wrong tokens is refused, the right one too.
    for (let i = 0; i < 30; i++) expect((await confirm(first, '203.0.113.9', madeUpToken(i))).statusCode).toBe(400);
    const refused = await confirm(second, '203.0.113.9', token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The person's own link, from their address, still sets their password.
    expect((await confirm(first, '192.0.2.10', token)).statusCode).toBe(204);
  });
});

describe('shared secrets', () => {
  it('lets two processes without JWT_SECRET accept each other’s tokens and share the push key', async () => {
    const open = await sharedDatabase();
    const first = await startApp(open);
    const second = await startApp(open);
    const email = 'ada@example.com';
    const password = 'correct horse battery';
    const reg = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, name: 'Ada' },
    });
    expect(reg.statusCode).toBeLessThan(300);
    const login = await first.inject({ method: 'POST', url: '/api/auth/v2/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const { accessToken } = login.json<{ accessToken: string }>();
    const me = await second.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const keyOf = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/push/public-key' })).json<{ publicKey: string }>().publicKey;
    expect(await keyOf(first)).toBe(await keyOf(second));
  });
});
