import { createHmac } from 'node:crypto';
import { peopleText, DisplayNameSchema, LIMITS, type SsoStart, type TokenPair } from '@cafe/shared';
import { createSigner, createVerifier } from 'fast-jwt';
import * as oidc from 'openid-client';
import type { SingleSignOnConfig } from '../../config';
import type { AppBase } from '../../context';
import type { AuthService } from './auth.service';
import { AppError, notFound, refusal } from '../../lib/errors';

/**
 * The cookie that carries one sign-in attempt from its start to the provider's answer. Wherever it
 * can be Secure it is a `__Host-` cookie (ASVS 3.3.1, 3.3.3: Secure, Path=/, no Domain, so no other
 * host or path can set or shadow it); over plain http in development, where a browser refuses the
 * prefix, it keeps the plain name (decision 0080).
 */
export const SSO_COOKIE_SECURE = '__Host-cafe_sso';
export const SSO_COOKIE_PLAIN = 'cafe_sso';
/** How long a person may take at the provider's sign-in page. */
const ATTEMPT_TTL_SECONDS = 10 * 60;
/** The provider's discovery document (endpoints, keys' address) is read again after this long. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** The longest a call to the provider may take before it counts as unreachable. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What the signed cookie holds: the state sent to the provider and the PKCE verifier it must see. */
interface Attempt {
  state: string;
  verifier: string;
}

const stateRefused = () => refusal(400, 'SSO_STATE', peopleText('people.sso.stateExpired'));

/** An error of the network or a timeout, not an answer of the provider. */
function isUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e.name === 'AbortError' || e.name === 'TimeoutError') return true;
    if (e instanceof TypeError && /fetch failed/i.test(e.message)) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONN|ENOTFOUND|EAI_|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR)/.test(code))
      return true;
  }
  return false;
}

/**
 * A display name from the provider's claims that the contract accepts: the name, the given name,
 * or the e-mail's local part, cut to the longest name allowed.
 */
function displayNameOf(claims: Record<string, unknown>, email: string): string {
  const candidates = [claims.name, claims.given_name, email.slice(0, email.lastIndexOf('@'))];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const parsed = DisplayNameSchema.safeParse(candidate.trim().slice(0, LIMITS.displayNameMax));
    if (parsed.success) return parsed.data;
  }
  return 'Cafe guest';
}

/**
 * Single sign-on with the company's identity provider (OpenID Connect authorization code flow
 * with PKCE, docs/decisions/0021-single-sign-on.md). The state and PKCE verifier of an attempt
 * travel in a signed, short-lived, httpOnly cookie, so any server process can finish what another
 * started; the person is then signed in by the auth service like a password sign-in.
 */
