import { Trans, useLingui } from '@lingui/react';
import { LIMITS } from '@cafe/shared';
import { forwardRef, useId, type ComponentPropsWithoutRef } from 'react';
import { FieldError } from '@/components/ui';
import { cn } from '@/lib/cn';

interface RemarkFieldProps extends ComponentPropsWithoutRef<'textarea'> {
  error?: string;
  length: number;
}

/** "Additional request" (at most 50 characters; the counter shows how many are used). */
export const RemarkField = forwardRef<HTMLTextAreaElement, RemarkFieldProps>(function RemarkField(
  { error, length, className, ...rest },
  ref,
) {
  const { _ } = useLingui();
  const id = useId();
  const over = length > LIMITS.remarkMax;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        <Trans id="shared.drink.remark" components={{ 0: <span className="font-normal text-[var(--ink-muted)]" /> }} />
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={2}
        placeholder={_('shared.drink.remarkPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className="input resize-y"
        {...rest}
      />
      <p
        id={`${id}-count`}
        className={cn('mt-1 text-right text-xs', over ? 'text-[var(--danger)]' : 'text-[var(--ink-muted)]')}
      >
        {length}/{LIMITS.remarkMax}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
});
