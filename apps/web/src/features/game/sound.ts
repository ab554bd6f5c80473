/**
 * The winner's sound: a short rising arpeggio synthesised with Web Audio
 * (nothing recorded, nothing downloaded). Silent where Web Audio is missing.
 */
let context: AudioContext | null = null;

export function playWinSound(): void {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!AudioContextClass) return;
  try {
    context ??= new AudioContextClass();
    const start = context.currentTime;
    [523.25, 659.25, 783.99, 1046.5].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequency;
      const at = start + index * 0.09;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.25);
    });
  } catch (error) {
    console.warn('The win sound could not play', error);
  }
}
