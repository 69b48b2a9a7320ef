import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';

/**
 * The password asked again before a change to how the person signs in (removing a factor, new
 * recovery codes): a field, the action and Cancel. The refusal, when there is one, comes from the caller.
 */
export function PasswordAgainForm({
  action,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  action: string;
  busy: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const { _ } = useLingui();
  const id = useId();
  const [password, setPassword] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-2" aria-busy={busy || undefined}>
      <label htmlFor={`${id}-password`} className="label">
        {_('notifications.security.passwordAgain')}
      </label>
      <input
        id={`${id}-password`}
        type="password"
        className="input"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error ? (
        <p role="alert" className="field-error font-medium">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy || !password}>
          {action}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {_('notifications.security.cancel')}
        </button>
      </div>
    </form>
  );
}
