import type { Run } from '@cafe/shared';
import { msgId } from '@/i18n';

/**
 * Why no drink can be added to the run now (a message id): it has closed, or the person's drink is
 * in it already. null while one may be added; the server decides again.
 */
export function runRefusalOf(run: Run, meId: number | undefined): string | null {
  if (run.state !== 'open') return msgId('order.run.closed');
  if (run.drinks.some((drink) => drink.person.id === meId)) return msgId('order.run.joined');
  return null;
}
