/** A lone UTF-16 surrogate: not a character, and not valid in PostgreSQL's JSON. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Values sent to PostgreSQL as one JSON parameter (`json_populate_record`), with each text as the
 * driver sends a text parameter: a lone surrogate becomes U+FFFD, as UTF-8 encoding makes it
 * (PostgreSQL refuses the escaped lone surrogate JSON.stringify would write).
 */
export function jsonParam(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v));
}
