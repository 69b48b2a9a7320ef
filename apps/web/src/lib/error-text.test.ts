import { DisplayNameSchema, EmailSchema, MESSAGES, NewPasswordSchema, RemarkSchema } from '@cafe/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi } from '@/test/render';
import { RawBody, Reply } from '@/test/fake-api';
import { api, ApiError } from './api-client';
import { errorText, ruleText } from './error-text';

/** A refusal as the server answers it: its English, and its message of the people catalogue. */
const NOT_CONFIRMED = new ApiError(
  403,
  'EMAIL_NOT_CONFIRMED',
  'Confirm your e-mail address first: open the link we sent to mali.k@example.com.',
  { id: 'people.refusal.emailNotConfirmed', values: { email: 'mali.k@example.com' } },
);

async function inThai() {
  await loadEverything('th');
  i18n.activate('th');
}

describe('errorText of a refusal the people catalogue words', () => {
  afterEach(() => i18n.activate('en'));

  it('says it in English with its values', () => {
    expect(errorText(NOT_CONFIRMED)).toBe(
      'Confirm your e-mail address first: open the link we sent to mali.k@example.com.',
    );
  });

  it('says it in Thai', async () => {
    await inThai();
    expect(errorText(NOT_CONFIRMED)).toBe('โปรดยืนยันอีเมลของคุณก่อน: เปิดลิงก์ที่เราส่งไปที่ mali.k@example.com');
  });

  it('names diet tags, a venue and weekdays in the interface language', async () => {
    const diet = new ApiError(409, 'DIET_CONFIRMATION_NEEDED', 'This drink is not for you: Milk, not Vegan. …', {
      id: 'people.refusal.dietConfirmationNeeded',
      values: { tags: 'milk,vegan' },
    });
    const days = new ApiError(400, 'VALIDATION', 'Tower B does not serve bar drinks on Saturdays. …', {
      id: 'people.standing.notServedOn',
      values: { site: 'Tower B', venue: 'bar', days: '0,6' },
    });
    expect(errorText(diet)).toBe(
      'This drink is not for you: Milk, not Vegan. Confirm that you want it anyway, then place it again.',
    );
    expect(errorText(days)).toBe('Tower B does not serve bar drinks on Sundays and Saturdays. Choose other days.');
    await inThai();
    expect(errorText(diet)).toContain('นม, ไม่ใช่วีแกน');
    expect(errorText(days)).toBe('Tower B ไม่มีเครื่องดื่มบาร์ในวันอาทิตย์ และวันเสาร์ กรุณาเลือกวันอื่น');
  });

  it("keeps the server's words for a message this version does not have", () => {
    const newer = new ApiError(409, 'VALIDATION', 'Something new.', { id: 'people.refusal.somethingNew' });
    expect(errorText(newer)).toBe('Something new.');
  });

  it('gives the out-of-range refusal, Thai in the specification, in English in the English interface', async () => {
    const withId = new ApiError(403, 'OUT_OF_RANGE', MESSAGES.outOfRangeThai, { id: 'people.refusal.outOfRange' });
    const without = new ApiError(403, 'OUT_OF_RANGE', MESSAGES.outOfRangeThai);
    const english = "Please come to the cafe before you order, so you do not hold up other people's queue";
    expect(errorText(withId)).toBe(english);
    expect(errorText(without)).toBe(english);
    await inThai();
    expect(errorText(withId)).toBe(MESSAGES.outOfRangeThai);
    expect(errorText(without)).toBe(MESSAGES.outOfRangeThai);
  });
});

/** Answers as the server gives them now: each names its people message and the values it says. */
const ANSWERS = {
  nameTooLong: new ApiError(400, 'VALIDATION', 'name: Name must be at most 20 characters', {
    id: 'people.rule.nameTooLong',
    values: { max: 20 },
  }),
  passwordTooShort: new ApiError(400, 'VALIDATION', 'password: password must be at least 8 characters', {
    id: 'people.rule.passwordTooShort',
    values: { min: 8 },
  }),
  loginFailed: new ApiError(401, 'UNAUTHENTICATED', MESSAGES.loginFailed, { id: 'people.auth.loginFailed' }),
  emailDomain: new ApiError(403, 'EMAIL_DOMAIN', 'only accept @example.com', {
    id: 'people.auth.emailDomain',
    values: { domain: 'example.com' },
  }),
  weakPassword: new ApiError(400, 'WEAK_PASSWORD', 'This password is too easy to guess. Add another word.', {
    id: 'people.password.guessable',
    values: { reason: 'Add another word.' },
  }),
  forbidden: new ApiError(403, 'FORBIDDEN', 'Only the runner can collect this run.', { id: 'people.error.forbidden' }),
  orderLimit: new ApiError(409, 'ORDER_LIMIT_REACHED', MESSAGES.orderLimit, { id: 'people.refusal.orderLimit' }),
};

