// @vitest-environment happy-dom
/**
 * The hint's two steps and the rewind search's lifetime, with a real Session and SolverService and
 * a backend whose answers the test gives by hand (or by the real solver): what the player sees
 * (arrows, messages, the lost dialog) and what the worker is asked and told to cancel.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Assist, type AssistHost, BUDGETS, heuristicMove } from '../../src/app/assist/assist.ts';
import { closeDialog } from '../../src/app/page/dialogs.ts';
import { AutoPlay } from '../../src/app/table/autoplay.ts';
import { Session } from '../../src/app/table/session.ts';
import { type SolverBackend, SolverService } from '../../src/app/assist/solverService.ts';
import { Strings } from '../../src/app/page/strings.ts';
import type { Table } from '../../src/app/table/table.ts';
import { formatMove, formatPosition, type Position } from '../../src/engine/notation.ts';
import { legalList, openingState, playerMoves, winningMove } from '../../src/engine/play.ts';
import { cloneState, moveTo } from '../../src/engine/rules.ts';
import { findGame, type GameId } from '../../src/games/catalog.ts';
import type { SolveReply } from '../../src/solver/protocol.ts';
import { decodeLine } from '../../src/solver/lineCodec.ts';
import { solvePosition } from '../../src/solver/run.ts';
import type { Budget, Outcome } from '../../src/solver/search.ts';
import type { WinnableList } from '../../src/solver/winnable.ts';

interface Pending {
  position: Position;
  budget: Budget;
  resolve(r: SolveReply): void;
  cancelled: boolean;
  done: boolean;
}

/** A backend answered by the test: by hand, or by the real solver. */
class ManualBackend implements SolverBackend {
  readonly asked: Pending[] = [];
  solve(position: Position, budget: Budget) {
    let entry!: Pending;
    const promise = new Promise<SolveReply>((resolve) => {
      entry = { position, budget, resolve, cancelled: false, done: false };
    });
    this.asked.push(entry);
    return {
      promise,
      cancel: () => {
        entry.cancelled = true;
        this.answer(entry, 'unknown');
      },
    };
  }
  /** The request still waiting for an answer (the service runs one at a time). */
  get open(): Pending | undefined {
    return this.asked.find((e) => !e.done);
  }
  /** Answers `e` with `result` after `nodes` positions (0: cut short at once). */
  answer(e: Pending, result: Outcome, nodes = 0): void {
    if (e.done) return;
    e.done = true;
    e.resolve({ id: 0, result, moves: [], nodes, ms: 0 });
  }
  /** Answers the open request with the real solver. */
  solveOpen(): void {
    const e = this.open!;
    e.done = true;
    const r = solvePosition(e.position, { maxNodes: 2_000_000 });
    e.resolve({ id: 0, result: r.result, moves: r.moves, nodes: r.nodes, ms: r.ms });
  }
}

const tick = async (n = 5): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A table that records the arrows it is asked to draw. */
function fakeTable(session: Session) {
  const arrows: (string | { move: number; proven: boolean })[] = [];
  const table = {
    session,
    flush() {},
    showHint(move: number, proven: boolean) {
      arrows.push({ move, proven });
      return Promise.resolve();
    },
    clearHint() {
      arrows.push('clear');
    },
    undoSteps(n: number) {
      for (let i = 0; i < n; i++) session.undo();
    },
  };
  return { table: table as unknown as Table, arrows };
}

