/** Every stored winnable deal replays its line through the engine to a win. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openingState } from '../../src/engine/play.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { entryLine, type WinnableList } from '../../src/solver/winnable.ts';

describe.each(GAMES.map((g) => [g.id, g] as const))('%s', (id, rules) => {
  const file = `assets/winnable/${id}.json`;
  it.runIf(existsSync(file))('each stored line wins its deal; deals are unique and graded 1-5', () => {
    const list = JSON.parse(readFileSync(file, 'utf8')) as WinnableList;
    expect(list.game).toBe(id);
    expect(list.deals.length, "at least 500 proven deals per game").toBeGreaterThanOrEqual(500);
    const seen = new Set<number>();
    for (const entry of list.deals) {
      expect(seen.has(entry.deal)).toBe(false);
      seen.add(entry.deal);
      expect(entry.grade).toBeGreaterThanOrEqual(1);
      expect(entry.grade).toBeLessThanOrEqual(5);
      const s = openingState(rules, entry.deal);
      const line = entryLine(rules, entry);
      expect(line.length).toBe(entry.length);
      for (const m of line) rules.make(s, m);
      expect(rules.isWon(s), `deal ${entry.deal}`).toBe(true);
    }
  });
});
