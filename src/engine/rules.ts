/**
 * The GameRules contract: the one place each game's rules live. The table, the solver, the hint and
 * the CLI all call these same functions; nobody keeps a second copy of a rule.
 *
 * Positions are held internally as a `State`: every pile as an array of card numbers (see cards.ts),
 * bottom to top, in the game's pile order. Moves are small integers (see `encodeMove`). The engine
 * mutates a State with `make` and restores it with `unmake`, which keeps search fast; the immutable
 * API for the page and the CLI (play.ts) copies before it makes.
 */
import type { Card } from './cards.ts';
import type { PileHashes } from './hash.ts';

/** A position held by the engine. */
export interface State {
  /** Every pile in the game's pile order, each listed bottom to top. */
  piles: Card[][];
  /** Game options carried with the position (bit flags a game defines, 0 for the default rules). */
  flags: number;
  /** Pile hashes kept by make/unmake while a solver searches this state (hash.ts); absent elsewhere. */
  hash?: PileHashes;
}

/**
 * What a pile does, whatever its game calls it: where the stock deals from, where cards are built,
 * where they go home. Everything outside the engine asks the role (anatomy.ts), never the kind.
 */
export type Role = 'stock' | 'waste' | 'tableau' | 'reserve' | 'foundation' | 'discard' | 'row';

/** How one field of the notation maps to piles. */
export interface FieldSpec {
  /** The JSON field name, such as `tableau` or `foundations`. */
  readonly field: string;
  /** The pile kind used in pile ids, such as `tableau` or `foundation`. */
  readonly kind: string;
  /** What the field's piles do. */
  readonly role: Role;
  /** A foundation's first rank (1 for an ace, 13 for a king). */
  readonly base?: number;
  /** Number of piles in the field; absent for a single pile with a bare id (`stock`). */
  readonly count?: number;
  /** True when the field is an array of slots, each a card code or null (King Albert's reserve). */
  readonly slots?: boolean;
}

/** One pile of a game. */
export interface PileSpec {
  /** The notation's pile id, such as `tableau:2` or `stock`. */
  readonly id: string;
  /** The kind part of the id. */
  readonly kind: string;
  /** What the pile does (its field's role). */
  readonly role: Role;
  /** The index part of the id, 0 for a bare id. */
  readonly index: number;
  /** The field it belongs to. */
  readonly field: FieldSpec;
}

/** Move types, in bits 0–1 of a move. */
export const MOVE = 0;
/** Deal from the stock. */
export const DEAL = 1;
/** Discard: Aces Up's top card, or Royal Marriage's one or two neighbours. */
export const DISCARD = 2;

/**
 * Encodes a move: type (2 bits), from pile (6 bits), `to` (6 bits: the target pile, or for a
 * Royal Marriage discard the row index of the first discarded card), n (7 bits: cards moved or
 * discarded).
 */
export function encodeMove(type: number, from: number, to: number, n: number): number {
  return type | (from << 2) | (to << 8) | (n << 14);
}
/** The type of a move: MOVE, DEAL or DISCARD. */
export const moveType = (m: number): number => m & 3;
/** The type of the move that entered a position (GameRules.provenLost's `entered`), or -1 when none did. */
export const enteredType = (entered: number | undefined): number => (entered !== undefined && entered >= 0 ? moveType(entered) : -1);
/** The source pile of a move. */
export const moveFrom = (m: number): number => (m >> 2) & 63;
/** The target pile (or a discard's row index) of a move. */
export const moveTo = (m: number): number => (m >> 8) & 63;
/** How many cards a move takes. */
export const moveCount = (m: number): number => (m >> 14) & 127;
/** A move of the top `n` cards of pile `from` onto pile `to`. */
export const move = (from: number, to: number, n = 1): number => encodeMove(MOVE, from, to, n);
/** The deal move. */
export const DEAL_MOVE = encodeMove(DEAL, 0, 0, 0);

/** A game's exact decision of a position (GameRules.decide): the result, and for `won` a winning line. */
export interface Verdict {
  /** Won or lost, proven. */
  result: 'won' | 'lost';
  /** A full winning line from the position as engine moves; empty when lost. */
  line: number[];
}

/** Where autoplay may send cards by itself: nothing, only provably harmless moves, or every foundation move. */
export type AutoMode = 'off' | 'safe' | 'all';

/**
 * A set of 64-bit position hashes, each as two 32-bit halves, that the solver lends a game's
 * relaxedLost: typed arrays within the search's memory cap (solver/table.ts), no object per entry.
 */
export interface HashSet {
  /** Adds (lo, hi): 1 when it was not there, 0 when it was, -1 when the memory cap forbids it. */
  insert(lo: number, hi: number): number;
  /** Empties the set. */
  clear(): void;
}

