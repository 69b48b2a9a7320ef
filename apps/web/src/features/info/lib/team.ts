import { msgId } from '@/i18n';

/**
 * A team-credit entry (name, position, picture, optional quote): picture is optional here;
 * without one an initials avatar is drawn. The name is written as it is; the position and the
 * quote are message ids, translated where they are shown.
 */
export interface TeamMember {
  id: number;
  name: string;
  picture?: string;
  positionId: string;
  quoteId?: string;
}

/** The (fictional) people behind the office cafe and this app. */
export const TEAM: readonly TeamMember[] = [
  {
    id: 1,
    name: 'Mali Chaiyaporn',
    positionId: msgId('info.team.headBarista'),
    quoteId: msgId('info.team.quoteMali'),
  },
  { id: 2, name: 'Tom Becker', positionId: msgId('info.team.barista'), quoteId: msgId('info.team.quoteTom') },
  {
    id: 3,
    name: 'Kanda Wongsa',
    positionId: msgId('info.team.fridayBartender'),
    quoteId: msgId('info.team.quoteKanda'),
  },
  { id: 4, name: 'Arun Patel', positionId: msgId('info.team.officeManager') },
  {
    id: 5,
    name: 'Sophie Laurent',
    positionId: msgId('info.team.productDesigner'),
    quoteId: msgId('info.team.quoteSophie'),
  },
  { id: 6, name: 'Krit Somboon', positionId: msgId('info.team.developer'), quoteId: msgId('info.team.quoteKrit') },
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

/** The team credit's animation: 500 ms each, starting after 400 ms, the list cascading over 800 ms. */
export const CREDIT_ANIMATION = { durationMs: 500, delayMs: 400, trailMs: 800 } as const;

export function revealDelayMs(index: number, count: number): number {
  if (count <= 1) return CREDIT_ANIMATION.delayMs;
  return Math.round(CREDIT_ANIMATION.delayMs + (CREDIT_ANIMATION.trailMs * index) / (count - 1));
}
