/**
 * The token of an e-mailed link. Links carry it in the fragment (`#token=...`), which no request,
 * proxy or log sees; links of older mails carried it in the query (`?token=...`), and still work.
 */
export function linkToken(location: { hash: string; search: string }): string {
  return (
    new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ??
    new URLSearchParams(location.search).get('token') ??
    ''
  );
}
