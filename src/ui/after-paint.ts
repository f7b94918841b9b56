/**
 * Work that can wait for the first rows: run once the browser has painted the next frame (a
 * timer set from an animation frame callback fires after that frame's paint), or, with `idle`,
 * once it is idle after that paint (requestIdleCallback, a short timer where there is none).
 * Returns a function that cancels it.
 */
export function afterNextPaint(run: () => void, { idle = false } = {}): () => void {
  let cancelLater: (() => void) | undefined;
  const frame = requestAnimationFrame(() => {
    if (idle && typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 2000 });
      cancelLater = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(run, idle ? 50 : 0);
      cancelLater = () => window.clearTimeout(timer);
    }
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelLater?.();
  };
}
