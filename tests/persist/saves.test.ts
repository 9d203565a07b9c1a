import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Session } from '../../src/app/table/session.ts';
import { legalList } from '../../src/engine/play.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { formatSteps, replaySteps, type Save, saveKind } from '../../src/persist/saves.ts';
import { MemoryKeyValue, Store } from '../../src/persist/store.ts';
import { xorshift } from '../../src/solver/xorshift.ts';

/** Plays `n` random player moves (with safe autos) and a few undos; returns the session. */
function playout(game: number, deal: number, n: number, seed: number): Session {
  const rules = GAMES[game]!;
  const s = new Session(rules, deal);
  const rng = xorshift(seed);
  // What the table does after the deal: the safe moves, as the game's opening step.
  if (s.playOpening()) while (s.playAuto());
  for (let k = 0; k < n; k++) {
    if (k % 7 === 6 && s.canUndo) {
      s.undo();
      continue;
    }
    const moves = legalList(rules, s.view);
    if (!moves.length) break;
    s.play(moves[Math.floor(rng() * moves.length)]!);
    while (s.playAuto());
  }
  return s;
}

function saveOf(s: Session): Save {
  const h = s.history();
  return { game: s.rules.id, deal: s.deal, flags: s.flags, daily: null, steps: formatSteps(s.rules, s.deal, s.flags, h.steps), cursor: h.cursor, elapsedMs: 1234, started: s.played, finished: false, ...(h.opening ? { opening: true } : {}) };
}

describe('saves', () => {
  it('save then load is the identity: same position, history, undo and redo (every game, random playouts)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: GAMES.length - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 2 ** 31 }), (g, deal, n, seed) => {
        const s = playout(g, deal, n, seed);
        const store = new Store(new MemoryKeyValue());
        const kind = saveKind(s.rules.id);
        expect(store.write(kind, saveOf(s))).toBeNull();
        const back = store.read(kind).value!;
        expect(back).toEqual(saveOf(s));
        const r = Session.restore(s.rules, back.deal, back.flags, replaySteps(s.rules, back), back.cursor, back.opening === true);
        expect(r.view).toEqual(s.view);
        expect(r.canUndo).toBe(s.canUndo);
        expect(r.history()).toEqual(s.history());
        expect(r.moveCount).toBe(s.moveCount);
        while (r.canRedo) {
          r.redo();
          s.redo();
          expect(r.view).toEqual(s.view);
        }
      }),
      { seed: 7, numRuns: 60 },
    );
  });

  it('the opening step: what the game does after the deal is no move of the player, and undo keeps it', () => {
    // Australian deal 24 deals the ace of hearts on top of a column.
    const rules = GAMES.find((g) => g.id === 'australian')!;
    const s = new Session(rules, 24);
    const opening = s.state;
    expect(s.playOpening()).not.toBeNull();
    while (s.playAuto());
    expect(s.view).not.toEqual(opening);
    expect(s.canUndo).toBe(false);
    expect(s.played).toBe(false);
    expect(s.moveCount).toBe(0);
    expect(s.playOpening(), 'only once').toBeNull();
    const after = s.state;
    const m = legalList(rules, s.view)[0]!;
    s.play(m);
    expect(s.played).toBe(true);
    expect(s.moveCount).toBe(1);
    s.undo();
    expect(s.view).toEqual(after);
    expect(s.undo(), 'the opening step stays').toBeNull();
    // A save that claims an opening step but has undone it is corrupt.
    const h = s.history();
    expect(() => Session.restore(rules, 24, 0, h.steps, 0, true)).toThrow();
    expect(Session.restore(rules, 24, 0, h.steps, 1, true).view).toEqual(after);
  });

  it('a save whose move is illegal in its deal is refused', () => {
    const s = playout(0, 12345, 10, 3);
    const save = saveOf(s);
    expect(save.steps.length).toBeGreaterThan(0);
    const other = { ...save, deal: save.deal + 1 };
    expect(() => {
      const steps = replaySteps(s.rules, other);
      Session.restore(s.rules, other.deal, other.flags, steps, other.cursor);
    }).toThrow();
  });

  it('a save of one game cannot be loaded into another', () => {
    const s = playout(1, 5, 5, 9);
    expect(() => replaySteps(GAMES[0]!, saveOf(s))).toThrow();
  });

  it('rejects malformed saves as corrupt', () => {
    const good = saveOf(playout(2, 77, 12, 5));
    const kind = saveKind('aces-and-kings');
    const bad: unknown[] = [
      { ...good, cursor: good.steps.length + 1 },
      { ...good, deal: -1 },
      { ...good, deal: 2 ** 32 },
      { ...good, game: 'nope' },
      { ...good, steps: [[]] },
      { ...good, steps: [[{ type: 'fly' }]] },
      { ...good, daily: 'today' },
      { ...good, elapsedMs: -5 },
      { ...good, extra: true },
      'a string',
      null,
    ];
    for (const b of bad) {
      const kv = new MemoryKeyValue();
      kv.setItem(kind.key, JSON.stringify({ v: 1, data: b }));
      expect(new Store(kv).read(kind).problem).toBe('corrupt');
    }
  });
});
