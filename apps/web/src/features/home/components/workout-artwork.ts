import workout1 from '../assets/workout-1.svg';
import workout2 from '../assets/workout-2.svg';
import workout3 from '../assets/workout-3.svg';
import workout4 from '../assets/workout-4.svg';

const ARTWORK = [workout1, workout2, workout3, workout4] as const;

/** The picture of the workout at this position in the plan; a plan longer than the set starts over. */
export function workoutArtwork(position: number): string {
  return ARTWORK[position % ARTWORK.length]!;
}
