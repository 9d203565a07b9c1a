/**
 * Waiting for a condition without timers of its own: the check runs once per animation frame,
 * which the table's ticker asks for anyway, so waiting adds no wake-ups (a 16 ms timer would add
 * one task per tick, which on a slow machine costs as much as a frame of the deal). While the page
 * is hidden, frames stop, so the check then runs every 100 ms.
 */
export function until(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (done()) resolve();
      else if (document.hidden) setTimeout(check, 100);
      else requestAnimationFrame(check);
    };
    check();
  });
}
