/** What the solver's helpers at the table need from the page, and how long each may search. */
import type { Budget } from '../../solver/search.ts';
import type { Strings } from '../page/strings.ts';
import type { ToastAction } from '../page/ui.ts';
import type { AutoPlay } from '../table/autoplay.ts';
import type { Table } from '../table/table.ts';

/** What the assistant needs from the app. */
export interface AssistHost {
  /** The table on screen. */
  table(): Table | null;
  /** The strings in the player's language. */
  strings(): Strings;
  /** True when the verdict line is wanted. */
  verdictWanted(): boolean;
  /** Shows one line to the player ('' hides it), with an action button when given. */
  message(text: string, action?: ToastAction): void;
  /** Shows or hides the thinking indicator. */
  thinking(on: boolean): void;
  /** Counts a hint in the statistics. */
  countHint(): void;
  /** Redraws the status line. */
  refresh(): void;
  /** The owner of automatic play (the replay suspends it). */
  autoplay(): AutoPlay;
  /** Lays the table out again (a bar came or went). */
  relayout(): void;
  /** Deals a new deal from the game's winnable list. */
  newWinnable(): void;
}

/**
 * Budgets: the hint's search, a step of the rewind search, background verdicts, one analysed move,
 * one auto-collect check, one position of the crossroads check, the replay. The hint has one search; `hintQuick.maxMs` is how long the
 * player waits for it before a guess is drawn while it goes on.
 */
export const BUDGETS = {
  // Measured (npm run bench:hint, bench:solver -- --hint-positions, 4 December 2026): the search
  // settles 86-100 % of mid-game positions within 150 ms, and past 2 s it settles almost none
  // that it had not settled by then (Aces and Kings' undecided ones stay undecided at 1.5 M).
  hintQuick: { maxMs: 150 },
  hint: { maxNodes: 1_500_000, maxMs: 2_000 },
  rewind: { maxNodes: 500_000, maxMs: 2_500 },
  verdict: { maxNodes: 1_000_000, maxMs: 5_000 },
  analysis: { maxNodes: 300_000, maxMs: 1_500 },
  auto: { maxNodes: 150_000, maxMs: 400 },
  crossroads: { maxNodes: 1_000_000, maxMs: 3_000 },
  solve: { maxNodes: 5_000_000, maxMs: 20_000 },
  // The worker's warm-up when a game is first shown (SolverService.warm). Measured (npm run
  // bench:hint -- --games king-albert,... --open-first 1500, 6 December 2026): the session's first
  // hint, in King Albert, took 440 and 443 ms without it (the search's code compiled on that
  // hint) and 122 and 159 ms with it; the later games' first hints were not slower than the rest
  // either way. Starting the worker alone (no search) left it at 443 ms.
  warm: { maxNodes: 30_000, maxMs: 300 },
} as const satisfies Record<string, Budget>;

/** The dock under the table for the timeline and the analysis (the app keeps the table above it). */
export function dock(): HTMLElement {
  return document.getElementById('dock') ?? document.body;
}

