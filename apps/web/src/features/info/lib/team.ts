/** A team-credit entry (SPEC section 3): picture is optional here; without one an initials avatar is drawn. */
export interface TeamMember {
  id: number;
  name: string;
  picture?: string;
  position: string;
  quote?: string;
}

/** The (fictional) people behind the office cafe and this app. */
export const TEAM: readonly TeamMember[] = [
  { id: 1, name: 'Mali Chaiyaporn', position: 'Head Barista', quote: 'Bring your tumbler, I will bring the smile.' },
  { id: 2, name: 'Tom Becker', position: 'Barista', quote: 'Oat milk is a lifestyle.' },
  { id: 3, name: 'Kanda Wongsa', position: 'Friday Bartender', quote: 'Hold the glass by the stem, please.' },
  { id: 4, name: 'Arun Patel', position: 'Office Manager' },
  { id: 5, name: 'Sophie Laurent', position: 'Product Designer', quote: 'Every screen should feel like a warm cup.' },
  { id: 6, name: 'Krit Somboon', position: 'Developer', quote: 'It worked on my phone, and now on yours.' },
];

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** A stable hue per name, so each avatar keeps its colour. */
export function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** SPEC "Team credit" animation: 500 ms each, starting after 400 ms, the list cascading over 800 ms. */
export const CREDIT_ANIMATION = { durationMs: 500, delayMs: 400, trailMs: 800 } as const;

export function revealDelayMs(index: number, count: number): number {
  if (count <= 1) return CREDIT_ANIMATION.delayMs;
  return Math.round(CREDIT_ANIMATION.delayMs + (CREDIT_ANIMATION.trailMs * index) / (count - 1));
}
