import { MESSAGES, type ErrorBody } from '@cafe/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { say } from '../lib/people-texts';
import { createTestApp, type TestApp, type TestUser } from '../test-support/test-app';

/**
 * Every error answer a person may read names its message of the people catalogue (`messageId`)
 * and the values it says (`params`), so a client words it in the person's language without
 * reading the English `message`, which stays as the contract quotes it (docs/decisions/0105).
 */
describe('error answers name their people message', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) => t.request('POST', '/api/auth/register', undefined, body);
  const thai = (body: ErrorBody) => say('th', { id: body.messageId ?? '', values: body.params });
  const english = (body: ErrorBody) => say('en', { id: body.messageId ?? '', values: body.params });

  it("names a shared rule's message with its limit, for the name, the e-mail and the password", async () => {
    const cases = [
      [
        { name: 'x'.repeat(21), email: 'a@example.com', password: 'kettle orbit 42' },
        'people.rule.nameTooLong',
        { max: 20 },
      ],
      [{ name: '   ', email: 'a@example.com', password: 'kettle orbit 42' }, 'people.rule.nameEmpty', undefined],
      [{ name: 'Mali', email: 'not an address', password: 'kettle orbit 42' }, 'people.rule.emailInvalid', undefined],
      [{ name: 'Mali', email: 'a@example.com', password: 'short' }, 'people.rule.passwordTooShort', { min: 8 }],
      [
        { name: 'Mali', email: 'a@example.com', password: 'p'.repeat(129) },
        'people.rule.passwordTooLong',
        { max: 128 },
      ],
      [{ name: 'Mali', password: 'kettle orbit 42' }, 'people.rule.emailRequired', undefined],
    ] as const;
    for (const [body, messageId, params] of cases) {
      const res = await register(body);
      expect(res.statusCode, messageId).toBe(400);
      const answer = res.json<ErrorBody>();
      expect(answer.code, messageId).toBe('VALIDATION');
      expect(answer.messageId, messageId).toBe(messageId);
      expect(answer.params, messageId).toEqual(params);
      // The English message is the rule's, after the field's name, as before.
      expect(answer.message, messageId).toBe(`${answer.message.split(': ')[0]}: ${english(answer)}`);
    }
    const long = (await register(cases[0][0])).json<ErrorBody>();
    expect(long.message).toBe('name: Name must be at most 20 characters');
    expect(thai(long)).toBe('ชื่อต้องยาวไม่เกิน 20 ตัวอักษร');
  });

  it("names the remark's rule with its limit", async () => {
    const res = await t.request('POST', '/api/order', user, { menu_id: 1, remark: 'x'.repeat(51) });
    const answer = res.json<ErrorBody>();
    expect(answer).toMatchObject({
      code: 'VALIDATION',
      messageId: 'people.rule.remarkTooLong',
      params: { max: 50 },
      message: `remark: ${MESSAGES.remarkTooLong}`,
    });
    expect(thai(answer)).toBe('กรุณาพิมพ์ข้อความ (ไม่เกิน 50 ตัวอักษร)');
  });

  it('names the failed sign-in and the company domain, with the domain', async () => {
    const failed = (
      await t.request('POST', '/api/auth/v2/login', undefined, {
        email: user.email,
        password: 'not the password',
      })
    ).json<ErrorBody>();
    expect(failed).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.loginFailed });
    expect(failed.messageId).toBe('people.auth.loginFailed');
    expect(thai(failed)).toBe('อีเมลหรือรหัสผ่านไม่ถูกต้อง');

    const outside = (
      await register({ name: 'Outsider', email: 'o@gmail.com', password: 'kettle orbit 42' })
    ).json<ErrorBody>();
    expect(outside).toMatchObject({
      code: 'EMAIL_DOMAIN',
      message: 'only accept @example.com',
      messageId: 'people.auth.emailDomain',
      params: { domain: 'example.com' },
    });
    expect(thai(outside)).toBe('รับเฉพาะอีเมล @example.com เท่านั้น');
  });

  it('names a weak password with its reason as a value', async () => {
    const res = await register({ name: 'Mali', email: 'mali.weak@example.com', password: 'aaaaaaaaaaaa' });
    const answer = res.json<ErrorBody>();
    expect(answer.code).toBe('WEAK_PASSWORD');
    expect(answer.messageId).toMatch(/^people\.password\./);
    if (answer.messageId === 'people.password.guessable') expect(answer.params?.reason).toEqual(expect.any(String));
    expect(english(answer)).toBe(answer.message);
  });

  it("names the code's message for a refusal that has no words of its own", async () => {
    const cases = [
      [await t.request('GET', '/api/user/me'), 401, 'people.error.unauthenticated', 'กรุณาเข้าสู่ระบบอีกครั้ง'],
      [await t.request('GET', '/api/no-such-route', user), 404, 'people.error.notFound', 'ไม่พบรายการนี้แล้ว'],
    ] as const;
    for (const [res, status, messageId, inThai] of cases) {
      expect(res.statusCode, messageId).toBe(status);
      const answer = res.json<ErrorBody>();
      expect(answer.messageId, messageId).toBe(messageId);
      expect(thai(answer), messageId).toBe(inThai);
    }
  });

  it('says a refusal with a sentence of its own in that sentence, in English as the API always said it', async () => {
    const other = await t.createUser();
    const cases = [
      [await t.request('GET', '/api/user', user), 403, 'people.auth.needsAdmin', 'This needs the admin role.'],
      [await t.request('GET', '/api/sites/987654', user), 404, 'people.notFound.site', 'Site 987654 was not found.'],
      [
        await t.request('GET', '/api/order/history/barista', other),
        403,
        'people.auth.needsBaristaOrAdmin',
        'This needs the barista or admin role.',
      ],
    ] as const;
    for (const [res, status, messageId, message] of cases) {
      expect(res.statusCode, message).toBe(status);
      const answer = res.json<ErrorBody>();
      expect(answer, message).toMatchObject({ message, messageId });
      expect(english(answer), message).toBe(message);
      expect(thai(answer), message).not.toBe(message);
    }
    const site = (await t.request('GET', '/api/sites/987654', user)).json<ErrorBody>();
    expect(site.params).toEqual({ id: 987654 });
    expect(thai(site)).toBe('ไม่พบสาขา 987654');
  });

  it("names the people message of a bulk move's refusal, as a single request's answer would", async () => {
    const barista = await t.createUser({ role: 'barista' });
    const res = await t.request('POST', '/api/order/barista/bulk', barista, { ids: [987654], status: 'in-progress' });
    expect(res.statusCode).toBe(200);
    const [result] = res.json<{ results: { ok: boolean; error?: ErrorBody }[] }>().results;
    expect(result?.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Order was not found.',
      messageId: 'people.notFound.order',
    });
  });

  it('says that resetting by e-mail is not available in its own sentence (not "... was not found.")', async () => {
    const res = await t.request('POST', '/api/auth/password-reset', undefined, { email: user.email });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>()).toMatchObject({
      code: 'NOT_FOUND',
      message:
        'Resetting a password by e-mail is not available here: e-mail is not configured. Please contact the team.',
      messageId: 'people.auth.resetUnavailable',
    });
  });

  it('leaves out an id for a detail of a request no form sends', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().messageId).toBeUndefined();
  });
});
