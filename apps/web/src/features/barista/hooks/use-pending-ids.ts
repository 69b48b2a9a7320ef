import { useState } from 'react';

/** The ids whose move is on its way (their buttons wait meanwhile), and how to mark them so or not. */
export function usePendingIds() {
  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(() => new Set());
  const mark = (ids: number | readonly number[], pending: boolean) =>
    setPendingIds((current) => {
      const next = new Set(current);
      for (const id of typeof ids === 'number' ? [ids] : ids) {
        if (pending) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return [pendingIds, mark] as const;
}
