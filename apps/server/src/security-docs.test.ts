import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { REPO_ROOT } from './test-support/security-assessment';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The part of a Markdown page under `heading` (a "## " or "### " line), up to the next heading of its level or above. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{2,3} /.test(line) && line.replace(/^#+ /, '') === heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 2;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  // Joined into one line: a sentence may wrap anywhere.
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join(' ')
    .replace(/\s+/g, ' ');
}

const DAY = 24 * 3600;

/**
 * What the security documentation says is what the code does (ASVS 2.1.2, 2.1.3, 6.1.2, 7.1.1-7.1.3, 15.1.1):
 * a page that loses a rule, or a default that moves away from its page, fails here.
 */
describe('the security documentation', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cafe-docs-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const defaults = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const sessions = section(read('docs/security.md'), 'Sessions: how long, how many, and ending them');

  const orders = read('docs/api/orders.md').replace(/\s+/g, ' ');

  it('documents the rules that tie fields of one request together (2.1.2)', () => {
    expect(orders).toContain('A cafe order needs `type` and `sweetness`');
    expect(read('docs/api/statistics.md').replace(/\s+/g, ' ')).toContain('or `startDate` after `endDate`');
    expect(orders).toContain("The run's site and pickup slot are the order's");
  });

  it("documents the business limits, each person's and everyone's (2.1.3)", () => {
    expect(orders).toContain(
      'at 2, a further cafe order gets 409 ORDER_LIMIT_REACHED. This holds under concurrent requests.',
    );
    expect(orders).toContain('Cafe orders are refused on Friday from 12:00 cafe time.');
    expect(orders).toContain("within the site's radius of the site's position");
    expect(section(read('docs/security.md'), 'How the app protects itself')).toContain(
      'Sign-in, registration and uploads are rate limited.',
    );
  });

  it('lists the context words a new password may not be made of (docs/api/people.md, Passwords) (6.1.2)', () => {
    const passwords = section(read('docs/api/people.md'), 'Passwords');
    expect(passwords).toContain('registration, `POST /auth/password`, a reset');
    for (const word of [
      "the person's e-mail",
      'its parts',
      'their name',
      "the company's domain",
      "the app's name",
      "a site's name",
    ]) {
      expect(passwords).toContain(word);
    }
    expect(passwords).toContain('`people.password.personal`');
  });

  it('states the session lifetimes the configuration defaults to, and why they depart from NIST SP 800-63B (7.1.1)', () => {
    expect(defaults.accessTokenTtlSeconds).toBe(15 * 60);
    expect(sessions).toContain('an access token lives 15 minutes (`ACCESS_TOKEN_TTL`)');
    expect(defaults.refreshTokenTtlSeconds).toBe(30 * DAY);
    expect(sessions).toContain('a session unused for 30 days ends (`REFRESH_TOKEN_TTL`, the inactivity timeout)');
    expect(defaults.absoluteSessionTtlSeconds).toBe(90 * DAY);
    expect(sessions).toContain('90 days after its sign-in however often it is used (`ABSOLUTE_SESSION_TTL`');
    expect(defaults.ssoSessionTtlSeconds).toBe(7 * DAY);
    expect(sessions).toContain('one made by single sign-on after 7 days (`SSO_SESSION_TTL`)');
    expect(sessions).toContain('NIST SP 800-63B');
    const decision = read('docs/decisions/0079-sessions-people-can-see.md').replace(/\s+/g, ' ');
    expect(decision).toContain('Justification, and where it departs from NIST SP 800-63B');
    expect(decision).toContain('we chose 90 days absolute with 30 days of inactivity, a deviation, because:');
  });

  it('says how many sessions one person may have at once, and what they can do about them (7.1.2)', () => {
    expect(sessions).toContain('Parallel sessions: no limit');
    expect(sessions).toContain('each person sees all of theirs in the profile');
    expect(sessions).toContain('"End" on one session, or "End all other sessions"');
  });

  it("documents how a single sign-on session relates to the provider's: lifetime, signing out, no back-channel logout (7.1.3)", () => {
    const sso = section(read('docs/single-sign-on.md'), "The cafe's session and the provider's");
    expect(sso).toContain(`lasts at most \`SSO_SESSION_TTL\` (default ${defaults.ssoSessionTtlSeconds / DAY} days)`);
    expect(sso).toContain('does not sign the person out of the cafe');
    expect(sso).toContain('signing out of the cafe does not sign them out of the provider');
    expect(sso).toContain('OIDC back-channel logout is not supported');
  });

  it('gives the time frames for updating third-party components and the runtime (15.1.1)', () => {
    const updates = section(read('docs/security.md'), 'Updates and advisories');
    expect(updates).toMatch(/\| a critical or high advisory in a production dependency \| 7 days/);
    expect(updates).toMatch(/\| a moderate or low advisory \| the next monthly update/);
    expect(updates).toMatch(/\| dependencies in general \| updated monthly/);
    expect(updates).toMatch(/\| Node\.js \| the LTS line in `\.nvmrc`, moved before its end of life/);
  });
});
