import { useLingui } from '@lingui/react';
import { ErrorState, PageHeader } from '@/components/ui';

/** An order form opened with an address that names no drink. */
export function DrinkNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { _ } = useLingui();
  return (
    <section>
      <PageHeader title={_('order.notFound.title')} backTo={backTo} backLabel={backLabel} />
      <ErrorState message={_('order.notFound.message')} />
    </section>
  );
}