/**
 * What the solver lends a game's relaxedLost (solver/search.ts relaxedKit), so that the smaller
 * game searched there stays within the solve's memory cap and time limit and the game file needs
 * no part of the solver.
 */
export interface RelaxedKit {
  /** An empty set of position hashes, for a game that searches its smaller game itself. */
  readonly seen: HashSet;
  /**
   * The solver's own exhaustive search of `s` under `rules` (the smaller game written as rules,
   * its isWon the point where the proof gives up), within `maxNodes` positions: 'lost' only when
   * every position it reached was searched; the positions it visited.
   */
  search(rules: GameRules, s: State, maxNodes: number): RelaxedStep<{ outcome: 'won' | 'lost' | 'unknown'; nodes: number }>;
  /**
   * The solver's best-first search of `s` under `rules` within `maxNodes` positions, for a point
   * where the proof gives up that depth-first search reaches late: 'won' with that point reached,
   * 'lost' only when every position it reached was searched (as search's), else 'unknown'.
   */
  seek(rules: GameRules, s: State, maxNodes: number): RelaxedStep<{ outcome: 'won' | 'lost' | 'unknown'; nodes: number }>;
}

/**
 * A part of a relaxed proof under way, in slices: each next() runs a slice (a few thousand
 * positions) and yields the positions the whole proof has spent so far, so that the solver can
 * stop between slices (a worker then reads its messages) and go on later, or stop it there with
 * return(); it returns its answer. A game's proof is written as a generator (function*) that hands
 * on its searches' slices with yield*.
 */
export type RelaxedStep<T> = Generator<number, T, void>;

/** A relaxed proof of loss under way (GameRules.relaxedLost): `lost` true only when proven, and the positions it spent. */
export type RelaxedProof = RelaxedStep<{ lost: boolean; nodes: number }>;

/**
 * The contract a game implements. When adding a game, write it with defineGame (src/games/define.ts):
 * at least id, names, decks, fields, opening, moves, make, unmake, isWon, validate and autoMoves,
 * and under `solver` key, hash and moveScore; defineGame fills in piles, options, isLegal and
 * deadEnd, and the others have meanings documented below. Then add the game to the catalog's list
 * (src/games/catalog.ts) and its layout to the layout record (src/render/layout.ts).
 */
