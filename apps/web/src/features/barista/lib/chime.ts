type AudioContextCtor = typeof AudioContext;

function audioContextCtor(): AudioContextCtor | undefined {
  // Older Safari only has the prefixed constructor; a test environment may have neither.
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Two short notes, rising: pleasant enough to hear all day, distinct enough to notice. */
const NOTES = [
  { frequency: 880, start: 0, length: 0.16 },
  { frequency: 1318.5, start: 0.17, length: 0.28 },
] as const;

/**
 * A new-order chime made with the Web Audio API (no sound file to load). Browsers refuse to start
 * audio before the person has interacted with the page, so the AudioContext is only created in
 * `unlock()`, which the caller runs on the first tap or key press.
 */
export function createChime() {
  let context: AudioContext | null = null;

  return {
    /** Create (or wake) the audio context; call from a user gesture. */
    unlock(): void {
      const Ctor = audioContextCtor();
      if (!Ctor) return;
      context ??= new Ctor();
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
    },
    get ready(): boolean {
      return context?.state === 'running';
    },
    /** Play the chime now; silently does nothing before unlock(). */
    play(): void {
      if (!context || context.state !== 'running') return;
      const now = context.currentTime;
      for (const note of NOTES) {
        const osc = context.createOscillator();
        const gain = context.createGain();
        osc.type = 'sine';
        osc.frequency.value = note.frequency;
        const t0 = now + note.start;
        gain.gain.setValueAtTime(0.0001, t0);
        gain.gain.exponentialRampToValueAtTime(0.35, t0 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.length);
        osc.connect(gain).connect(context.destination);
        osc.start(t0);
        osc.stop(t0 + note.length + 0.02);
      }
    },
    close(): void {
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}

export type Chime = ReturnType<typeof createChime>;
