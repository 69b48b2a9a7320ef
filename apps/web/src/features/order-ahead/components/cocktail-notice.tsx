import { useLingui } from '@lingui/react';
import { Martini } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useCafeStatus } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { customerPaths, paths } from '@/lib/paths';

/**
 * The cocktail page: bar drinks are ordered at the bar. A signed-in customer is sent on when the
 * bar cannot serve them here: to the closed page when both venues are closed, to My orders while
 * the cafe is open.
 */
export function CocktailNotice({ actions }: { actions?: ReactNode }) {
  const { _ } = useLingui();
  const me = useMe();
  const isCustomer = me !== null && me.role !== 'barista';
  const customer = customerPaths(me?.role);
  const status = useCafeStatus();
  if (isCustomer && !status.isCafeOpen && !status.isBarOpen) return <Navigate to={customer.closeAll} replace />;
  if (isCustomer && status.isCafeOpen) return <Navigate to={customer.statusOrder} replace />;

  return (
    <section aria-labelledby="cocktail-title" className="card flex flex-col items-center gap-4 p-6 text-center">
      <span
        aria-hidden="true"
        className="grid h-16 w-16 place-items-center rounded-full bg-[var(--accent-soft)] text-[var(--accent)]"
      >
        <Martini className="h-8 w-8" />
      </span>
      <h2 id="cocktail-title" className="max-w-prose text-lg font-semibold">
        {_('shared.spec.cocktailOffline')}
      </h2>
      <Link
        to={paths.teamCredit}
        className="inline-flex min-h-11 items-center rounded-lg px-2 font-medium text-[var(--accent-on-soft)] underline"
      >
        {_('order.cocktail.meetTeam')}
      </Link>
      {actions ? <div className="flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </section>
  );
}
