/** Plays each game through real mouse and touch input and checks the outcome through the page hook. */
import { expect, test } from '@playwright/test';
import { formatCard } from '../src/engine/cards.ts';
import { formatMove, formatPosition, type MoveJson } from '../src/engine/notation.ts';
import { legalList, targetsOf } from '../src/engine/play.ts';
import { DEAL_MOVE, encodeMove, MOVE, moveCount, moveType } from '../src/engine/rules.ts';
import { afterPlayer, check, dragOf, dragPath, findDrag, findTapCycle, GAME_LIST, grabPoint, idle, mouseDrag, open, position, rulesOf, tableOpening, touchDrag, winnable } from './helpers.ts';
import { dailyPick, utcDate } from '../src/app/page/deals.ts';

for (const game of GAME_LIST) {
  test(`${game}: a drag with the mouse plays the move`, async ({ page }) => {
    const d = findDrag(game);
    await open(page, game, d.deal);
    const before = await position(page);
    await mouseDrag(page, await dragPath(page, d.from, d.index, d.to));
    await idle(page);
    expect(await position(page)).toEqual(afterPlayer(before, d.move));
    expect(await check(page)).toEqual([]);
  });
}

test.describe('touch', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  for (const game of GAME_LIST) {
    test(`${game}: a drag with a finger plays the move`, async ({ page }) => {
      const d = findDrag(game, 20);
      await open(page, game, d.deal);
      const before = await position(page);
      await touchDrag(page, await dragPath(page, d.from, d.index, d.to));
      await idle(page);
      expect(await position(page)).toEqual(afterPlayer(before, d.move));
      expect(await check(page)).toEqual([]);
    });
  }
});

test.describe('Royal Marriage on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  test('a finger on the right card of a pair carries the pair and nothing else, and the drop discards the pair', async ({ page }) => {
    // Deal 1 at the defaults: QH JD 3H 8H 2H; 3H's first move is the pair JD 3H (between QH and 8H).
    const rules = rulesOf('royal-marriage');
    const s = tableOpening(rules, 1);
    const row = rules.piles.findIndex((p) => p.id === 'row');
    const first = targetsOf(rules, s, row, 2)[0]!;
    expect(formatMove(rules, s, first)).toEqual({ type: 'discard', from: 'row', cards: ['JD', '3H'] });
    await open(page, 'royal-marriage', 1);
    const before = await position(page);
    const [a, b] = await dragPath(page, 'row', 2, 'discard');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
    for (let k = 1; k <= 6; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * k) / 6, y: a.y + ((b.y - a.y) * k) / 6 }] });
    // Mid-drag, the cards away from their places (lifted, under the finger) are the pair's alone.
    const away = new Set((await check(page)).map((line) => line.split(':')[0]!.split(' ')[0]!));
    expect([...away].sort()).toEqual(['row[1]', 'row[2]']);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await idle(page);
    expect(await position(page)).toEqual(afterPlayer(before, { type: 'discard', from: 'row', cards: ['JD', '3H'] }));
    expect(await check(page)).toEqual([]);
  });
});

test.describe('Royal Marriage on a phone, in Russian', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, locale: 'ru-RU' });
  test('a pair split by the row\'s line break is carried side by side under the finger, and the drop discards it', async ({ page }) => {
    // Deal 1 at the defaults, dealt 19 times by taps on the stock: a row of 24 cards over four lines,
    // where the first card of the second line goes with the last of the first (checked below).
    const rules = rulesOf('royal-marriage');
    const s = tableOpening(rules, 1);
    const row = rules.piles.findIndex((p) => p.id === 'row');
    await open(page, 'royal-marriage', 1);
    for (let k = 0; k < 19; k++) {
      const stock = await page.evaluate(() => window.solitaire.pileRect('stock'));
      await page.touchscreen.tap(stock.x + stock.width / 2, stock.y + stock.height / 2);
      await idle(page);
      rules.make(s, DEAL_MOVE);
    }
    expect(await position(page)).toEqual(formatPosition(rules, s));
    const ys = await page.evaluate((n) => Array.from({ length: n }, (_, i) => window.solitaire.cardRect('row', i).y), s.piles[row]!.length);
    const per = ys.findIndex((y) => y !== ys[0]);
    const pair = targetsOf(rules, s, row, per)[0]!;
    const taken = formatMove(rules, s, pair) as { type: string; cards: string[] };
    expect(taken.cards, 'the pair spans the line break').toEqual([formatCard(s.piles[row]![per - 1]!), formatCard(s.piles[row]![per]!)]);
    const step = (await page.evaluate(() => window.solitaire.cardRect('row', 1).x)) - (await page.evaluate(() => window.solitaire.cardRect('row', 0).x));
    const before = await position(page);
    const [a, b] = await dragPath(page, 'row', per, 'discard');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
    for (let k = 1; k <= 3; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * k) / 6, y: a.y + ((b.y - a.y) * k) / 6 }] });
    // Mid-drag: only the pair is away from its places, on one line, one row step apart.
    const at = new Map<string, [number, number]>();
    for (const line of await check(page)) {
      const m = /^(row\[\d+\]) \S+: sprite at ([-\d.]+),([-\d.]+)/.exec(line);
      if (m) at.set(m[1]!, [Number(m[2]), Number(m[3])]);
    }
    expect([...at.keys()].sort()).toEqual([`row[${per - 1}]`, `row[${per}]`].sort());
    const [left, right] = [at.get(`row[${per - 1}]`)!, at.get(`row[${per}]`)!];
    expect(Math.abs(right[1] - left[1])).toBeLessThan(1);
    expect(Math.abs(right[0] - left[0] - step)).toBeLessThan(1);
    for (let k = 4; k <= 6; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * k) / 6, y: a.y + ((b.y - a.y) * k) / 6 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await idle(page);
    expect(await position(page)).toEqual(afterPlayer(before, taken as MoveJson));
    expect(await check(page)).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});

