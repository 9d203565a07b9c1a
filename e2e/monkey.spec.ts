/** A monkey: random taps, drags, deals, undos and redos, many in the middle of animations; the table must always settle where the engine says. */
import { expect, test } from '@playwright/test';
import { xorshift } from '../src/solver/xorshift.ts';
import { cardCount, check, GAME_LIST, idle, open, position, type Pt, rulesOf } from './helpers.ts';

test('monkey: 30 s of random input keeps sprites and cards where the engine says', async ({ page }) => {
  test.setTimeout(180_000);
  const seed = Number(process.env.MONKEY_SEED ?? Date.now() % 100000);
  console.log(`monkey seed ${seed}`);
  // Seeded, so a failure can be replayed.
  const rand = xorshift(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  // 30 s of input, not counting the time spent switching games (added to the deadline as it is spent).
  let switching = 0;
  const start = Date.now();
  const endAt = (): number => start + switching + 30_000;
  let g = 0;
  let actions = 0;
  while (Date.now() < endAt()) {
    const game = GAME_LIST[g++ % GAME_LIST.length]!;
    const deal = Math.floor(rand() * 1000);
    const tSwitch = Date.now();
    if (g === 1) await open(page, game, deal, 'normal');
    else {
      // Switching games through the address is what the game picker does; no page reload.
      await page.evaluate((h) => {
        location.hash = h;
      }, `#/${game}/${deal}`);
      await page.waitForFunction(([gm, d]) => window.solitaire.info().game === gm && window.solitaire.info().deal === d, [game, deal] as const);
      await idle(page);
    }
    switching += Date.now() - tSwitch;
    const total = cardCount(await position(page));
    const ids = rulesOf(game).piles.map((q) => q.id);
    const slice = Date.now() + 5000;
    let cards: { x: number; y: number; w: number; h: number }[] = [];
    let piles: { x: number; y: number; w: number; h: number }[] = [];
    let k = 0;
    while (Date.now() < slice && Date.now() < endAt()) {
      // Card and pile rectangles from the engine's position, read in one go every few actions
      // (stale ones are fine: the table acts on whatever lies under the pointer).
      if (k++ % 3 === 0) ({ cards, piles } = await page.evaluate((ids) => {
        const cards: { x: number; y: number; w: number; h: number }[] = [];
        const piles: { x: number; y: number; w: number; h: number }[] = [];
        for (const id of ids) {
          const r = window.solitaire.pileRect(id);
          piles.push({ x: r.x, y: r.y, w: r.width, h: r.height });
          for (let i = 0; ; i++) {
            try {
              const c = window.solitaire.cardRect(id, i);
              cards.push({ x: c.x, y: c.y, w: c.width, h: c.height });
            } catch {
              break;
            }
          }
        }
        return { cards, piles };
      }, ids));
      const inside = (r: { x: number; y: number; w: number; h: number }): Pt => ({ x: r.x + 3 + rand() * (r.w - 6), y: r.y + 3 + rand() * Math.min(r.h - 6, 20) });
      const roll = rand();
      actions++;
      if (roll < 0.35 && cards.length) {
        const p = inside(pick(cards));
        await page.mouse.click(p.x, p.y);
      } else if (roll < 0.75 && cards.length) {
        const a = inside(pick(cards));
        const t = pick(piles);
        const b = { x: t.x + t.w / 2, y: t.y + Math.min(t.h / 2, 40) };
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        await page.mouse.move(b.x, b.y, { steps: 2 + Math.floor(rand() * 3) });
        if (rand() < 0.1) await page.keyboard.press('Escape');
        await page.mouse.up();
      } else if (roll < 0.88) {
        await page.keyboard.press('Control+z');
      } else if (roll < 0.95) {
        // The toolbar's buttons (the loss banner has an Undo of its own).
        await page.locator('button.tool[aria-label="Redo"]').click({ force: true });
      } else {
        await page.locator('button.tool[aria-label="Undo"]').click({ force: true });
      }
      if (rand() < 0.25) {
        await idle(page);
        expect(await check(page)).toEqual([]);
        expect(cardCount(await position(page))).toBe(total);
      }
    }
    await idle(page);
    expect(await check(page)).toEqual([]);
    expect(cardCount(await position(page))).toBe(total);
  }
  console.log(`monkey: ${actions} actions in ${((Date.now() - start - switching) / 1000).toFixed(0)} s over ${g} games`);
});
