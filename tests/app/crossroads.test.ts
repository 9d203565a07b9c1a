// @vitest-environment happy-dom
/**
 * The warning at the crossroads: with a real Session and SolverService and a backend that answers
 * each position by the real solver, a move from a winnable position into a lost one brings the
 * note with Undo; a move that keeps the win brings nothing; a move made meanwhile silences it.
 */
import { describe, expect, it } from 'vitest';
import { Assist, type AssistHost } from '../../src/app/assist/assist.ts';
import { type SolverBackend, SolverService } from '../../src/app/assist/solverService.ts';
import type { ToastAction } from '../../src/app/page/ui.ts';
import { Strings } from '../../src/app/page/strings.ts';
import { AutoPlay } from '../../src/app/table/autoplay.ts';
import { Session } from '../../src/app/table/session.ts';
import type { Table } from '../../src/app/table/table.ts';
import type { Position } from '../../src/engine/notation.ts';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import type { SolveReply } from '../../src/solver/protocol.ts';
import { solvePosition } from '../../src/solver/run.ts';
import { solve } from '../../src/solver/search.ts';
import { entryLine } from '../../src/solver/winnable.ts';
import { storedEntries } from '../engine/helpers.ts';

/** Answers every question with the real solver, and counts them. */
class SolverBackendForTest implements SolverBackend {
  asked = 0;
  solve(position: Position) {
    this.asked++;
    const r = solvePosition(position, { maxNodes: 2_000_000 });
    return { promise: Promise.resolve<SolveReply>({ id: 0, result: r.result, moves: r.moves, nodes: r.nodes, ms: r.ms }), cancel() {} };
  }
}

const rules = findGame('australian');

/** A winnable deal's opening and a legal move from it whose position is proven lost, found by the solver. */
function crossroads(): { deal: number; move: number; keeps: number } {
  for (let deal = 1; deal < 200; deal++) {
    const s = openingState(rules, deal);
    if (solve(rules, s, { maxNodes: 300_000 }).result !== 'won') continue;
    let move = -1;
    let keeps = -1;
    for (const m of legalList(rules, s)) {
      const after = cloneState(s);
      rules.make(after, m);
      const r = solve(rules, after, { maxNodes: 300_000 }).result;
      if (r === 'lost' && move < 0) move = m;
      if (r === 'won' && keeps < 0) keeps = m;
    }
    if (move >= 0 && keeps >= 0) return { deal, move, keeps };
  }
  throw new Error('no crossroads found in deals 1-199');
}

function setup(deal: number, game: typeof rules = rules) {
  const session = new Session(game, deal);
  const undone: number[] = [];
  const table = {
    session,
    undo() {
      session.undo();
      undone.push(session.history().cursor);
    },
  } as unknown as Table;
  const said: { text: string; action?: ToastAction }[] = [];
  const autoplay = new AutoPlay(async () => null);
  autoplay.choose('off');
  autoplay.attach(session);
  const host: AssistHost = {
    table: () => table,
    strings: () => new Strings('en'),
    verdictWanted: () => false,
    message: (text, action) => said.push(action ? { text, action } : { text }),
    thinking: () => {},
    countHint: () => {},
    refresh: () => {},
    autoplay: () => autoplay,
    relayout: () => {},
    newWinnable: () => {},
  };
  const back = new SolverBackendForTest();
  const assist = new Assist(host, new SolverService(back));
  const play = (m: number): { before: State; after: State } => {
    const c = session.play(m)!;
    assist.changed();
    return { before: c.before, after: c.after };
  };
  return { session, table, said, assist, back, play, undone };
}

describe('the warning at the crossroads', () => {
  const found = crossroads();
  const t = new Strings('en');

  it('a move that gives up the win: the note says so, and its Undo takes the move back', async () => {
    const x = setup(found.deal);
    const { before, after } = x.play(found.move);
    expect(await x.assist.checkMove(x.table, before, after)).toBe(true);
    const note = x.said.at(-1)!;
    expect(note.text).toBe(t.t('crossroads'));
    expect(note.action?.label).toBe(t.t('undo'));
    note.action!.run();
    expect(x.session.history().cursor).toBe(0);
  });

  it('a move that keeps the win: nothing is said (and the position before is not even asked)', async () => {
    const x = setup(found.deal);
    const { before, after } = x.play(found.keeps);
    expect(await x.assist.checkMove(x.table, before, after)).toBe(false);
    expect(x.said.filter((s) => s.text !== '')).toEqual([]);
    expect(x.back.asked).toBe(1);
  });

  it('the player moved on (undo) before the answer: no warning about a move no longer played', async () => {
    const x = setup(found.deal);
    const { before, after } = x.play(found.move);
    const check = x.assist.checkMove(x.table, before, after);
    x.session.undo();
    x.assist.changed();
    expect(await check).toBe(false);
    expect(x.said.filter((s) => s.text !== '')).toEqual([]);
  });

  // Streets and Alleys' proof of loss once called the won position lost, so the winning move warned.
  it('the move that wins: nothing is said (Streets and Alleys, played to the win by its stored line)', async () => {
    const game = findGame('streets-and-alleys');
    const entry = storedEntries(game.id)[0]!;
    const line = entryLine(game, entry);
    const x = setup(entry.deal, game);
    for (const m of line.slice(0, -1)) x.play(m);
    const { before, after } = x.play(line.at(-1)!);
    expect(game.isWon(after)).toBe(true);
    expect(await x.assist.checkMove(x.table, before, after)).toBe(false);
    expect(x.said.filter((s) => s.text !== '')).toEqual([]);
  });

  it('a warning goes with the next move', async () => {
    const x = setup(found.deal);
    const { before, after } = x.play(found.move);
    expect(await x.assist.checkMove(x.table, before, after)).toBe(true);
    const next = legalList(rules, x.session.state)[0]!;
    x.play(next);
    expect(x.said.at(-1)).toEqual({ text: '' });
  });
});