function setup(game: GameId = 'australian', deal = 5, played = 0) {
  const rules = findGame(game)!;
  const session = new Session(rules, deal);
  // Moves that never return to an earlier position, so each position names its place in the history.
  const seen = new Set([JSON.stringify(session.state.piles)]);
  for (let i = 0; i < played; i++) {
    const m = legalList(rules, session.state).find((c) => {
      const w = cloneState(session.state);
      rules.make(w, c);
      return !seen.has(JSON.stringify(w.piles));
    })!;
    session.play(m);
    seen.add(JSON.stringify(session.state.piles));
  }
  const { table, arrows } = fakeTable(session);
  const back = new ManualBackend();
  const service = new SolverService(back);
  const said: string[] = [];
  let thinking = false;
  let hints = 0;
  const autoplay = new AutoPlay(async () => null);
  autoplay.attach(session);
  const host: AssistHost = {
    table: () => table,
    strings: () => new Strings('en'),
    verdictWanted: () => false,
    message: (t) => said.push(t),
    thinking: (on) => {
      thinking = on;
    },
    countHint: () => hints++,
    refresh: () => {},
    autoplay: () => autoplay,
    relayout: () => {},
    newWinnable: () => {},
  };
  // The hint's quick wait, ended by the test (elapse) rather than by the clock.
  const timers: (() => void)[] = [];
  const wait = (): Promise<void> => new Promise<void>((r) => timers.push(r));
  const elapse = (): void => {
    for (const r of timers.splice(0)) r();
  };
  const assist = new Assist(host, service, wait);
  return { rules, session, table, arrows, back, service, said, assist, elapse, thinking: () => thinking, hints: () => hints };
}

const t = new Strings('en');

afterEach(() => closeDialog());

describe('the hint', () => {
  it('settled within the quick wait: one search, one solid arrow, no guess drawn first', async () => {
    const x = setup();
    const answer = x.assist.hint();
    expect(x.back.open?.budget).toEqual(BUDGETS.hint);
    expect(x.thinking()).toBe(true);
    x.back.solveOpen();
    const h = await answer;
    expect(h.result).toBe('won');
    expect(x.arrows).toHaveLength(1);
    expect(x.arrows[0]).toMatchObject({ proven: true });
    expect(x.back.asked).toHaveLength(1);
    expect(x.thinking()).toBe(false);
    expect(x.hints()).toBe(1);
  });

  it('not settled within the quick wait: the game\'s own move is drawn, marked as still checking, then the same search\'s proof replaces it', async () => {
    const x = setup();
    const guess = heuristicMove(x.rules, x.session.state)!;
    const answer = x.assist.hint();
    const search = x.back.open!;
    x.elapse();
    await tick();
    // The guess is on the table while the search goes on: the same request, not a second one.
    expect(x.arrows).toEqual([{ move: guess, proven: false }]);
    expect(x.said.at(-1)).toBe(t.t('hintChecking'));
    expect(x.back.open).toBe(search);
    expect(x.back.asked).toHaveLength(1);
    expect(x.thinking()).toBe(true);
    x.back.solveOpen();
    const h = await answer;
    expect(h.result).toBe('won');
    expect(x.arrows).toHaveLength(2);
    expect(x.arrows[1]).toMatchObject({ proven: true });
    expect(x.said.at(-1)).toBe('');
    expect(x.thinking()).toBe(false);
    // One position, one hint in the statistics, however many arrows it took.
    expect(x.hints()).toBe(1);
  });

  it('still unknown after the full search: the guess stays, marked not proven', async () => {
    const x = setup();
    const guess = heuristicMove(x.rules, x.session.state)!;
    const answer = x.assist.hint();
    x.elapse();
    await tick();
    x.back.answer(x.back.open!, 'unknown');
    const h = await answer;
    expect(h.result).toBe('unknown');
    expect(h.move).not.toBeNull();
    expect(x.arrows.at(-1)).toEqual({ move: guess, proven: false });
    expect(x.said.at(-1)).toBe(t.t('hintNotProven'));
  });

  it('proven lost after the guess: the arrow goes and the lost banner opens', async () => {
    const x = setup('australian', 5, 3);
    const answer = x.assist.hint();
    x.elapse();
    await tick();
    expect(x.arrows).toHaveLength(1);
    x.back.answer(x.back.open!, 'lost');
    const h = await answer;
    expect(h.result).toBe('lost');
    expect(x.arrows.at(-1)).toBe('clear');
    expect(document.getElementById('lost-banner')).not.toBeNull();
  });

  it('a move during the search cancels it: nothing more is drawn and the message goes', async () => {
    const x = setup();
    const answer = x.assist.hint();
    x.elapse();
    await tick();
    const full = x.back.open!;
    x.session.play(legalList(x.rules, x.session.state)[0]!);
    x.assist.changed();
    expect(full.cancelled).toBe(true);
    const h = await answer;
    expect(h).toEqual({ result: 'unknown', move: null });
    expect(x.arrows).toHaveLength(1);
    expect(x.said.at(-1)).toBe('');
    expect(x.thinking()).toBe(false);
  });

  it('a move that wins at once is the proven arrow at once: the worker is not asked', async () => {
    // Royal Marriage deal 34 along its stored winning line, up to the first position where one
    // move ends the game.
    const x = setup('royal-marriage', 34);
    const entry = (JSON.parse(readFileSync('assets/winnable/royal-marriage.json', 'utf8')) as WinnableList).deals.find((d) => d.deal === 34)!;
    for (const m of decodeLine(x.rules, openingState(x.rules, 34), entry.line)) {
      if (winningMove(x.rules, x.session.state) !== null) break;
      x.session.play(m);
    }
    const win = winningMove(x.rules, x.session.state);
    expect(win).not.toBeNull();
    const h = await x.assist.hint();
    expect(h.result).toBe('won');
    expect(x.back.asked).toHaveLength(0);
    expect(x.arrows).toEqual([{ move: win, proven: true }]);
    expect(x.thinking()).toBe(false);
    expect(x.hints()).toBe(1);
    x.session.play(win!);
    expect(x.rules.isWon(x.session.state)).toBe(true);
  });

  it('a second press supersedes the first: only the latest answer is shown', async () => {
    const x = setup();
    const first = x.assist.hint();
    const firstAsk = x.back.open!;
    const second = x.assist.hint();
    expect(firstAsk.cancelled).toBe(true);
    await tick();
    x.back.solveOpen();
    expect((await first).move).toBeNull();
    expect((await second).result).toBe('won');
    expect(x.arrows).toHaveLength(1);
  });
});

