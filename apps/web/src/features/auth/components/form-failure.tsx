import type { ReactNode } from 'react';

/** Why the form was not accepted, read out as soon as it shows; nothing when there is no failure. */
export function FormFailure({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="field-error font-medium">
      {children}
    </p>
  );
}
