/**
 * The solver's hash is part of each game's contract beside `key`: over positions reached by random
 * depth-first walks (make and unmake, so many transpositions), equal keys give equal hashes and
 * equal hashes come from equal keys (also for copies with two piles of a kind swapped, which the
 * key may ignore or not); hashAfter gives the hash after each legal move without making it; and
 * the pile hashes that make/unmake keep incrementally always
 * equal the ones computed from scratch.
 */
import { describe, expect, it } from 'vitest';
import { attachHashes } from '../../src/engine/hash.ts';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { TestRng } from './helpers.ts';

/** The game's 64-bit hash of `s` as a string. */
function hashOf(rules: GameRules, s: State): string {
  const out = new Int32Array(2);
  rules.hash(s, out);
  return `${out[0]}:${out[1]}`;
}

/** The pile hashes of `s`, recomputed from scratch on a copy. */
function freshPileHashes(rules: GameRules, s: State): string {
  const c = cloneState(s);
  attachHashes(c, rules.hashByRank);
  return c.hash!.h.join(',');
}

describe.each(GAMES.map((g) => [g.id, g] as const))('%s', (_id, rules) => {
  it('hash and key agree both ways, hashAfter foresees the child, incremental pile hashes stay exact', () => {
    const keyToHash = new Map<string, string>();
    const hashToKey = new Map<string, string>();
    let swapsIgnored = 0;
    let afterChecked = 0;
    const exactPerKey = new Map<string, Set<string>>();
    const rng = new TestRng(rules.id.length * 7919);
    let checked = 0;
    for (let deal = 1; deal <= 6; deal++) {
      const s = openingState(rules, deal);
      // A random prefix, so walks start in the middle game too.
      for (let k = 0, n = rng.int(60); k < n; k++) {
        const l = legalList(rules, s);
        if (!l.length) break;
        rules.make(s, l[rng.int(l.length)]!);
      }
      attachHashes(s, rules.hashByRank);
      let budget = 1500;
      const visit = (depth: number): void => {
        const key = rules.key(s);
        const hash = hashOf(rules, s);
        expect(s.hash!.h.join(','), 'incremental pile hashes').toBe(freshPileHashes(rules, s));
        const h = keyToHash.get(key);
        if (h === undefined) keyToHash.set(key, hash);
        else expect(hash, 'equal keys give equal hashes').toBe(h);
        const k = hashToKey.get(hash);
        if (k === undefined) hashToKey.set(hash, key);
        else expect(k === key, 'equal hashes come from equal keys').toBe(true);
        const exact = s.piles.map((p) => p.join('.')).join('/');
        if (!exactPerKey.has(key)) exactPerKey.set(key, new Set());
        exactPerKey.get(key)!.add(exact);
        // A copy with two piles of one kind swapped: a permutation the key may or may not ignore.
        const a = rng.int(s.piles.length);
        const same = rules.piles.flatMap((q, i) => (q.kind === rules.piles[a]!.kind && i !== a ? [i] : []));
        if (same.length) {
          const b = same[rng.int(same.length)]!;
          const v = cloneState(s);
          [v.piles[a], v.piles[b]] = [v.piles[b]!, v.piles[a]!];
          attachHashes(v, rules.hashByRank);
          const vKey = rules.key(v);
          const vHash = hashOf(rules, v);
          if (vKey === key) {
            expect(vHash, 'a permutation the key ignores').toBe(hash);
            if (v.piles[a]!.join() !== v.piles[b]!.join()) swapsIgnored++;
          } else expect(vHash === hash, 'a permutation the key tells apart').toBe(false);
        }
        checked++;
        const list = legalList(rules, s);
        // hashAfter, where the game has it, is the child's hash without making the move.
        if (rules.hashAfter) {
          for (const m of list) {
            const out = new Int32Array(2);
            rules.hash(s, out);
            if (!rules.hashAfter(s, m, out)) continue;
            rules.make(s, m);
            expect(`${out[0]}:${out[1]}`, 'hashAfter').toBe(hashOf(rules, s));
            rules.unmake(s, m);
            afterChecked++;
          }
        }
        if (depth === 0 || --budget < 0) return;
        for (let i = list.length - 1; i > 0; i--) {
          const j = rng.int(i + 1);
          [list[i], list[j]] = [list[j]!, list[i]!];
        }
        for (const m of list.slice(0, 3)) {
          rules.make(s, m);
          visit(depth - 1);
          rules.unmake(s, m);
        }
      };
      visit(12);
    }
    expect(checked).toBeGreaterThan(1000);
    // Different positions under an equal key (reached by transposition, or piles swapped), or
    // "equal keys give equal hashes" went untested.
    const shared = [...exactPerKey.values()].filter((v) => v.size > 1).length;
    expect(swapsIgnored + shared).toBeGreaterThan(20);
    if (rules.hashAfter) expect(afterChecked).toBeGreaterThan(1000);
  });
});
