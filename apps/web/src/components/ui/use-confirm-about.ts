import { useState } from 'react';
import { logFailure } from '@/lib/log-failure';

/** What went wrong with an action the person confirmed, to say where they confirmed it. */
export function useActionFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    /**
     * Waits for `work` (the action): a failure is logged as `what`, said as `say(error)` and thrown
     * again, so a ConfirmDialog stays open.
     */
    attempt: async <R>(what: string, work: Promise<R>, say: (error: unknown) => string): Promise<R> => {
      setFailure(null);
      try {
        return await work;
      } catch (error) {
        logFailure(what, error);
        setFailure(say(error));
        throw error;
      }
    },
  };
}

/**
 * A ConfirmDialog about one thing at a time (`subject`, null while closed) whose action may fail:
 * the failure is said inside the dialog, which stays open.
 */
export function useConfirmAbout<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const { failure, clear, attempt } = useActionFailure();
  /** Opens the dialog about `next` (null closes it), without the failure of an earlier try. */
  const open = (next: T | null) => {
    clear();
    setSubject(next);
  };
  /** The dialog's onOpenChange: closing it forgets the subject. */
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) open(null);
  };
  return { subject, failure, open, onOpenChange, attempt };
}
