import { describe, expect, it } from 'vitest';
import { exactKey, LATER, NOW, type SolverBackend, SolverService, type Verdict } from '../../src/app/assist/solverService.ts';
import { formatPosition, type Position } from '../../src/engine/notation.ts';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import type { SolveReply } from '../../src/solver/protocol.ts';
import { solvePosition } from '../../src/solver/run.ts';
import type { Budget } from '../../src/solver/search.ts';

/** A backend that runs the real solver when released, recording the order of requests. */
class FakeBackend implements SolverBackend {
  readonly order: string[] = [];
  readonly pending: { position: Position; budget: Budget; resolve(r: SolveReply): void; cancelled: boolean }[] = [];
  solve(position: Position, budget: Budget) {
    let entry!: (typeof this.pending)[number];
    const promise = new Promise<SolveReply>((resolve) => {
      entry = { position, budget, resolve, cancelled: false };
    });
    this.pending.push(entry);
    this.order.push(JSON.stringify(position).slice(0, 40));
    return {
      promise,
      cancel: () => {
        entry.cancelled = true;
        entry.resolve({ id: 0, result: 'unknown', moves: [], nodes: 0, ms: 0 });
      },
    };
  }
  /** Answers the oldest request with the real solver. */
  release(): void {
    const e = this.pending.shift()!;
    if (e.cancelled) return;
    const r = solvePosition(e.position, e.budget);
    e.resolve({ id: 0, result: r.result, moves: r.moves, nodes: r.nodes, ms: r.ms });
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Asks `svc` about `s` now and has its backend `back` answer with the real solver at once. */
async function askReleased(svc: SolverService, back: FakeBackend, s: State): Promise<Verdict> {
  const ask = svc.ask(rules, s, { maxNodes: 500_000 }, NOW);
  back.release();
  return ask.promise;
}
const rules = findGame('king-albert')!;

describe('the solver service', () => {
  it('a stored line learned later is decoded only when the cache is next consulted, and then answers at once', async () => {
    const s = openingState(rules, 7);
    // The winning line of deal 7, found by the real solver through a service of its own.
    const solverBack = new FakeBackend();
    const line = (await askReleased(new SolverService(solverBack), solverBack, s)).line;
    const fresh = new SolverService(new FakeBackend());
    let decoded = 0;
    fresh.learnLineLater(rules, () => {
      decoded++;
      return { state: openingState(rules, 7), line };
    });
    expect(decoded, 'nothing decoded when the deal starts').toBe(0);
    const w = openingState(rules, 7);
    rules.make(w, line[0]!);
    expect(fresh.known(rules, w)?.result).toBe('won');
    expect(decoded).toBe(1);
    fresh.known(rules, s);
    expect(decoded, 'decoded once').toBe(1);
    // A line that cannot be read teaches nothing, and only the latest four wait.
    let old = 0;
    const svc2 = new SolverService(new FakeBackend());
    svc2.learnLineLater(rules, () => {
      old++;
      return { state: openingState(rules, 7), line };
    });
    for (let k = 0; k < 4; k++) svc2.learnLineLater(rules, () => null);
    expect(svc2.known(rules, s)).toBeNull();
    expect(old, 'the oldest waiting line was dropped').toBe(0);
  });

  it('a won line teaches every position along it, so the next hints need no search', async () => {
    const back = new FakeBackend();
    const svc = new SolverService(back);
    const s = openingState(rules, 7);
    const v = await askReleased(svc, back, s);
    expect(v.result).toBe('won');
    const w = cloneState(s);
    for (const m of v.line.slice(0, 10)) {
      rules.make(w, m);
      const k = svc.known(rules, w);
      expect(k?.result).toBe('won');
      expect(legalList(rules, w)).toContain(k!.line[0] ?? legalList(rules, w)[0]);
    }
    const again = svc.ask(rules, w, { maxNodes: 500_000 }, NOW);
    expect(back.pending.length).toBe(0);
    expect((await again.promise).result).toBe('won');
  });

  it('runs the player\'s questions before background ones, and a question pre-empts a background search, which runs again later', async () => {
    const back = new FakeBackend();
    const svc = new SolverService(back);
    const a = openingState(rules, 1);
    const b = openingState(rules, 2);
    const c = openingState(rules, 3);
    const bg1 = svc.ask(rules, a, { maxNodes: 1000 }, LATER);
    const bg2 = svc.ask(rules, b, { maxNodes: 1000 }, LATER);
    expect(back.pending.length).toBe(1);
    expect(back.pending[0]!.position).toMatchObject({ game: 'king-albert' });
    const now = svc.ask(rules, c, { maxNodes: 1000 }, NOW);
    // The running background search was cancelled to make room.
    expect(back.pending[0]!.cancelled).toBe(true);
    back.pending.shift();
    await flush();
    back.release(); // the question
    expect((await now.promise).result).not.toBeUndefined();
    await flush();
    back.release(); // bg2 (queued before the pre-empted one came back)
    await flush();
    back.release(); // bg1 again
    expect(['won', 'lost', 'unknown']).toContain((await bg1.promise).result);
    expect(['won', 'lost', 'unknown']).toContain((await bg2.promise).result);
    expect(back.order.length).toBe(4);
  });

  it('warms the worker once per game with a short search whatever the cache knows, drops a pre-empted warm-up, and caches what one finds', async () => {
    const back = new FakeBackend();
    const svc = new SolverService(back);
    const s = openingState(rules, 7);
    svc.learnLost(rules, openingState(rules, 5));
    svc.warm(rules, openingState(rules, 5), { maxNodes: 1000 });
    expect(back.order.length, 'asked although the cache knows the position').toBe(1);
    svc.warm(rules, s, { maxNodes: 1000 });
    expect(back.order.length, 'once per game').toBe(1);
    // The player's question pre-empts it, and it is not asked again.
    const now = svc.ask(rules, s, { maxNodes: 1000 }, NOW);
    expect(back.pending[0]!.cancelled).toBe(true);
    back.pending.shift();
    await flush();
    back.release();
    await now.promise;
    await flush();
    expect(back.order.length).toBe(2);
    expect(back.pending.length).toBe(0);
    expect(svc.busy()).toBe(false);
    // Another game is warmed in its turn; what its search finds is cached like any answer.
    const other = findGame('streets-and-alleys')!;
    const t = openingState(other, 1);
    svc.warm(other, t, { maxNodes: 20_000 });
    expect(back.order.length).toBe(3);
    back.release();
    await flush();
    await flush();
    const r = solvePosition(formatPosition(other, t), { maxNodes: 20_000 });
    expect(r.result).not.toBe('unknown');
    expect(svc.known(other, t)?.result).toBe(r.result);
  });

  it('a cancelled question resolves unknown and is not cached', async () => {
    const back = new FakeBackend();
    const svc = new SolverService(back);
    const s = openingState(rules, 11);
    const ask = svc.ask(rules, s, { maxNodes: 1000 }, NOW);
    ask.cancel();
    expect(await ask.promise).toEqual({ result: 'unknown', line: [] });
    expect(svc.known(rules, s)).toBeNull();
  });

  it('an unknown cut short by its time limit is searched again at its budget; one that used its positions is answered from the cache', async () => {
    const back = new FakeBackend();
    const svc = new SolverService(back);
    const s = openingState(rules, 11);
    const budget = { maxNodes: 1000, maxMs: 5 };
    const unknownAfter = async (nodes: number): Promise<Verdict> => {
      const ask = svc.ask(rules, s, budget, LATER);
      await flush();
      back.pending.shift()!.resolve({ id: 0, result: 'unknown', moves: [], nodes, ms: 5 });
      return ask.promise;
    };
    // Stopped by the clock after 40 of its 1,000 positions: known only up to 40.
    expect(await unknownAfter(40)).toEqual({ result: 'unknown', line: [] });
    expect(svc.known(rules, s, 40)).toEqual({ result: 'unknown', line: [] });
    expect(svc.known(rules, s, 1000)).toBeNull();
    // So the same question goes to the worker again; this time it uses its positions.
    expect(await unknownAfter(1000)).toEqual({ result: 'unknown', line: [] });
    expect(back.order.length).toBe(2);
    // And is then answered without the worker.
    expect(await svc.ask(rules, s, budget, LATER).promise).toEqual({ result: 'unknown', line: [] });
    expect(back.order.length).toBe(2);
  });

  it('keys positions exactly (no canonical merging)', () => {
    const s = openingState(rules, 5);
    const t = cloneState(s);
    [t.piles[1], t.piles[2]] = [t.piles[2]!, t.piles[1]!];
    expect(exactKey(rules, s)).not.toBe(exactKey(rules, t));
  });
});
