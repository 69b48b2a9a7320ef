import { Download } from 'lucide-react';

/** A card's CSV download: disabled while there is nothing to download. */
export function DownloadButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button type="button" className="btn-secondary" onClick={onClick} disabled={disabled}>
      <Download aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );
}
