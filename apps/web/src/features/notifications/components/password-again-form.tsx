import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';

interface FormProps {
  action: string;
  busy: boolean;
  error: string | null;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/**
 * A field, the action and Cancel: the password asked again before a change to how the person signs
 * in (removing a factor, new recovery codes), or an authenticator app's first code. The action waits
 * until the field is `ready`; the refusal, when there is one, comes from the caller.
 */
export function OneFieldForm({
  label,
  action,
  busy,
  error,
  ready,
  onSubmit,
  onCancel,
  ...field
}: FormProps & {
  label: string;
  ready: (value: string) => boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onSubmit'>) {
  const { _ } = useLingui();
  const id = useId();
  const [value, setValue] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready(value)) onSubmit(value);
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-2" aria-busy={busy || undefined}>
      <label htmlFor={`${id}-field`} className="label">
        {label}
      </label>
      <input id={`${id}-field`} className="input" {...field} value={value} onChange={(e) => setValue(e.target.value)} />
      {error ? (
        <p role="alert" className="field-error font-medium">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy || !ready(value)}>
          {action}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {_('notifications.security.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The password asked again, with the action it allows. */
export function PasswordAgainForm(props: FormProps) {
  const { _ } = useLingui();
  return (
    <OneFieldForm
      {...props}
      label={_('notifications.security.passwordAgain')}
      ready={(password) => password !== ''}
      type="password"
      autoComplete="current-password"
      autoFocus
    />
  );
}
