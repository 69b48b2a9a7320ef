import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Modal, ModalClose } from '@/components/ui';
import { cn } from '@/lib/cn';

/** The customer's tumbler photo; a tap shows it large so the barista can find the cup. */
export function TumblerPreview({
  src,
  menuName,
  userName,
  className = 'h-24 w-24',
}: {
  src: string;
  menuName: string;
  userName: string;
  /** Size of the thumbnail (at least 44 px: it is a touch target). */
  className?: string;
}) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const alt = _('barista.tumbler.alt', { person: userName, menu: menuName });
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={_('barista.tumbler.title')}
      description={_('barista.orderLabel', { menu: menuName, person: userName })}
      size="lg"
      hideCloseButton
      trigger={
        <button
          type="button"
          className={cn(
            'shrink-0 overflow-hidden rounded-xl border border-[var(--border)] bg-[var(--surface-sunken)]',
            className,
          )}
          aria-label={_('barista.tumbler.show', { person: userName })}
        >
          {broken ? (
            <span className="grid h-full w-full place-items-center p-1 text-xs text-[var(--ink-muted)]">
              {_('barista.tumbler.noPhoto')}
            </span>
          ) : (
            <img
              src={src}
              alt=""
              loading="lazy"
              className="h-full w-full object-cover"
              onError={() => {
                console.error('image load failure', src);
                setBroken(true);
              }}
            />
          )}
        </button>
      }
      footer={
        <ModalClose asChild>
          <button type="button" className="btn-primary min-h-12">
            {_('barista.tumbler.close')}
          </button>
        </ModalClose>
      }
    >
      <img
        src={src}
        alt={alt}
        className="mx-auto max-h-[65dvh] min-h-48 w-auto max-w-full min-w-48 rounded-xl bg-[var(--surface-sunken)] object-contain"
      />
    </Modal>
  );
}
