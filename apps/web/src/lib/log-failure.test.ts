import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { logFailure } from './log-failure';

describe('logFailure', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([403, 409, 429, 401])('logs an expected %i refusal at debug level, not as an error', (status) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    logFailure('order failed', new ApiError(status, 'RATE_LIMITED', 'Too many attempts.'));
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith('order failed', `${status} RATE_LIMITED: Too many attempts.`);
  });

  it('logs a server failure, a network failure or a bug as an error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logFailure('order failed', new ApiError(500, 'INTERNAL', 'boom'));
    logFailure('order failed', new ApiError(0, 'NETWORK', 'offline'));
    logFailure('order failed', new TypeError('x is undefined'));
    expect(error).toHaveBeenCalledTimes(3);
  });
});
