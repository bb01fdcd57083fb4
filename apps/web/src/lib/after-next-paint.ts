/**
 * Runs `callback` once the browser has painted what the current task changed: a tap's own answer
 * (a box ticked, a rest started) shows first, and work it sets off that the eye can wait a frame for
 * (scrolling, opening the next exercise) does not hold that paint back. Returns what calls it off.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  // An animation frame's callbacks run just before its paint; a task queued from one runs after it.
  requestAnimationFrame(() => setTimeout(run, 0));
  // A page the browser is not drawing (in the background, covered) gets no frames: the work waits
  // half a second at most. Never less: on a slow phone a busy frame takes longer than 100 ms, and
  // the work must not run before that frame's paint.
  setTimeout(run, 500);
  // What the work was for may be gone by then (a screen left, a test ended): it can be called off.
  return () => void (done = true);
}