test('a tap sends a card to its first target and a second tap to the next', async ({ page }) => {
  const found = ['king-albert', 'royal-marriage', 'streets-and-alleys', 'australian', 'aces-and-kings'].map((g) => [g, findTapCycle(g)] as const).find(([, f]) => f);
  expect(found).toBeTruthy();
  const [game, f] = found!;
  await open(page, game, f!.deal);
  const before = await position(page);
  const p = await grabPoint(page, f!.pile, f!.index);
  await page.mouse.click(p.x, p.y);
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, f!.first));
  const q = await grabPoint(page, f!.landing.pile, f!.landing.index);
  await page.mouse.click(q.x, q.y);
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, f!.second));
  expect(await check(page)).toEqual([]);
});

test('tapping the stock deals', async ({ page }) => {
  await open(page, 'aces-up', 3);
  const before = await position(page);
  const r = await page.evaluate(() => window.solitaire.cardRect('stock', -1));
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, { type: 'deal' }));
  expect(await check(page)).toEqual([]);
});

test('an illegal drop slides the card back and changes nothing', async ({ page }) => {
  const rules = rulesOf('australian');
  let found: { deal: number; from: string; to: string; index: number } | null = null;
  for (let n = 1; n < 200 && !found; n++) {
    const s = tableOpening(rules, n);
    for (let p = 2; p < 9 && !found; p++) {
      const i = s.piles[p]!.length - 1;
      const targets = new Set(targetsOf(rules, s, p, i));
      for (let q = 2; q < 9; q++) {
        if (q !== p && !targets.has(encodeMove(MOVE, p, q, 1))) {
          found = { deal: n, from: rules.piles[p]!.id, to: rules.piles[q]!.id, index: i };
          break;
        }
      }
    }
  }
  await open(page, 'australian', found!.deal);
  const before = await position(page);
  await mouseDrag(page, await dragPath(page, found!.from, found!.index, found!.to));
  await idle(page);
  expect(await position(page)).toEqual(before);
  expect(await check(page)).toEqual([]);
  expect((await page.evaluate(() => window.solitaire.info())).moves).toBe(0);
});

test('undo takes back a move, also in the middle of its animation', async ({ page }) => {
  const d = findDrag('king-albert');
  await open(page, 'king-albert', d.deal);
  const before = await position(page);
  await mouseDrag(page, await dragPath(page, d.from, d.index, d.to));
  await page.keyboard.press('Control+z');
  await idle(page);
  expect(await position(page)).toEqual(before);
  expect(await check(page)).toEqual([]);
  await page.getByRole('button', { name: 'Redo' }).click();
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, d.move));
  expect(await check(page)).toEqual([]);
});

test('a still table draws no frames; a change with no animation wakes the loop and is drawn', async ({ page }) => {
  const d = findDrag('king-albert');
  // Animations off: no tween wakes the frame loop, only the changes themselves.
  await open(page, 'king-albert', d.deal, 'off');
  const frames = () => page.evaluate(() => window.solitaire.frames());
  const asleep = () => page.waitForFunction(() => !window.solitaire.frames().awake);
  await asleep();
  const still = await frames();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
  expect(await frames()).toEqual(still);
  const before = await position(page);
  const [a, b] = await dragPath(page, d.from, d.index, d.to);
  // A card held still in mid-drag lets the loop sleep; moving it again is drawn at once.
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await asleep();
  const held = await frames();
  await page.mouse.move(b.x, b.y, { steps: 2 });
  await page.waitForFunction((n) => window.solitaire.frames().drawn > n, held.drawn, { timeout: 10_000 });
  await page.mouse.up();
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, d.move));
  // Asleep again with the card in its new place (check() also reports a change behind a sleeping loop).
  await asleep();
  expect(await check(page)).toEqual([]);
  // A key alone (undo) wakes it too.
  const moved = await frames();
  await page.keyboard.press('Control+z');
  await idle(page);
  expect(await position(page)).toEqual(before);
  await asleep();
  expect(await check(page)).toEqual([]);
  expect((await frames()).drawn).toBeGreaterThan(moved.drawn);
});