describe('the rewind search', () => {
  it('stops when its banner closes: the question in the worker is cancelled and no other is asked', async () => {
    const x = setup('australian', 5, 6);
    const answer = x.assist.hint();
    x.back.answer(x.back.open!, 'lost');
    expect((await answer).result).toBe('lost');
    await tick();
    const step = x.back.open!;
    expect(step.budget).toEqual(BUDGETS.rewind);
    const asked = x.back.asked.length;
    document.querySelector<HTMLButtonElement>('#lost-banner-close')!.click();
    await tick();
    expect(step.cancelled).toBe(true);
    expect(x.back.asked.length).toBe(asked);
    expect(x.back.open).toBeUndefined();
    expect(x.service.busy()).toBe(false);
  });

  it('runs to the end while its dialog is open, and Rewind goes back to the last position proven winnable', async () => {
    const x = setup('australian', 5, 6);
    const answer = x.assist.hint();
    x.back.answer(x.back.open!, 'lost');
    await answer;
    // Answer the bisection: positions after 2 moves or fewer win, later ones are lost.
    for (let i = 0; i < 10 && x.back.open; i++) {
      const e = x.back.open;
      const moves = countMoves(x, e.position);
      x.back.answer(e, moves <= 2 ? 'won' : 'lost');
      await tick();
    }
    const rewind = document.querySelector<HTMLButtonElement>('#rewind')!;
    expect(rewind.hidden).toBe(false);
    rewind.click();
    expect(x.session.history().cursor).toBe(2);
  });
});

