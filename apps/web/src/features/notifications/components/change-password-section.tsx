import { useLingui } from '@lingui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { HeadedSection } from '@/components/ui/headed-section';
import { errorText } from '@/lib/error-text';
import { useChangePassword } from '@/features/notifications/api/change-password';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
}

/**
 * The profile's "Password": the current password and a new one. The server says why a new one is
 * refused (too easy to guess, the current one wrong); on success this device stays signed in and
 * every other one is signed out.
 */
export function ChangePasswordSection() {
  const { _ } = useLingui();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const change = useChangePassword();
  const { register, handleSubmit, reset } = useForm<ChangePasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const handleValid = (values: ChangePasswordValues) =>
    change.mutate(values, { onSuccess: () => reset({ currentPassword: '', newPassword: '' }) });

  return (
    <HeadedSection heading={_('notifications.password.heading')} className="mt-8">
      <form
        onSubmit={(e) => void handleSubmit(handleValid)(e)}
        noValidate
        className="card space-y-4 p-4 sm:p-6"
        aria-busy={change.isPending || undefined}
      >
        <div>
          <label htmlFor={`${id}-current`} className="label">
            {_('notifications.password.current')}
          </label>
          <input
            id={`${id}-current`}
            type={visible ? 'text' : 'password'}
            required
            autoComplete="current-password"
            className="input"
            {...register('currentPassword')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-new`} className="label">
            {_('notifications.password.new')}
          </label>
          <input
            id={`${id}-new`}
            type={visible ? 'text' : 'password'}
            required
            autoComplete="new-password"
            className="input"
            aria-describedby={`${id}-hint`}
            {...register('newPassword')}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-[var(--ink-muted)]">
            {_('notifications.password.hint')}
          </p>
        </div>
        <button type="button" className="btn-secondary" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
          {_('notifications.password.show')}
        </button>
        {change.isError ? (
          <p role="alert" className="field-error font-medium">
            {errorText(change.error)}
          </p>
        ) : null}
        {change.isSuccess ? <p role="status">{_('notifications.password.changed')}</p> : null}
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {_('notifications.password.submit')}
        </button>
      </form>
    </HeadedSection>
  );
}
