import { useState } from 'react';
import { Modal, ModalClose } from '@/components/ui';

/** The customer's tumbler photo; a tap shows it large so the barista can find the cup. */
export function TumblerPreview({ src, menuName, userName }: { src: string; menuName: string; userName: string }) {
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const alt = `Tumbler of ${userName} for ${menuName}`;
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Tumbler"
      description={`${menuName} for ${userName}`}
      size="lg"
      hideCloseButton
      trigger={
        <button
          type="button"
          className="h-24 w-24 shrink-0 overflow-hidden rounded-xl border border-[var(--border)] bg-[var(--surface-sunken)]"
          aria-label={`Show tumbler photo of ${userName}`}
        >
          {broken ? (
            <span className="grid h-full w-full place-items-center p-1 text-xs text-[var(--ink-muted)]">No photo</span>
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
            Close Preview
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
