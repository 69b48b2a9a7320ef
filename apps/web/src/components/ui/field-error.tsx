import type { ReactNode } from 'react';

/**
 * The error line under a form field; nothing when there is no error. The field points at it with
 * aria-describedby={id}, so the message is read out with the field.
 */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field-error">
      {children}
    </p>
  );
}
