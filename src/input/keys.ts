/**
 * The page's one keydown listener. Handlers run in the order they were added (the render loop's
 * wake-up, the page's shortcuts, then the table's keyboard play and drag cancel), each deciding for
 * itself whether the key is its own; one that takes a key calls preventDefault, which the later
 * ones see.
 */

/** A keydown handler. */
export type KeyHandler = (e: KeyboardEvent) => void;

/** The one keydown listener. */
export class Keys {
  private readonly handlers: KeyHandler[] = [];

  /** Listens on `target` (the window). */
  constructor(target: Pick<Window, 'addEventListener'> = window) {
    target.addEventListener('keydown', (e) => this.dispatch(e));
  }

  /** Adds a handler after the others; returns the function that removes it. */
  add(handler: KeyHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  /** Runs every handler in order (a handler removed on the way is still called for this key, as with listeners). */
  dispatch(e: KeyboardEvent): void {
    for (const h of [...this.handlers]) h(e);
  }
}
