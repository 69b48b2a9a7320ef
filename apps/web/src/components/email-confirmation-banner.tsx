import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { resendEmailConfirmation, useEmailConfirmationStatus } from '@/api/email-confirmation';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/** Why asking for a new link failed: too often (429), or what the failure says. */
function resendFailureText(error: unknown, tooOften: string): string {
  if (isApiError(error) && error.status === 429) return tooOften;
  return errorText(error) ?? '';
}

/**
 * Over every signed-in screen while the person must still open the link sent to their address
 * (deployments that confirm addresses): ordering is refused until then (403 EMAIL_NOT_CONFIRMED),
 * so they are told before they choose a drink, and can have the link sent again.
 */
export function EmailConfirmationBanner() {
  const { _ } = useLingui();
  const id = useId();
  const status = useEmailConfirmationStatus();
  const resend = useMutation({
    mutationFn: resendEmailConfirmation,
    onSuccess: () => toast.success(_('common.emailConfirmation.sent', { email: status?.email ?? '' })),
  });
  if (!status?.required || status.confirmed) return null;
  return (
    <section
      aria-labelledby={`${id}-text`}
      className="mb-4 flex flex-col gap-3 rounded-2xl border border-[var(--warning)] bg-[var(--warning-soft)] px-4 py-3 text-[var(--ink)] sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--warning)]" />
        <div className="min-w-0 space-y-1">
          <p id={`${id}-text`} className="break-words">
            {_('common.emailConfirmation.banner', { email: status.email })}
          </p>
          {/* Read out when asking again fails; the success is a toast. */}
          <p role="status" className="text-sm font-medium empty:hidden">
            {resend.isError ? resendFailureText(resend.error, _('common.emailConfirmation.tooOften')) : ''}
          </p>
        </div>
      </div>
      <button
        type="button"
        className="btn-secondary shrink-0"
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
        onClick={() => resend.mutate()}
      >
        {_('common.emailConfirmation.resend')}
      </button>
    </section>
  );
}
