import { useLingui } from '@lingui/react';
import { OfflineReason } from '@/components/offline-banner';
import { useOffline } from '@/lib/connectivity';

/**
 * The Add or Save button of a management form. Saving needs the server: offline the button is
 * disabled and says why instead of failing.
 */
export function SaveButton({
  adding = false,
  pending,
  invalid = false,
  hintId,
}: {
  /** A new category or item: "Add" rather than "Save". */
  adding?: boolean;
  pending: boolean;
  invalid?: boolean;
  /** The hint that says what the form still needs, while it shows. */
  hintId?: string | undefined;
}) {
  const { _ } = useLingui();
  const offline = useOffline();
  const idle = adding ? _('management.form.add') : _('management.form.save');
  const busy = adding ? _('management.form.adding') : _('management.form.saving');
  return (
    <>
      <OfflineReason id="save-offline" className="self-center text-sm font-medium text-[var(--warning)]" />
      <button
        type="submit"
        className="btn-primary"
        disabled={invalid || pending || offline}
        aria-describedby={offline ? 'save-offline' : hintId}
      >
        {pending ? busy : idle}
      </button>
    </>
  );
}
