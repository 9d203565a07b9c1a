/**
 * Streets and Alleys. 52 cards, all face up, in eight rows: four of seven to the left of the "main
 * street" (the foundations) and four of six to the right. Only the outer card of each row (the end
 * farthest from the street, the last element) plays, one card at a time: onto another row's outer
 * card one rank higher, whatever the suit; into an empty row; or to its foundation, which builds up
 * by suit from the ace. Foundation cards never come back. Won when all cards are on the foundations.
 */
import { type Card, rankOf } from '../engine/cards.ts';
import { addGroup, mix } from '../engine/hash.ts';
import { type AutoMode, fieldStarts, type FieldSpec, type HashSet, move, moveFrom, moveTo, type RelaxedProof, type RelaxedStep, type State } from '../engine/rules.ts';
import { lowestEmpty, lowestSuitHome, progressLessDisorder, progressLessDisorderAfter, pushToBits, readSuitHomes, scoreByMaking, sortedPileKeys, suitHeightsInto, suitHeightsKey, suitHomeFor } from './common.ts';
import { defineGame } from './define.ts';
import { type TopCardGame, topCardRules, topCardSolver } from './topCard.ts';

const fields = [
  { field: 'tableau', kind: 'tableau', role: 'tableau', count: 8 },
  { field: 'foundations', kind: 'foundation', role: 'foundation', base: 1, count: 4 },
] as const satisfies readonly FieldSpec[];
/** Where each field's piles start. */
const at = fieldStarts(fields);
const T0 = at.tableau;
const F0 = at.foundations;

/**
 * Safe (the table's auto-collect): a card goes up when it is an ace, or when every foundation has
 * reached its rank less one. Building ignores suit, so any card one rank lower could be built on
 * it; once all four are up for good, the card is of no further use on the table. 'all': every move
 * to a foundation. 'forced' (the solver's dominance move) is stronger: every foundation at its rank
 * less two or more. Why that never costs a win: let c (rank r) go up now and replay any winning
 * line of the position where c stayed, with each move that puts a card x on c (x of rank r-1, the
 * only cards c can hold) sent home instead: x's foundation is at r-2 (at least r-2, and x is not
 * home), so x may go up whenever it is outermost, and no card needs x as a base (every r-2 is
 * home). Moves of c, or of x off c, are dropped. Every other move finds the same outer card (the
 * replay's rows hold the same cards less those sent up) and the same or a higher foundation, so
 * it stays legal, and the replay ends with every card home. Pushes the moves onto `out`; with
 * `out` null, returns the first instead (else -1).
 */
function foundationMoves(s: State, mode: AutoMode | 'forced', out: number[] | null): number {
  if (mode === 'off') return -1;
  readSuitHomes(s, F0);
  const slack = mode === 'forced' ? 2 : 1;
  for (let from = T0; from < T0 + 8; from++) {
    const p = s.piles[from]!;
    if (!p.length) continue;
    const c: Card = p[p.length - 1]!;
    const f = suitHomeFor(c);
    if (f >= 0 && (mode === 'all' || lowestSuitHome() >= rankOf(c) - slack)) {
      if (!out) return move(from, f);
      out.push(move(from, f));
    }
  }
  return -1;
}

/**
 * The suit-blind game behind relaxedLost. Each row is a list of symbols: a tracked card keeps its
 * number (0 … 51); any other card is known by its rank alone (52 + rank - 1). Rows as arrays, with
 * a 64-bit Zobrist hash each (two halves, kept as cards come and go) for the seen set.
 */
const BLIND_SYMBOLS = 65;
const BLIND_HEIGHTS = 64;
/** Zobrist entries, lo and hi halves interleaved: index 2 * (symbol * BLIND_HEIGHTS + place). */
const BLIND_Z = (() => {
  const t = new Int32Array(2 * BLIND_SYMBOLS * BLIND_HEIGHTS);
  let x = 0x6b43a9b5;
  for (let i = 0; i < t.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    t[i] = x;
  }
  return t;
})();
/** The blind rows, their hash halves, the foundations' heights and the heights past which cards are untracked. */
const blindRows: number[][] = Array.from({ length: 8 }, () => []);
const blindLo = new Int32Array(8);
const blindHi = new Int32Array(8);
const blindHome = new Int32Array(4);
const blindLimit = new Int32Array(4);
/** The blind search's moves, frame after frame (from * 16 + to, with `to` 8 + suit for home). */
let moveStack = new Int32Array(1024);

/** A symbol's rank. */
const blindRank = (x: number): number => (x < 52 ? (x % 13) + 1 : x - 51);

/**
 * Adds the blind position to `seen` by its 64-bit hash: rows as a set (sum of mixed row hashes),
 * and the foundations. 1 when new, 0 when seen before, -1 when the memory cap is reached.
 */
