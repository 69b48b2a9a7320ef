import { Volume2, VolumeX } from 'lucide-react';

/** Mute switch of the new-order chime (remembered on this device). */
export function ChimeToggle({ muted, onToggle }: { muted: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="btn-secondary min-h-12"
      aria-pressed={!muted}
      onClick={onToggle}
      title={muted ? 'New-order sound is off' : 'New-order sound is on'}
    >
      {muted ? <VolumeX aria-hidden="true" className="h-5 w-5" /> : <Volume2 aria-hidden="true" className="h-5 w-5" />}
      <span>{muted ? 'Sound off' : 'Sound on'}</span>
    </button>
  );
}
