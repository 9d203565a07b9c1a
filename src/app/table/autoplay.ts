/**
 * Automatic play has one owner: the player's auto-collect setting, suspended while the solver
 * replays its own line. It alone sets what the session plays by itself, and the table asks it for
 * the solver-checked moves of "never cost a win".
 */
import type { AutoMode } from '../../engine/rules.ts';
import type { Settings } from '../../persist/settings.ts';
import type { Session } from './session.ts';

/** The owner of automatic play. */
export class AutoPlay {
  private setting: Settings['autoCollect'] = 'safe';
  private suspended = false;
  private session: Session | null = null;

  /** `solverMove` finds the next move the solver proves harmless ("never cost a win"). */
  constructor(private readonly solverMove: () => Promise<number | null>) {}

  /** What the engine plays by itself now: nothing during a replay; "never cost a win" falls back to the safe moves. */
  get mode(): AutoMode {
    if (this.suspended) return 'off';
    return this.setting === 'solver' ? 'safe' : this.setting;
  }

  /** The session now on the table. */
  attach(session: Session): void {
    this.session = session;
    this.suspended = false;
    this.apply();
  }

  /** The player's setting. */
  choose(setting: Settings['autoCollect']): void {
    this.setting = setting;
    this.apply();
  }

  /** No automatic moves while the solver replays its line. */
  suspend(): void {
    this.suspended = true;
    this.apply();
  }

  /** The player has the table again. */
  resume(): void {
    this.suspended = false;
    this.apply();
  }

  /** The table asks after each move: a solver-checked automatic move, or null when the engine's own mode decides. */
  source(): Promise<number | null> | null {
    return this.setting === 'solver' && !this.suspended ? this.solverMove() : null;
  }

  private apply(): void {
    if (this.session) this.session.autoMode = this.mode;
  }
}