function seeBlind(seen: HashSet): number {
  let lo = mix(blindHome[0]! | (blindHome[1]! << 4) | (blindHome[2]! << 8) | (blindHome[3]! << 12));
  let hi = mix(lo ^ 0x5bd1e995);
  for (let r = 0; r < 8; r++) {
    lo = (lo + mix(blindLo[r]!)) | 0;
    hi = (hi + mix(blindHi[r]! ^ 0x27d4eb2f)) | 0;
  }
  return seen.insert(lo, hi);
}

/** Puts symbol x on blind row r, keeping its hash. */
function blindPush(r: number, x: number): void {
  const row = blindRows[r]!;
  const z = 2 * (x * BLIND_HEIGHTS + (row.length & (BLIND_HEIGHTS - 1)));
  blindLo[r] = (blindLo[r]! + BLIND_Z[z]!) | 0;
  blindHi[r] = (blindHi[r]! + BLIND_Z[z + 1]!) | 0;
  row.push(x);
}

/** Takes the outer symbol off blind row r, keeping its hash. */
function blindPop(r: number): number {
  const row = blindRows[r]!;
  const x = row.pop()!;
  const z = 2 * (x * BLIND_HEIGHTS + (row.length & (BLIND_HEIGHTS - 1)));
  blindLo[r] = (blindLo[r]! - BLIND_Z[z]!) | 0;
  blindHi[r] = (blindHi[r]! - BLIND_Z[z + 1]!) | 0;
  return x;
}

/** Outcomes of one blind search. */
const BLIND_LOST = 0;
const BLIND_OPEN = 1;
const BLIND_OUT = 2;

/** Moves the blind search makes between the points where the solver may stop it (a power of two). */
const BLIND_SLICE = 4096;

/**
 * Searches the suit-blind game from `s` where the next `depth` cards of each suit are tracked
 * (see relaxedLost), within `maxNodes` moves: BLIND_LOST when every blind position reachable was
 * searched and none needs an untracked card home next or is won; BLIND_OPEN when one does;
 * BLIND_OUT when the budget ran out, or `seen` reached the memory cap; with the moves it made.
 * Every BLIND_SLICE moves it yields the moves the proof has made in all (`before` of them in the
 * searches before it), so that the solver can stop it there.
 */
function* blindSearch(s: State, depth: number, maxNodes: number, seen: HashSet, before: number): RelaxedStep<{ outcome: number; nodes: number }> {
  suitHeightsInto(s, F0, 4, blindHome);
  // A position already won proves nothing lost: the check at each move home below never sees it.
  if (blindHome[0]! + blindHome[1]! + blindHome[2]! + blindHome[3]! === 52) return { outcome: BLIND_OPEN, nodes: 0 };
  for (let su = 0; su < 4; su++) blindLimit[su] = blindHome[su]! + depth;
  for (let r = 0; r < 8; r++) {
    blindRows[r]!.length = 0;
    blindLo[r] = 0;
    blindHi[r] = 0;
    const p = s.piles[T0 + r]!;
    for (let k = 0; k < p.length; k++) {
      const c = p[k]!;
      const su = (c / 13) | 0;
      const i = c % 13;
      blindPush(r, i >= blindHome[su]! && i < blindLimit[su]! ? c : 52 + i);
    }
  }
  seen.clear();
  seeBlind(seen);
  let nodes = 0;
  // Frames by depth: moves at moveStack[fStart[d] … fEnd[d]-1], the next at fNext[d], entered by fMove[d].
  const fStart: number[] = [];
  const fEnd: number[] = [];
  const fNext: number[] = [];
  const fMove: number[] = [];
  const pushFrame = (entered: number): void => {
    const start = fStart.length ? fEnd[fEnd.length - 1]! : 0;
    if (start + 64 > moveStack.length) {
      const bigger = new Int32Array(2 * moveStack.length);
      bigger.set(moveStack);
      moveStack = bigger;
    }
    let end = start;
    let empty = -1;
    for (let r = 0; r < 8; r++) if (!blindRows[r]!.length) empty = empty < 0 ? r : empty;
    for (let a = 0; a < 8; a++) {
      const p = blindRows[a]!;
      if (!p.length) continue;
      const x = p[p.length - 1]!;
      if (x < 52 && x % 13 === blindHome[(x / 13) | 0]) moveStack[end++] = a * 16 + 8 + ((x / 13) | 0);
      const want = blindRank(x) + 1;
      for (let b = 0; b < 8; b++) {
        const q = blindRows[b]!;
        if (b !== a && q.length && blindRank(q[q.length - 1]!) === want) moveStack[end++] = a * 16 + b;
      }
      // Into an empty row (a lone card's move there gives the same rows).
      if (empty >= 0 && p.length > 1) moveStack[end++] = a * 16 + empty;
    }
    fStart.push(start);
    fEnd.push(end);
    fNext.push(start);
    fMove.push(entered);
  };
  pushFrame(-1);
  while (fStart.length) {
    const d = fStart.length - 1;
    if (fNext[d]! >= fEnd[d]!) {
      fStart.pop();
      fEnd.pop();
      fNext.pop();
      const m = fMove.pop()!;
      if (m >= 0) unmakeBlind(m);
      continue;
    }
    const m = moveStack[fNext[d]!]!;
    fNext[d]!++;
    if (nodes >= maxNodes) {
      return { outcome: BLIND_OUT, nodes };
    }
    nodes++;
    // A slice done: the solver may stop here (the blind position stays in the scratch meanwhile).
    if ((nodes & (BLIND_SLICE - 1)) === 0) yield before + nodes;
    const b = m & 15;
    if (b >= 8) {
      const su = b - 8;
      const next = blindHome[su]! + 1;
      // Home next: an untracked card of this suit, or every card home (a win): nothing is proven.
      if ((next >= blindLimit[su]! && next < 13) || blindHome[0]! + blindHome[1]! + blindHome[2]! + blindHome[3]! === 51) {
        return { outcome: BLIND_OPEN, nodes };
      }
    }
    makeBlind(m);
    const added = seeBlind(seen);
    if (added < 0) {
      return { outcome: BLIND_OUT, nodes };
    }
    if (added === 0) {
      unmakeBlind(m);
      continue;
    }
    pushFrame(m);
  }
  return { outcome: BLIND_LOST, nodes };
}