describe('a deal lost from its opening', () => {
  it('says it was never winnable and offers no Rewind, only Undo and a new winnable deal', async () => {
    const x = setup('australian', 5, 6);
    const answer = x.assist.hint();
    x.back.answer(x.back.open!, 'lost');
    await answer;
    for (let i = 0; i < 10 && x.back.open; i++) {
      x.back.answer(x.back.open, 'lost');
      await tick();
    }
    const banner = document.getElementById('lost-banner')!;
    expect(banner.querySelector<HTMLButtonElement>('#rewind')!.hidden).toBe(true);
    expect(banner.querySelector<HTMLButtonElement>('#end-undo')!.hidden).toBe(false);
    expect(banner.querySelector<HTMLButtonElement>('#end-new')!.hidden).toBe(false);
    expect(banner.textContent).toContain(new Strings('en').t('lostNever'));
  });
});

describe('the rewind search under an automatic move', () => {
  it('goes on when a move is added under the dialog (an automatic one), and Rewind still lands on the last winnable position', async () => {
    const x = setup('australian', 5, 6);
    const answer = x.assist.hint();
    x.back.answer(x.back.open!, 'lost');
    await answer;
    await tick();
    const step = x.back.open!;
    // A move lands while the dialog is open (as the table's automatic moves can).
    x.session.play(legalList(x.rules, x.session.state)[0]!);
    x.assist.changed();
    expect(step.cancelled, 'the rewind search is not stopped').toBe(false);
    for (let i = 0; i < 10 && x.back.open; i++) {
      const e = x.back.open;
      x.back.answer(e, countMoves(x, e.position) <= 2 ? 'won' : 'lost');
      await tick();
    }
    document.querySelector<HTMLButtonElement>('#rewind')!.click();
    expect(x.session.history().cursor).toBe(2);
  });
});

/** How many of the session's steps lead to `position` (its index in the history). */
function countMoves(x: ReturnType<typeof setup>, position: Position): number {
  const target = JSON.stringify(position);
  const w = openingState(x.rules, x.session.deal);
  const { steps, cursor } = x.session.history();
  for (let k = 0; k <= cursor; k++) {
    if (JSON.stringify(formatPosition(x.rules, w)) === target) return k;
    if (k < cursor) for (const m of steps[k]!) x.rules.make(w, m);
  }
  throw new Error('position not on the history');
}

/** A deal and a few moves of `game` after which some move to a foundation is not a safe one (and one is). */
function unsafeHome(game: string): { deal: number; moves: number[] } {
  const rules = findGame(game)!;
  for (let deal = 1; deal < 400; deal++) {
    const s = openingState(rules, deal);
    const moves: number[] = [];
    for (let k = 0; k < 60; k++) {
      const all = rules.autoMoves(s, 'all');
      const safe = new Set(rules.autoMoves(s, 'safe'));
      if (all.some((m) => !safe.has(m))) return { deal, moves };
      const list = legalList(rules, s);
      if (!list.length) break;
      const m = list[(deal * 7 + k * 13) % list.length]!;
      rules.make(s, m);
      moves.push(m);
    }
  }
  throw new Error(`no position with an unsafe move home in ${game}`);
}