test('the renderer is WebGL', async ({ page }) => {
  await open(page, 'australian', 1);
  expect(await page.evaluate(() => window.solitaire.renderer())).toBe('webgl');
});

test('routes: a new deal gets its number, bad addresses fall back with one message', async ({ page }) => {
  await open(page, 'king-albert', '');
  await expect(page).toHaveURL(/#\/king-albert\/\d+$/);
  expect(await page.getByRole('alert').isVisible()).toBe(false);
  for (const bad of ['#/nope/3', '#/australian/-1', '#/australian/1e99', `#/australian/${'9'.repeat(500)}`, '#/%E2%9C%93/x/y']) {
    await page.evaluate((h) => {
      location.hash = h;
    }, bad);
    await expect(page.getByRole('alert')).toBeVisible();
    await idle(page);
    const info = await page.evaluate(() => window.solitaire.info());
    expect(GAME_LIST).toContain(info.game);
    expect(await check(page)).toEqual([]);
  }
  await page.evaluate(() => {
    location.hash = '#/streets-and-alleys/daily';
  });
  await idle(page);
  const daily = await page.evaluate(() => window.solitaire.info());
  expect(daily.deal).toBe(dailyPick('streets-and-alleys', utcDate(), winnable('streets-and-alleys')));
  await expect(page.getByRole('alert')).toBeHidden();
});

test('Australian: dragging a column card takes every card above it', async ({ page }) => {
  const rules = rulesOf('australian');
  let found: { deal: number; move: MoveJson; from: string; index: number; to: string } | null = null;
  for (let n = 1; n < 3000 && !found; n++) {
    const s = tableOpening(rules, n);
    const m = legalList(rules, s).find((x) => moveType(x) === MOVE && moveCount(x) >= 2);
    if (m !== undefined) found = { deal: n, move: formatMove(rules, s, m), ...dragOf(rules, s, m)! };
  }
  expect(found).toBeTruthy();
  await open(page, 'australian', found!.deal, 'fast');
  const before = await position(page);
  await mouseDrag(page, await dragPath(page, found!.from, found!.index, found!.to));
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, found!.move));
  expect(await check(page)).toEqual([]);
});

test('the table lays itself out again on resize and in the left-handed mirror', async ({ page }) => {
  await open(page, 'king-albert', 5, 'fast');
  const wide = await page.evaluate(() => window.solitaire.pileRect('foundation:0'));
  await page.setViewportSize({ width: 390, height: 844 });
  await idle(page);
  await expect.poll(() => check(page)).toEqual([]);
  await page.setViewportSize({ width: 844, height: 390 });
  await expect.poll(() => check(page)).toEqual([]);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(() => check(page)).toEqual([]);
  await page.locator('summary[aria-label="Menu"]').click();
  await page.locator('#menu-settings').click();
  await page.getByLabel('Left-handed').check();
  await page.locator('#settings-close').click();
  await idle(page);
  expect(await check(page)).toEqual([]);
  const mirrored = await page.evaluate(() => window.solitaire.pileRect('foundation:0'));
  expect(mirrored.x + mirrored.width / 2).toBeCloseTo(1024 - (wide.x + wide.width / 2), 0);
  const d = findDrag('king-albert', 5);
  await open(page, 'king-albert', d.deal, 'fast');
  const before = await position(page);
  await mouseDrag(page, await dragPath(page, d.from, d.index, d.to));
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, d.move));
});

test('a drop goes to the legal pile the card overlaps most, even with the pointer outside it', async ({ page }) => {
  const d = findDrag('king-albert', 40);
  await open(page, 'king-albert', d.deal, 'fast');
  const before = await position(page);
  const card = await page.evaluate(([p, i]) => window.solitaire.cardRect(p, i), [d.from, d.index] as const);
  const target = await page.evaluate((t) => {
    try {
      return window.solitaire.cardRect(t, -1);
    } catch {
      return window.solitaire.pileRect(t);
    }
  }, d.to);
  // Hold the card by its left edge and drop it 40% of a card to the left of the target: the pointer
  // ends outside the target, the card still overlaps it by 60%.
  const grab = { x: card.x + 4, y: card.y + 8 };
  const shift = target.x - card.width * 0.4 - card.x;
  await mouseDrag(page, [grab, { x: grab.x + shift, y: grab.y + target.y - card.y }]);
  await idle(page);
  expect(await position(page)).toEqual(afterPlayer(before, d.move));
  expect(await check(page)).toEqual([]);
});
