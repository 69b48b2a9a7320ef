import type { ChangeActor } from '@cafe/shared';
import { i18n } from '@/i18n';

/**
 * Who made a change (an order's timeline, the audit log), as a screen names them: a person by
 * their name, the cafe's own changes (`system`: its timers and opening hours) as the cafe timer in
 * the interface's language.
 */
export function actorName(actor: Pick<ChangeActor, 'name' | 'system'>): string {
  return actor.system ? i18n._('common.actor.cafeTimer') : actor.name;
}