describe('auto-collect that never costs a win', () => {
  const game = 'king-albert';
  const setupAt = () => {
    const { deal, moves } = unsafeHome(game);
    const x = setup(game, deal);
    for (const m of moves) x.session.play(m);
    const state = x.session.state;
    const all = x.rules.autoMoves(state, 'all');
    const safe = new Set(x.rules.autoMoves(state, 'safe'));
    return { x, all, safe, first: all[0]! };
  };

  it('plays a move home only when the solver proves the position after it winnable; a proven loss is never played', async () => {
    const { x, all } = setupAt();
    const answer = x.assist.autoMove();
    // Every candidate, in order, is asked about as the position after it; the first is proven lost, the second won.
    await tick();
    x.back.answer(x.back.open!, 'lost');
    await tick();
    if (all.length > 1) {
      x.back.answer(x.back.open!, 'won');
      expect(await answer).toBe(all[1]);
    } else expect(await answer).toBeNull();
    expect(x.back.asked.every((e) => e.budget === BUDGETS.auto)).toBe(true);
  });

  it('without an answer in time, falls back to the safe rule: a safe move is played, an unsafe one is not', async () => {
    const { x, all, safe } = setupAt();
    const answer = x.assist.autoMove();
    for (let i = 0; i < all.length; i++) {
      await tick();
      if (!x.back.open) break;
      x.back.answer(x.back.open, 'unknown');
    }
    const want = all.find((m) => safe.has(m)) ?? null;
    expect(await answer).toBe(want);
    // This position has an unsafe candidate, and it was not played on an unknown.
    expect(all.some((m) => !safe.has(m))).toBe(true);
  });
});

describe('the analysis panel', () => {
  it("lists a move into each empty pile while those piles differ (Aces Up before the last deal), and analyses each", async () => {
    // Deal 1 after two moves: two piles empty and 48 cards in the stock, so the next deal puts a
    // different card on each; the legal-move list names only the lowest of them (the notation).
    const x = setup('aces-up', 1, 2);
    const legal = legalList(x.rules, x.session.state);
    const all = playerMoves(x.rules, x.session.state);
    expect(x.session.state.piles[0]!.length).toBeGreaterThan(0); // the stock
    expect(all.length).toBeGreaterThan(legal.length);
    x.assist.toggleAnalysis();
    for (let i = 0; i < all.length; i++) {
      await tick();
      if (!x.back.open) break;
      x.back.solveOpen();
    }
    await tick();
    const rows = [...document.querySelectorAll('#analysis li')] as HTMLElement[];
    const json = (m: number) => JSON.stringify(formatMove(x.rules, x.session.state, m));
    expect(rows.map((r) => r.dataset.move)).toEqual(all.map(json));
    // Each empty pile is a destination of its own.
    const empties = x.session.state.piles.flatMap((p, i) => (p.length === 0 && x.rules.piles[i]!.kind === 'tableau' ? [i] : []));
    expect(empties.length).toBeGreaterThanOrEqual(2);
    for (const e of empties) expect(all.some((m) => moveTo(m) === e)).toBe(true);
    expect(rows.every((r) => r.dataset.result === 'won' || r.dataset.result === 'lost' || r.dataset.result === 'unknown')).toBe(true);
    expect(document.getElementById('analysis')!.dataset.done).toBe('true');
    x.assist.toggleAnalysis();
  });

  it('asks once more about a move whose search stopped at its time limit, and shows the second answer', async () => {
    const x = setup('king-albert', 3, 1);
    const all = playerMoves(x.rules, x.session.state);
    x.assist.toggleAnalysis();
    await tick();
    // The first move's search stops at its time limit after 10 positions; every other move's
    // search uses its positions.
    x.back.answer(x.back.open!, 'unknown', 10);
    for (let i = 1; i < all.length; i++) {
      await tick();
      x.back.answer(x.back.open!, 'unknown', BUDGETS.analysis.maxNodes);
    }
    await tick();
    const first = document.querySelector('#analysis li') as HTMLElement;
    // Still checking: the first move is asked again, behind the others.
    expect(first.dataset.result).toBeUndefined();
    expect(document.getElementById('analysis')!.dataset.done).toBe('false');
    const again = x.back.open!;
    expect(again.position).toEqual(x.back.asked[0]!.position);
    x.back.solveOpen();
    await tick();
    expect(['won', 'lost']).toContain(first.dataset.result);
    // The moves that used their positions were answered again from the cache, not asked twice.
    expect(x.back.asked.length).toBe(all.length + 1);
    expect(x.back.open).toBeUndefined();
    expect(document.getElementById('analysis')!.dataset.done).toBe('true');
    x.assist.toggleAnalysis();
  });
});
