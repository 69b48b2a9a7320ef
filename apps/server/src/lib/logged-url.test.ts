import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url';

describe('the address a request line logs', () => {
  it('holds no link token, one-time code or e-mailed token, and keeps the rest of the address', () => {
    const token = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6';
    const logged = [
      `/api/display/${token}`,
      `/pickup/${token}`,
      `/slack/link/${token}?from=slack`,
      `/reset-password?token=${token}`,
      `/confirm-email?lang=th&token=${token}`,
      `/api/auth/sso/callback?code=${token}&state=${token}`,
    ].map(loggedUrl);
    for (const line of logged) expect(line).not.toContain(token);
    expect(logged).toEqual([
      '/api/display/[redacted]',
      '/pickup/[redacted]',
      '/slack/link/[redacted]?from=slack',
      '/reset-password?token=[redacted]',
      '/confirm-email?lang=th&token=[redacted]',
      '/api/auth/sso/callback?code=[redacted]&state=[redacted]',
    ]);
    expect(loggedUrl('/api/orders/12?siteId=3')).toBe('/api/orders/12?siteId=3');
    expect(loggedUrl('/api/display')).toBe('/api/display');
  });
});