/**
 * The solver's proof of loss by a smaller game (relaxedLost): the suit-blind game, where only the
 * next `depth` cards of each suit keep their suit and every other card is known by its rank. Tried
 * with depth 1, 2 and 3 while `maxNodes` lasts; true when one of them proves the loss.
 *
 * Why it is sound. Building on the rows reads ranks only, so every move between rows, and every
 * move into an empty row, is also a move of the blind game between the same blind positions; a
 * tracked card goes home there exactly when it does in the real game. An untracked card can go home
 * only after its suit has come up to it, past every tracked card of its suit, and the blind search
 * stops as "open" as soon as a suit would need an untracked card next, or every card would be home
 * (or, at its start, already is). So, up to that moment, every line of play of the real game is a
 * line of the blind game, and when the blind search exhausts its positions without ever reaching
 * that moment, no line of the real game wins. The blind positions are kept by their 64-bit hash in a table the solver lends, under
 * the search's memory cap: with N stored, a false match (which could hide a position) has a chance
 * of at most about N² / 2^64, as for the main table (below 2e-8 for the 500,000 a 5,000,000-position
 * solve lets it make).
 * Measured: three hint positions that plain exhaustive search proves lost only after 3.2, 4.0 and
 * 16.1 million positions take 15,694, 2,060 + 15,024 and 92 + 45,653 blind moves.
 * tests/solver/dominance.test.ts checks it against plain search.
 */
function* relaxedLost(s: State, maxNodes: number, seen: HashSet): RelaxedProof {
  let nodes = 0;
  for (let depth = 1; depth <= 3 && nodes < maxNodes; depth++) {
    const r = yield* blindSearch(s, depth, maxNodes - nodes, seen, nodes);
    nodes += r.nodes;
    if (r.outcome === BLIND_LOST) return { lost: true, nodes };
    if (r.outcome === BLIND_OUT) break;
  }
  return { lost: false, nodes };
}

/** Plays blind move m: from * 16 + to, with `to` 8 + suit for home. */
function makeBlind(m: number): void {
  const b = m & 15;
  const x = blindPop(m >> 4);
  if (b >= 8) blindHome[b - 8]!++;
  else blindPush(b, x);
}

/** Takes back blind move m. */
function unmakeBlind(m: number): void {
  const b = m & 15;
  if (b >= 8) {
    const su = b - 8;
    blindHome[su]!--;
    blindPush(m >> 4, 13 * su + blindHome[su]!);
  } else blindPush(m >> 4, blindPop(b));
}

/** Scratch for moves(): the outer card's rank per row (0 for an empty row). */
const outer = new Int32Array(8);
/** Scratch for moves(): per rank, the rows whose outer card has it, as bits (bit t for row T0 + t); emptied again before moves() returns. */
const rowsOf = new Int32Array(15);

/** The term of pile `p` in hash(): its group. */
const termOf = (p: number): number => (p < F0 ? 0 : 1);

/** The piles and the rule home, for the members a top-card game shares (topCard.ts). */
const TOP: TopCardGame = { first: T0, columns: 8, foundations: F0, home: foundationMoves, termOf };

