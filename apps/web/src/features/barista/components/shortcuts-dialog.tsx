import { useLingui } from '@lingui/react';
import { Keyboard } from 'lucide-react';
import { Modal, ModalClose } from '@/components/ui';
import { SHORTCUTS } from '@/features/barista/lib/shortcuts';

interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The board's keyboard shortcuts (also what a bump bar can send); "?" opens it too. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={_('barista.shortcuts.title')}
      description={_('barista.shortcuts.description')}
      footer={
        <ModalClose asChild>
          <button type="button" className="btn-primary min-h-11">
            {_('barista.shortcuts.close')}
          </button>
        </ModalClose>
      }
    >
      <table className="w-full text-left">
        <thead className="sr-only">
          <tr>
            <th scope="col">{_('barista.shortcuts.keys')}</th>
            <th scope="col">{_('barista.shortcuts.what')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-[var(--border)]">
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td className="py-2 pr-3 align-top whitespace-nowrap">
                {shortcut.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 ? (
                      <span className="px-1 text-sm text-[var(--ink-muted)]">{_('barista.shortcuts.or')}</span>
                    ) : null}
                    <kbd className="inline-block min-w-8 rounded-md border border-[var(--border-strong)] bg-[var(--surface-sunken)] px-1.5 py-0.5 text-center font-mono text-sm">
                      {key}
                    </kbd>
                  </span>
                ))}
              </td>
              <td className="py-2">{_(shortcut.textId)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

/** Opens the shortcuts dialog (for a pointer; "?" on the keyboard does the same). */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  const { _ } = useLingui();
  return (
    <button
      type="button"
      className="btn-secondary hidden min-w-11 px-3 md:inline-flex"
      onClick={onClick}
      aria-label={_('barista.shortcuts.title')}
      title={_('barista.shortcuts.buttonTitle')}
    >
      <Keyboard aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
