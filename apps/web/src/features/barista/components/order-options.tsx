import type { OrderOption } from '@cafe/shared';
import { Fragment } from 'react';

/**
 * An order's choices under the drink ("Large · Oat · 2× Vanilla"), in a paragraph of their own when
 * `paragraph`. Those that differ from the item's default are stressed (bold and underlined, not
 * colour alone): what the barista changes from the usual drink.
 */
export function OrderOptions({
  options,
  paragraph = false,
}: {
  options: readonly OrderOption[] | undefined;
  paragraph?: boolean;
}) {
  if (!options?.length) return null;
  const list = (
    <span className="text-sm leading-5 break-words" data-testid="order-options">
      {options.map((o, index) => {
        const text = o.quantity > 1 ? `${o.quantity}× ${o.choice}` : o.choice;
        return (
          <Fragment key={`${o.groupId}-${o.choiceId}`}>
            {index > 0 ? ' · ' : null}
            {o.isDefault ? <span>{text}</span> : <strong className="underline decoration-2">{text}</strong>}
          </Fragment>
        );
      })}
    </span>
  );
  return paragraph ? <p>{list}</p> : list;
}
