import { MESSAGES } from '@cafe/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { apiError, mockApi } from '@/test/render';
import { api, ApiError } from './api-client';
import { errorText } from './error-text';

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
});
