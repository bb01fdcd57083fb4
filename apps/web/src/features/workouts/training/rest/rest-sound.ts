import restDoneUrl from './rest-done.wav';

let chime: HTMLAudioElement | null = null;

function restChime(): HTMLAudioElement {
  chime ??= new Audio(restDoneUrl);
  return chime;
}

/** Whether a gesture has already let the chime play: once is enough for the page's life. */
let unlocked = false;

/**
 * Plays the chime silently while the client's tap is still being handled: mobile browsers only
 * let a page make sound that a gesture has unlocked, and the rest ends long after the tap.
 */
export function unlockRestSound(): void {
  if (unlocked) return;
  try {
    const audio = restChime();
    audio.muted = true;
    void audio
      .play()
      .then(() => {
        unlocked = true;
        audio.pause();
        audio.currentTime = 0;
      })
      .catch(() => undefined)
      .finally(() => {
        audio.muted = false;
      });
  } catch (error) {
    console.warn('The rest-timer sound could not be prepared', error);
  }
}

/** The bundled two-note chime (12 KB, 8-bit WAV). A failed play is only logged (SPEC.md §8). */
export async function playRestSound(): Promise<void> {
  try {
    const audio = restChime();
    audio.muted = false;
    audio.currentTime = 0;
    await audio.play();
  } catch (error) {
    console.error('The rest-timer sound could not be played', error);
  }
}