export function createSsoService(ctx: AppBase, deps: { auth: AuthService }) {
  const settings: SingleSignOnConfig | null = ctx.config.singleSignOn;
  // A key of its own, derived from the signing secret: an attempt cookie is never an access token.
  const cookieKey = createHmac('sha256', ctx.config.jwtSecret).update('cafe single sign-on attempt').digest();
  const signAttempt = createSigner({ key: cookieKey, algorithm: 'HS256', noTimestamp: true });
  const verifyAttempt = createVerifier({ key: cookieKey, algorithms: ['HS256'], ignoreExpiration: true });
  let discovered: { at: number; configuration: Promise<oidc.Configuration> } | undefined;

  function required(): SingleSignOnConfig {
    if (!settings) throw notFound('Single sign-on', peopleText('people.sso.notFound'));
    return settings;
  }

  function unavailable(sso: SingleSignOnConfig, error: unknown) {
    ctx.log.warn({ err: error, issuer: sso.issuer }, 'single sign-on: the identity provider cannot be reached');
    return refusal(503, 'SSO_UNAVAILABLE', peopleText('people.sso.unavailable', { name: sso.name }));
  }

  /** The provider's configuration, read once an hour; a failed read is tried again next time. */
  async function configuration(sso: SingleSignOnConfig): Promise<oidc.Configuration> {
    const now = Date.now();
    if (!discovered || now - discovered.at > DISCOVERY_TTL_MS) {
      const issuer = new URL(sso.issuer);
      const pending = oidc.discovery(
        issuer,
        sso.clientId,
        sso.clientSecret,
        // HTTP Basic is the one way every common provider accepts (Okta insists on it by default).
        sso.clientSecret ? oidc.ClientSecretBasic(sso.clientSecret) : oidc.None(),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          execute: [
            // Plain http only outside production (config.ts refuses it there): a provider in a test.
            ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
            // The ID token's signature is checked against the provider's published keys (ASVS 6.8.2):
            // by default the library trusts a token read from the token endpoint over TLS unsigned.
            oidc.enableNonRepudiationChecks,
          ],
        },
      );
      const entry = { at: now, configuration: pending };
      discovered = entry;
      pending.catch(() => {
        if (discovered === entry) discovered = undefined;
      });
    }
    try {
      return await discovered.configuration;
    } catch (error) {
      throw unavailable(sso, error);
    }
  }

  function readAttempt(cookie: string | undefined): Attempt {
    if (!cookie) throw stateRefused();
    let payload: { state?: unknown; verifier?: unknown; exp?: unknown };
    try {
      payload = verifyAttempt(cookie) as typeof payload;
    } catch {
      throw stateRefused();
    }
    const { state, verifier, exp } = payload;
    if (typeof state !== 'string' || typeof verifier !== 'string' || typeof exp !== 'number') throw stateRefused();
    if (exp * 1000 <= ctx.clock.now().getTime()) throw stateRefused();
    return { state, verifier };
  }

  return {
    /** The button's name, or null when single sign-on is not configured. */
    publicSettings(): { name: string } | null {
      return settings ? { name: settings.name } : null;
    },

    /** How long the attempt cookie lives, in seconds. */
    attemptTtlSeconds: ATTEMPT_TTL_SECONDS,

    /** Whether the attempt cookie is Secure: always in production, and wherever the cafe is served over https. */
    secureCookie(): boolean {
      return ctx.config.nodeEnv === 'production' || (settings?.redirectUri.startsWith('https://') ?? false);
    },

    /** The attempt cookie's name: `__Host-cafe_sso` when it is Secure. */
    cookieName(): string {
      return this.secureCookie() ? SSO_COOKIE_SECURE : SSO_COOKIE_PLAIN;
    },

    /** A new attempt: where to send the browser, and the signed cookie that remembers the attempt. */
    async start(): Promise<SsoStart & { cookie: string }> {
      const sso = required();
      const config = await configuration(sso);
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: sso.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const exp = Math.floor(ctx.clock.now().getTime() / 1000) + ATTEMPT_TTL_SECONDS;
      return { authorizationUrl: url.href, cookie: signAttempt({ state, verifier, exp }) };
    },

    /**
     * The provider's answer (the query string it sent the browser back with) and the attempt's
     * cookie: trades the code for the ID token at the provider and signs the verified e-mail in.
     */
    async finish(query: string, cookie: string | undefined, device?: string): Promise<TokenPair> {
      const sso = required();
      const attempt = readAttempt(cookie);
      const callbackUrl = new URL(sso.redirectUri);
      callbackUrl.search = query.startsWith('?') ? query : `?${query}`;
      // Checked here as well as by the library, so a stranger's or a tampered state is always
      // "start again", whatever else the answer holds.
      if (callbackUrl.searchParams.get('state') !== attempt.state) throw stateRefused();
      const config = await configuration(sso);
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: attempt.verifier,
          expectedState: attempt.state,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw refusal(401, 'SSO_REFUSED', peopleText('people.sso.noIdentity'));
        claims = { ...idClaims };
        // Some providers put the e-mail in the user info only.
        if (typeof claims.email !== 'string' || claims.email_verified === undefined) {
          claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isUnreachable(error)) throw unavailable(sso, error);
        if (error instanceof oidc.ResponseBodyError && error.status >= 500) throw unavailable(sso, error);
        if (error instanceof oidc.AuthorizationResponseError && error.error === 'temporarily_unavailable')
          throw unavailable(sso, error);
        ctx.log.info({ err: error }, 'single sign-on: the identity provider refused the sign-in');
        const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
        throw refusal(401, 'SSO_REFUSED', peopleText(cancelled ? 'people.sso.cancelled' : 'people.sso.notConfirmed'));
      }
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email || !email.includes('@') || email.length > LIMITS.emailMax) {
        throw refusal(403, 'EMAIL_NOT_VERIFIED', peopleText('people.sso.noEmail'));
      }
      // The company-domain rule only means something for an address the provider has checked.
      if (claims.email_verified !== true && claims.email_verified !== 'true') {
        throw refusal(403, 'EMAIL_NOT_VERIFIED', peopleText('people.sso.emailNotVerified', { email, name: sso.name }));
      }
      // The ID token's iss and sub, checked by the library: who the person is, whatever their e-mail.
      const issuer = typeof claims.iss === 'string' ? claims.iss : sso.issuer;
      const subject = typeof claims.sub === 'string' ? claims.sub : '';
      if (!subject) throw refusal(401, 'SSO_REFUSED', peopleText('people.sso.noIdentity'));
      return deps.auth.signInSingleSignOn({ issuer, subject, email, name: displayNameOf(claims, email) }, device);
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