export const streetsAndAlleys = defineGame({
  id: 'streets-and-alleys',
  names: { en: 'Streets and Alleys', ru: 'Улицы и переулки' },
  decks: 1,
  fields,

  opening(deck) {
    const piles: number[][] = [];
    for (let r = 0; r < 8; r++) piles.push([]);
    deck.forEach((c, k) => {
      piles[k % 8]!.push(c);
    });
    for (let f = 0; f < 4; f++) piles.push([]);
    return { piles, flags: 0 };
  },

  moves(s, out) {
    const empty = lowestEmpty(s, T0, 8);
    // Read once: each row's outer rank (and the rows by it), and what each foundation takes next
    // (the lowest empty one takes an ace), so each card's moves are a few lookups. The moves come
    // in the order of a scan: by row, home first, then the rows it builds on, then the empty row.
    readSuitHomes(s, F0);
    for (let t = 0; t < 8; t++) {
      const p = s.piles[T0 + t]!;
      const r = p.length ? rankOf(p[p.length - 1]!) : 0;
      outer[t] = r;
      if (r) rowsOf[r] = rowsOf[r]! | (1 << t);
    }
    for (let t = 0; t < 8; t++) {
      const r = outer[t]!;
      if (!r) continue;
      const from = T0 + t;
      const q = s.piles[from]!;
      const c = q[q.length - 1]!;
      const f = suitHomeFor(c);
      if (f >= 0) out.push(move(from, f));
      // The rows one rank higher (never this one; none above a king: rowsOf[14] stays empty).
      pushToBits(from, rowsOf[r + 1]!, T0, out);
      if (empty >= 0) out.push(move(from, empty));
    }
    for (let t = 0; t < 8; t++) rowsOf[outer[t]!] = 0;
  },


  ...topCardRules(TOP),

  // ---- the solver's members ----
  solver: {
    ...topCardSolver(TOP),

    /** The suit-blind game proves the loss (argued at relaxedLost). */
    relaxedLost(s, maxNodes, kit) {
      return relaxedLost(s, maxNodes, kit.seen);
    },

    /** Rows are interchangeable once dealt; foundations are known by their heights. */
    key(s) {
      return `${sortedPileKeys(s, T0, 8)}#${suitHeightsKey(s, F0, 4)}`;
    },

    /** The key's hash: rows as one group, foundations as another (their contents give the heights). */
    hash(s, out) {
      addGroup(s, T0, 8, 0, out);
      addGroup(s, F0, 4, 1, out);
    },

    /**
     * The best-first phase's heuristic: evaluate less the cards lying above a lower card of their
     * pile (rankDisorder), less a cost per move from the start (A*-style). First measured before the
     * suit-blind proof: disorder weighing 1 beat 0.5, 1.5 and 0, and a cost of 2 a move beat 0, 1
     * and 1.5. Measured again on 5 December with every proof in place (weight/cost: the 50 hint
     * positions of bench-hint at 1.5M, decided within 300,000 / 450,000 / 600,000 positions, and
     * in all; deals 1-200 at 1M decided, and their positions in all; solve in Node): 1/2 (before):
     * 44/46/47/50, 186 (28.8M); 2/2: 45/45/46/49, 186; 1/1: 47/49/49/49, 184; 3/2: 45/47/47/49, 191
     * (22.5M); 1/3: 43/44/45/47, 175; 2/1: 46/49/49/49, 183; 5/2.5: 46/47/47/49, 188; 1/1.5:
     * 46/48/49/50, 186; 2/1.5: 45/48/49/49, 189; 3/1.5: 47/48/49/49, 187; 4/2: 47/47/47/49, 191;
     * 1.5/1: 46/49/49/49, 185; 3/1: 46/47/48/49, 180; 1.5/1.25: 47/48/49/50, 187 (23.8M). The
     * last is as good as or better than 1/2 on every count, and hints (a proof within 250 ms in
     * the page, about 500,000 positions) are the bar it was short on.
     */
    bestFirstScore(s, depth) {
      return progressLessDisorder(s, T0, 8, F0, 1.5) - 1.25 * depth;
    },

    /** The score above after a move, by the two columns it changes (a move home by making it). */
    bestFirstScoreAfter(s, m, depth, now) {
      const to = moveTo(m);
      if (to >= F0) return scoreByMaking(this, s, m, depth);
      return progressLessDisorderAfter(s, T0, 8, F0, 1.5, now, moveFrom(m), to) - 1.25;
    },

    /**
     * Measured (bench-solver --shares, deals 1-200 at 1M, with the heuristic above): best-first/probes
     * 0.4/0.2 decide 88 %, 0.6/0 91 %, 0.8/0 92.5 %, 0.8/0.1 92.5 %, 0.9/0 93 %; 0.8 leaves the
     * exhaustive search a tenth after it, for losses.
     */
    searchShares: { bestFirst: 0.8, probes: 0 },
  },
});
