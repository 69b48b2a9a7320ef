import { afterEach, describe, expect, it } from 'vitest';
import { i18n, loadEverything } from '@/i18n';
import { ApiError } from './api-client';
import { errorText } from './error-text';

const NOT_CONFIRMED = new ApiError(
  403,
  'EMAIL_NOT_CONFIRMED',
  'Confirm your e-mail address first: open the link we sent to mali.k@example.com.',
);

describe('errorText of an order refused before the address is confirmed', () => {
  afterEach(() => i18n.activate('en'));

  it('says so in English with the address the link went to', () => {
    expect(errorText(NOT_CONFIRMED)).toBe(
      'Confirm your e-mail address first: open the link we sent to mali.k@example.com.',
    );
  });

  it('says so in Thai', async () => {
    await loadEverything('th');
    i18n.activate('th');
    expect(errorText(NOT_CONFIRMED)).toBe('โปรดยืนยันอีเมลของคุณก่อน: เปิดลิงก์ที่เราส่งไปที่ mali.k@example.com');
  });

  it("keeps the server's words when they name no address", () => {
    expect(errorText(new ApiError(403, 'EMAIL_NOT_CONFIRMED', 'Confirm your e-mail address first.'))).toBe(
      'Confirm your e-mail address first.',
    );
  });
});
