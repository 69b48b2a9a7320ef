/**
 * A request's address as the log keeps it: without the secrets some addresses carry. A pickup
 * screen's link token (`/pickup/{token}`, `/api/display/{token}`, both still answered for links
 * made before the token moved into the fragment), the Slack app's one-time link and the `token`
 * of an e-mailed link (old mails put it in the query) are replaced by `[redacted]`, so no log line
 * or anything reading the logs holds a credential (ASVS 14.2.1, docs/security/logging.md).
 */
const TOKEN_IN_PATH = /(\/(?:api\/display|pickup|slack\/link)\/)[^/?#]+/;
const TOKEN_IN_QUERY = /([?&](?:token|code|state)=)[^&#]*/g;

export function loggedUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[redacted]').replace(TOKEN_IN_QUERY, '$1[redacted]');
}
