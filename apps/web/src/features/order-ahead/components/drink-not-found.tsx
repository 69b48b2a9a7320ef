import { ErrorState, PageHeader } from '@/components/ui';

/** An order form opened with an address that names no drink. */
export function DrinkNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <section>
      <PageHeader title="Order" backTo={backTo} backLabel={backLabel} />
      <ErrorState message="This drink could not be found. Please pick it from the menu again." />
    </section>
  );
}
