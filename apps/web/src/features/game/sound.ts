/**
 * The winner's sound: a short rising arpeggio synthesised with Web Audio
 * (nothing recorded, nothing downloaded). Silent where Web Audio is missing
 * (jsdom, old browsers) or where the browser refuses to play.
 */
let context: AudioContext | null = null;

const NOTES_HZ = [523.25, 659.25, 783.99, 1046.5];
const NOTE_GAP_S = 0.09;
const NOTE_LENGTH_S = 0.22;

export function playWinSound(): void {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!AudioContextClass) return;
  try {
    const audio = (context ??= new AudioContextClass());
    // A context made without a click of the player's starts suspended in some browsers.
    if (audio.state === 'suspended') audio.resume().catch((error: unknown) => console.warn('The win sound could not start', error));
    const start = audio.currentTime;
    NOTES_HZ.forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequency;
      const at = start + index * NOTE_GAP_S;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_LENGTH_S);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_LENGTH_S + 0.03);
    });
  } catch (error) {
    console.warn('The win sound could not play', error);
  }
}