describe('errorText of every refusal the server names', () => {
  afterEach(() => i18n.activate('en'));

  it('says each from its id and values, in English', () => {
    expect(Object.fromEntries(Object.entries(ANSWERS).map(([key, error]) => [key, errorText(error)]))).toEqual({
      nameTooLong: 'Name must be at most 20 characters',
      passwordTooShort: 'password must be at least 8 characters',
      loginFailed: 'Email or Password incorrect.',
      emailDomain: 'only accept @example.com',
      weakPassword: 'This password is too easy to guess. Add another word.',
      // The code's message: the server's English may say more, but nothing reads it back.
      forbidden: 'You are not allowed to do this.',
      orderLimit: 'You already reached your order limit!',
    });
  });

  it('says each in Thai, with the same values', async () => {
    await inThai();
    expect(Object.fromEntries(Object.entries(ANSWERS).map(([key, error]) => [key, errorText(error)]))).toEqual({
      nameTooLong: 'ชื่อต้องยาวไม่เกิน 20 ตัวอักษร',
      passwordTooShort: 'รหัสผ่านต้องยาวอย่างน้อย 8 ตัวอักษร',
      loginFailed: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
      emailDomain: 'รับเฉพาะอีเมล @example.com เท่านั้น',
      weakPassword: 'รหัสผ่านนี้เดาง่ายเกินไป (Add another word.)',
      forbidden: 'คุณไม่มีสิทธิ์ทำรายการนี้',
      orderLimit: 'คุณสั่งครบจำนวนที่กำหนดแล้ว!',
    });
  });

  it("shows an older server's words as they are, whatever its code", async () => {
    await inThai();
    expect(errorText(new ApiError(403, 'FORBIDDEN', 'You are not allowed to do this.'))).toBe(
      'You are not allowed to do this.',
    );
  });

  it("says no answer at all in the app's own words", async () => {
    const down = new ApiError(0, 'NETWORK', 'Cannot reach the cafe server. Check your connection and try again.');
    expect(errorText(down)).toBe('Cannot reach the cafe server. Check your connection and try again.');
    await inThai();
    expect(errorText(down)).toBe('เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบเครือข่ายแล้วลองใหม่');
  });
});

describe("ruleText of a shared rule's zod issue in a form", () => {
  afterEach(() => i18n.activate('en'));

  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message ?? '';
  const issues = () => ({
    name: issue(DisplayNameSchema.safeParse('x'.repeat(21))),
    empty: issue(DisplayNameSchema.safeParse('  ')),
    email: issue(EmailSchema.safeParse('not an address')),
    password: issue(NewPasswordSchema.safeParse('short')),
    remark: issue(RemarkSchema.safeParse('x'.repeat(51))),
  });

  it("says it by the rule's people message, in English and Thai", async () => {
    const english = issues();
    expect(Object.fromEntries(Object.entries(english).map(([key, message]) => [key, ruleText(message)]))).toEqual(
      english,
    );
    await inThai();
    expect(Object.fromEntries(Object.entries(issues()).map(([key, message]) => [key, ruleText(message)]))).toEqual({
      name: 'ชื่อต้องยาวไม่เกิน 20 ตัวอักษร',
      empty: 'ชื่อต้องไม่ว่าง',
      email: 'รูปแบบอีเมลไม่ถูกต้อง',
      password: 'รหัสผ่านต้องยาวอย่างน้อย 8 ตัวอักษร',
      remark: 'กรุณาพิมพ์ข้อความ (ไม่เกิน 50 ตัวอักษร)',
    });
  });

  it("keeps any other text as it is (a form's own rule, already in the interface's language)", () => {
    expect(ruleText('Choose a sweetness level')).toBe('Choose a sweetness level');
  });
});

describe('the API client', () => {
  it("keeps an error answer's message id and values", async () => {
    mockApi({
      'POST /order': apiError(409, 'DIET_CONFIRMATION_NEEDED', 'This drink is not for you: Milk.', {
        messageId: 'people.refusal.dietConfirmationNeeded',
        params: { tags: 'milk' },
      }),
    });
    const error = await api('/order', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).text).toEqual({ id: 'people.refusal.dietConfirmationNeeded', values: { tags: 'milk' } });
  });

  it("names the people message of an error answer that is not the server's (a proxy's page)", async () => {
    mockApi({ 'GET /category': new Reply(502, new RawBody('text/html', '<html>Bad gateway</html>')) });
    const error = await api('/category').catch((e: unknown) => e);
    expect(errorText(error)).toBe('The service is busy or down for a moment. Please try again.');
  });
});