export interface GameRules<Id extends string = string> {
  /** The notation's game id (the catalog, src/games/catalog.ts, lists the games). */
  readonly id: Id;
  /** Display names. */
  readonly names: { readonly en: string; readonly ru: string };
  /** One or two 52-card decks. */
  readonly decks: 1 | 2;
  /** The notation's fields, in order. */
  readonly fields: readonly FieldSpec[];
  /** Every pile, in State order (derived from fields by `pilesOf`). */
  readonly piles: readonly PileSpec[];
  /**
   * Optional: a count the statistics keep for each finished game, the cards on its piles of `role`
   * at the end (Aces Up's discards), at most `max`.
   */
  readonly tally?: { readonly role: Role; readonly max: number };
  /** Option names a position may carry, each a bit of State.flags (for example Royal Marriage's rank pairs). */
  readonly options: readonly string[];
  /** The opening position of a deal, given the shuffled deck (element 0 is dealt first). */
  opening(deck: Card[], flags: number): State;
  /** Pushes every legal move onto `out` (see notation.md: only the lowest of several equal empty targets). */
  moves(s: State, out: number[]): void;
  /** True when `m` is legal in `s`, including moves to a non-lowest empty pile. */
  isLegal(s: State, m: number): boolean;
  /** Plays a legal move in place, automatic consequences included. */
  make(s: State, m: number): void;
  /** Takes back `m`, which must be the last move made on `s`. */
  unmake(s: State, m: number): void;
  /** True when the game is won. */
  isWon(s: State): boolean;
  /** Game-specific checks that a parsed position could arise in play; a message, or null when valid. */
  validate(s: State): string | null;
  /**
   * Moves that autoplay may make by itself in `mode`, best first. 'safe' lists only moves that can
   * never turn a winnable position into a lost one (each game justifies its rule); 'all' lists
   * every move to a foundation (in Aces Up, every discard; Royal Marriage has none).
   */
  autoMoves(s: State, mode: AutoMode): number[];
  /** A cheap verdict where the game has one: true for an established dead end, null when it cannot tell cheaply. */
  deadEnd(s: State): boolean | null;
  /**
   * The solver's canonical key: states with equal keys are equally winnable (interchangeable piles
   * sorted, detail that no rule reads dropped). It must be exact: "lost" proofs rely on it.
   */
  key(s: State): string;
  /**
   * The solver's 64-bit hash of the canonical key, added into out[0] (lo) and out[1] (hi), which
   * the caller zeroes: equal keys must give equal hashes. Reads the pile hashes `s.hash` (hash.ts), which
   * make/unmake keep through pushCard/popCard, so it costs O(piles), not O(cards).
   */
  hash(s: State, out: Int32Array): void;
  /**
   * Optional: turns `out` from hash(s) into the hash after legal move `m` without making it, so the
   * solver can skip a child it has searched; false when the game cannot tell cheaply. Must equal
   * making the move and hashing (tests check it).
   */
  hashAfter?(s: State, m: number, out: Int32Array): boolean;
  /** True when the pile hashes know cards by rank alone (no rule reads a suit). */
  readonly hashByRank?: boolean;
  /** The solver's move ordering: moves with a lower score are tried first. */
  moveScore(s: State, m: number): number;
  /**
   * Optional: a dominance move for the solver, or -1. Like a safe auto move it can never turn a
   * winnable position into a lost one, but it need not go to a foundation (so the table does not
   * play it by itself). The solver plays it as the only child. Default: the first safe auto move.
   */
  forcedMove?(s: State): number;
  /**
   * Optional, solver-only: an exact verdict without search, or null where the game cannot tell.
   * `won` carries a full legal winning line from `s` (engine moves); `lost` means no line wins.
   * The solver answers with it in place of searching (each game proves its decider).
   */
  decide?(s: State): Verdict | null;
  /** Optional: how promising a position looks (higher is better); the solver tries the best child first. */
  evaluate?(s: State): number;
  /**
   * Optional, with evaluate: evaluate(s) after legal move `m`, without making it, given
   * `now` = evaluate(s). Must equal make, evaluate, unmake (tests check it); the solver orders
   * children by it.
   */
  evaluateAfter?(s: State, m: number, now: number): number;
  /**
   * Optional, solver only: the best-first phase's heuristic for `s`, reached `depth` moves from the
   * search's start, higher is better (default: evaluate).
   */
  bestFirstScore?(s: State, depth: number): number;
  /**
   * Optional, solver only, with bestFirstScore: bestFirstScore of the child after legal move `m`
   * at `depth`, without making it, given `now` = bestFirstScore(s, depth - 1). Must equal make,
   * bestFirstScore, unmake (tests check it); the best-first phase scores children by it.
   */
  bestFirstScoreAfter?(s: State, m: number, depth: number, now: number): number;
  /**
   * Optional, solver only: forgets what the game's solver members remember from one search to the
   * next in this thread (a memo), so that the next search's result does not depend on the searches
   * before it. Only between searches, never during one.
   */
  forget?(): void;
  /**
   * Optional, solver only: true only when `s` can certainly not be won, by a cheap test; the
   * solver then expands it no further (each game justifies its test). `entered` is the move that
   * reached `s` from the position a search expanded it from (whose provenLost that search asked
   * and found false); -1 or absent when there is none (a search's start, or a caller outside a
   * search). A game may answer false at once when that move leaves unchanged all that its test
   * reads: the answer is then that position's. (False is always sound: it only leaves `s` to the
   * search.)
   */
  provenLost?(s: State, entered?: number): boolean;
  /**
   * Optional, solver only: moves the legal-move list leaves out, pushed onto `out` after it. The
   * notation names only the lowest of several empty piles of a kind that would take the same card;
   * where those piles are not interchangeable for the play that follows (Aces Up while the stock
   * has cards: each gets its own card from the next deal), the search must try the others too, or
   * a "lost" would hold only for the moves the list names. Every search reads the list through
   * searchMoves.
   */
  moreMoves?(s: State, out: number[]): void;
  /**
   * Optional, solver only: true when move `m` of `s`, a position the search entered by move `prev`,
   * need not be searched: whatever it leads to is also reached by a move of the position before
   * `prev` that the same rule keeps, or is that position or `s` itself (each game argues its own).
   * Asked only of a full move list, never of a dominance move; the search's positions then still
   * lead to every win they did.
   */
  skipAfter?(s: State, prev: number, m: number): boolean;
  /**
   * Optional, solver only: a proof of loss by searching a smaller game that can play every line
   * the real one can (each game argues its own), within `maxNodes` moves, with what the solver lends
   * (`kit`: a seen set and its own search, within the solve's memory cap): `lost` true only when
   * proven; `nodes`, the moves it made. The solver tries it once, before searching, a slice at a
   * time (RelaxedProof), so it may stop it between slices: a proof keeps its state in the generator
   * or in its game's scratch between them (the solver runs one proof at a time, see Solver).
   */
  relaxedLost?(s: State, maxNodes: number, kit: RelaxedKit): RelaxedProof;
  /**
   * Optional, solver only: the shares of a search's position budget that its best-first phase, its
   * nested rollouts (rollout.ts, led by bestFirstScore), its beams (where the game names its
   * layers, beamLayer) and its random probes may use to look for wins (set by measurement;
   * default: probes 0.4), and the share relaxedLost may use first (default: the solver's
   * RELAXED_SHARE).
   */
  readonly searchShares?: { readonly bestFirst: number; readonly probes: number; readonly relaxed?: number; readonly beam?: number; readonly rollouts?: number };
  /**
   * Optional, solver only: the layer of `s` for the beam phase (beam.ts), a number no move raises,
   * such as the stock's length; a game with it may give the beam a share (searchShares.beam).
   */
  beamLayer?(s: State): number;
  /**
   * Optional partial-order reduction for games where moves commute without meeting again in one
   * position (Royal Marriage: a discard and a deal). `id` names a move stably across positions
   * (0 … 65535); `independent` is true when two moves enabled in `s` can be played in either order
   * with the same result and neither disables the other.
   */
  readonly por?: {
    id(s: State, m: number): number;
    /** Called before a run of `independent` calls on the same state (to cache lookups). */
    prepare?(s: State): void;
    independent(s: State, a: number, b: number): boolean;
  };
}

