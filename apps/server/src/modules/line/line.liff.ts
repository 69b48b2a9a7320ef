import type { TokenPair } from '@cafe/shared';
import { peopleText } from '@cafe/shared';
import type { AppBase, AuthUser, Services } from '../../context';
import { forbidden, notFound, refusal, unauthenticated } from '../../lib/errors';

/** What the LIFF page's sign-in asks of the rest of the app, wired in services.ts. */
export interface LineLiffPorts {
  chat: Services['chat'];
  /** A web session for the person the LIFF page's LINE account is linked to. */
  signIn(user: AuthUser, device?: string): Promise<TokenPair>;
}

/** LINE's issuer of the ID tokens of LINE Login (the `iss` claim). */
export const LINE_ISSUER = 'https://access.line.me';
/** How long LINE's verify endpoint may take before the page is told to try again. */
const VERIFY_TIMEOUT_MS = 10_000;

export const LIFF_REFUSED = 'LINE did not accept this sign-in. Close the page and open the menu from LINE again.';
export const LIFF_STAFF =
  'Staff accounts sign in to the cafe with their password (and second factor), not by LINE. Open the cafe in a browser to sign in.';
const LIFF_UNAVAILABLE = 'LINE could not be reached to check the sign-in. Please try again in a moment.';

/** The claims of LINE's answer this sign-in reads (docs: LINE Login, "Verify ID token"). */
interface LineClaims {
  iss?: unknown;
  sub?: unknown;
  aud?: unknown;
  exp?: unknown;
  name?: unknown;
}

/**
 * The LIFF page (the menu inside LINE, docs/line.md): the web app opened in LINE signs the person
 * in by their linked LINE account, with the ID token LINE gave the page, checked by LINE. Only
 * people (role user) sign in this way: staff accounts have a second factor LINE must not bypass.
 */
export function createLineLiff(ctx: AppBase, ports: LineLiffPorts) {
  const { config, clock } = ctx;

  function liffOf() {
    const line = config.line;
    if (!line?.liff) throw notFound('The LIFF app', peopleText('people.notFound.liffApp'));
    return { apiUrl: line.apiUrl, ...line.liff };
  }

  /** LINE's word on the ID token: its account's id and name, or 401 (bad, expired, another channel's). */
  async function verify(idToken: string): Promise<{ externalId: string; name: string }> {
    const { apiUrl, loginChannelId } = liffOf();
    let answer: Response;
    try {
      answer = await fetch(`${apiUrl}/oauth2/v2.1/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id_token: idToken, client_id: loginChannelId }).toString(),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
    } catch (error) {
      ctx.log.warn({ err: error }, 'LINE did not answer the ID token check');
      throw refusal(503, 'INTERNAL', peopleText('people.line.liffUnavailable'), LIFF_UNAVAILABLE);
    }
    if (answer.status === 400 || answer.status === 401)
      throw unauthenticated(LIFF_REFUSED, peopleText('people.line.liffRefused'));
    if (!answer.ok) throw refusal(503, 'INTERNAL', peopleText('people.line.liffUnavailable'), LIFF_UNAVAILABLE);
    const claims = (await answer.json().catch(() => ({}))) as LineClaims;
    const { iss, sub, aud, exp, name } = claims;
    const fresh = typeof exp === 'number' && exp * 1000 > clock.now().getTime();
    if (iss !== LINE_ISSUER || aud !== loginChannelId || !fresh)
      throw unauthenticated(LIFF_REFUSED, peopleText('people.line.liffRefused'));
    if (typeof sub !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(sub))
      throw unauthenticated(LIFF_REFUSED, peopleText('people.line.liffRefused'));
    return { externalId: sub, name: typeof name === 'string' ? name : '' };
  }

  return {
    enabled: config.line?.liff != null,

    /** The LIFF app's id for `liff.init`; 404 while LINE or its LIFF app is not configured. */
    settings(): { liffId: string } {
      return { liffId: liffOf().liffId };
    },

    /**
     * A web session for the LINE account of the ID token: its linked person (role user). Not linked
     * (or unlinked): 403 with the one-time link in the channel's words; a staff account: 403.
     */
    async signIn(idToken: string, device?: string): Promise<TokenPair> {
      const who = await ports.chat.actor('line', await verify(idToken));
      if ('refused' in who) throw refusal(403, 'FORBIDDEN', who.refused);
      if (who.role !== 'user') throw forbidden(LIFF_STAFF, peopleText('people.line.liffStaff'));
      return ports.signIn(who, device);
    },
  };
}

export type LineLiff = ReturnType<typeof createLineLiff>;
