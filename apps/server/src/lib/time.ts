/** Timestamps are stored and returned as ISO-8601 UTC text. */
export function iso(date: Date): string {
  return date.toISOString();
}