/** Builds the pile table of a game from its fields. */
export function pilesOf(fields: readonly FieldSpec[]): PileSpec[] {
  const out: PileSpec[] = [];
  for (const f of fields) {
    if (f.count === undefined) out.push({ id: f.kind, kind: f.kind, role: f.role, index: 0, field: f });
    else for (let i = 0; i < f.count; i++) out.push({ id: `${f.kind}:${i}`, kind: f.kind, role: f.role, index: i, field: f });
  }
  return out;
}

/** The index of each field's first pile, by field name: a game takes its pile offsets from its fields. */
export function fieldStarts<const F extends readonly FieldSpec[]>(fields: F): { readonly [K in F[number]['field']]: number } {
  const out: Record<string, number> = {};
  let i = 0;
  for (const f of fields) {
    out[f.field] = i;
    i += f.count ?? 1;
  }
  return out as { readonly [K in F[number]['field']]: number };
}

/** The index of the first pile of `kind` in a pile table (piles of a kind are contiguous). */
export function firstPile(piles: readonly PileSpec[], kind: string): number {
  const i = piles.findIndex((p) => p.kind === kind);
  if (i < 0) throw new Error(`no pile of kind ${kind}`);
  return i;
}

/** Deep copy of a state. */
export function cloneState(s: State): State {
  return { piles: s.piles.map((p) => p.slice()), flags: s.flags };
}

/** The top card of a pile, or -1 when it is empty. */
export function top(p: Card[]): Card {
  return p.length ? p[p.length - 1]! : -1;
}

/**
 * Default `isLegal`: membership in the move list after redirecting a target that is an empty pile
 * to the lowest empty pile of the same kind (the one the list names).
 */
export function legalByList(rules: GameRules, s: State, m: number): boolean {
  let canon = m;
  if (moveType(m) === MOVE) {
    const to = moveTo(m);
    if (to >= rules.piles.length || moveFrom(m) >= rules.piles.length) return false;
    if (s.piles[to]!.length === 0) {
      const kind = rules.piles[to]!.kind;
      for (let i = 0; i < to; i++) {
        if (rules.piles[i]!.kind === kind && s.piles[i]!.length === 0 && i !== moveFrom(m)) {
          canon = encodeMove(MOVE, moveFrom(m), i, moveCount(m));
          break;
        }
      }
    }
  }
  const list: number[] = [];
  rules.moves(s, list);
  return list.includes(canon);
}

/**
 * Empties a move list kept for reuse. Setting an array's length is a call into V8's runtime that
 * the optimizing compiler does not inline, and it costs the code around it too; popping a short
 * list is inlined. Measured (a scratch loop of Solver over deals 1-200 at 100,000 positions, best
 * of 12 rounds, 6 December 2026): with this in the exhaustive search's frames in place of
 * `list.length = 0`, Australian 67-68 ms against 74-76 ms, Streets and Alleys 1,292-1,294 ms
 * against 1,327-1,332 ms, for the same positions.
 */
export function clearList(list: number[]): void {
  while (list.length) list.pop();
}

/**
 * The moves a search tries in `s`, onto `out`: the legal-move list, then the moves it names only
 * through the lowest of several empty piles (GameRules.moreMoves), so that the list's own moves
 * keep their places (a stored line is move indexes in this list, lineCodec.ts).
 */
export function searchMoves(rules: GameRules, s: State, out: number[]): void {
  rules.moves(s, out);
  rules.moreMoves?.(s, out);
}
