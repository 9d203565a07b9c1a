import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isWinnableList } from '../../src/app/assist/winnableLists.ts';
import { GAMES } from '../../src/games/catalog.ts';

describe('a winnable list fetched by the page is checked before use', () => {
  it('accepts every stored list', () => {
    for (const g of GAMES) expect(isWinnableList(JSON.parse(readFileSync(`assets/winnable/${g.id}.json`, 'utf8'))), g.id).toBe(true);
  });

  it('refuses anything else', () => {
    const good = { game: 'aces-up', deals: [{ deal: 3, line: '0010' }] };
    expect(isWinnableList(good)).toBe(true);
    const bad: unknown[] = [
      null,
      42,
      'deals',
      [],
      {},
      { deals: 'x' },
      { deals: [null] },
      { deals: [{ deal: '3', line: '0' }] },
      { deals: [{ deal: 0, line: '0' }] },
      { deals: [{ deal: 1.5, line: '0' }] },
      { deals: [{ deal: 2 ** 60, line: '0' }] },
      { deals: [{ deal: 3 }] },
      { deals: [{ deal: 3, line: '0' }, { deal: 4, line: 7 }] },
    ];
    for (const b of bad) expect(isWinnableList(b), JSON.stringify(b)).toBe(false);
  });
});
