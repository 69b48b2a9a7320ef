import { useLingui } from '@lingui/react';
import { Volume2, VolumeX } from 'lucide-react';

/** Mute switch of the new-order chime (remembered on this device). */
export function ChimeToggle({ muted, onToggle }: { muted: boolean; onToggle: () => void }) {
  const { _ } = useLingui();
  return (
    <button
      type="button"
      className="btn-secondary min-h-11"
      aria-pressed={!muted}
      onClick={onToggle}
      title={muted ? _('barista.chime.offTitle') : _('barista.chime.onTitle')}
    >
      {muted ? <VolumeX aria-hidden="true" className="h-5 w-5" /> : <Volume2 aria-hidden="true" className="h-5 w-5" />}
      <span>{muted ? _('barista.chime.off') : _('barista.chime.on')}</span>
    </button>
  );
}
