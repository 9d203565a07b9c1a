/** Solves one deal for make-winnable.ts and measures how narrow its winning line is. */
import { parentPort } from 'node:worker_threads';
import { openingState } from '../src/engine/play.ts';
import { cloneState } from '../src/engine/rules.ts';
import { findGame } from '../src/games/catalog.ts';
import { encodeLine } from '../src/solver/lineCodec.ts';
import { solve } from '../src/solver/search.ts';

parentPort!.on('message', ({ game, deal, nodes }: { game: string; deal: number; nodes: number }) => {
  const rules = findGame(game)!;
  const start = openingState(rules, deal);
  // Each deal from a clean slate, as in `prove` (proveWorker.ts).
  rules.forget?.();
  const r = solve(rules, start, { maxNodes: nodes });
  if (r.result !== 'won') {
    parentPort!.postMessage(r.result === 'lost' ? { deal, lost: true } : null);
    return;
  }
  // Narrowness: at up to 6 positions along the line, the share of legal moves after which a small
  // search finds no win (moves it cannot decide count as half).
  const s = cloneState(start);
  let share = 0;
  let samples = 0;
  const marks = new Set([0.1, 0.25, 0.4, 0.55, 0.7, 0.85].map((f) => Math.floor(f * r.moves.length)));
  r.moves.forEach((m, i) => {
    if (marks.has(i)) {
      const list: number[] = [];
      rules.moves(s, list);
      if (list.length > 1) {
        let bad = 0;
        for (const alt of list) {
          rules.make(s, alt);
          const o = solve(rules, s, { maxNodes: 3000 }).result;
          rules.unmake(s, alt);
          bad += o === 'lost' ? 1 : o === 'unknown' ? 0.5 : 0;
        }
        share += bad / list.length;
        samples++;
      }
    }
    rules.make(s, m);
  });
  parentPort!.postMessage({
    deal,
    nodes: r.nodes,
    length: r.moves.length,
    narrow: Math.round((samples ? share / samples : 0) * 1000) / 1000,
    line: encodeLine(rules, start, r.moves),
  });
});
