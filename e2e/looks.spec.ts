/**
 * Pictures to look at, as a player would: every game at the four sizes, in English and Russian,
 * mid-game and at the win, with a contact sheet per size and language in e2e-artifacts/looks/.
 * Runs with SOLITAIRE_LOOKS=1 (about ten minutes); CI takes the README's screenshots only.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatMove, formatPosition } from '../src/engine/notation.ts';
import { openingState } from '../src/engine/play.ts';
import { DEAL, DISCARD, moveCount, moveFrom, moveTo, moveType } from '../src/engine/rules.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';
import { SCREEN_LIST } from '../tests/screens.ts';
import { GAME_LIST, idle, quickPath, rulesOf, waitHook } from './helpers.ts';

test.skip(process.env.SOLITAIRE_LOOKS !== '1', 'pictures for a person to look at: SOLITAIRE_LOOKS=1');

const DEALS: Record<string, number> = { 'aces-up': 5, australian: 6, 'aces-and-kings': 8, 'royal-marriage': 44 };
const OUT = 'e2e-artifacts/looks';

/** The shortest stored winning line of `game`. */
function shortest(game: string): { deal: number; line: number[] } {
  const list = JSON.parse(readFileSync(`assets/winnable/${game}.json`, 'utf8')) as WinnableList;
  const entry = list.deals.reduce((a, b) => (b.length < a.length ? b : a));
  return { deal: entry.deal, line: entryLine(rulesOf(game), entry) };
}

for (const lang of ['en', 'ru'] as const) {
  for (const size of SCREEN_LIST) {
    test.describe(`${size.name} ${lang}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, locale: lang === 'ru' ? 'ru-RU' : 'en-US', ...(size.name === 'desktop' ? {} : { hasTouch: true, isMobile: true }) });
      test('mid-game and at the win', async ({ page }) => {
        test.setTimeout(300_000);
        const shots: string[] = [];
        for (const game of GAME_LIST) {
          // Mid-game: deal 7 with a few stock taps, at the defaults.
          await page.goto(`/#/${game}/7`);
          await waitHook(page);
          for (let k = 0; k < (DEALS[game] ?? 0); k++) {
            const r = await page.evaluate(() => window.solitaire.cardRect('stock', -1));
            await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
            await idle(page);
          }
          await idle(page);
          expect(await page.evaluate(() => window.solitaire.check())).toEqual([]);
          const mid = `${OUT}/${game}-${size.name}-${lang}-mid.png`;
          await page.screenshot({ path: mid });
          // The win: a save one move before the end of a stored line, then that move by hand.
          const rules = rulesOf(game);
          const { deal, line } = shortest(game);
          const s = openingState(rules, deal);
          const steps = line.slice(0, -1).map((m) => {
            const j = formatMove(rules, s, m);
            rules.make(s, m);
            return [j];
          });
          const save = { game, deal, flags: 0, daily: null, steps, cursor: steps.length, elapsedMs: 95_000, started: true, finished: false };
          // Open the deal first (the game left is saved then), plant the save, and reload: an unchanged game is not saved again.
          await page.goto(`/#/${game}/${deal}`);
          await waitHook(page);
          await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`solitaire.save.${game}`, JSON.stringify({ v: 1, data: save })] as const);
          await page.reload();
          await waitHook(page);
          expect(await page.evaluate(() => window.solitaire.position())).toEqual(formatPosition(rules, s));
          const m = line.at(-1)!;
          if (moveType(m) === DEAL) {
            const r = await page.evaluate(() => window.solitaire.cardRect('stock', -1));
            await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
          } else {
            const from = moveFrom(m);
            const isRow = rules.piles[from]!.kind === 'row';
            const index = isRow ? moveTo(m) : moveType(m) === DISCARD ? s.piles[from]!.length - 1 : s.piles[from]!.length - moveCount(m);
            const to = moveType(m) === DISCARD ? 'discard' : rules.piles[moveTo(m)]!.id;
            const { grab, drop } = await quickPath(page, rules.piles[from]!.id, index, to);
            await page.mouse.move(grab.x, grab.y);
            await page.mouse.down();
            await page.mouse.move((grab.x + drop.x) / 2, (grab.y + drop.y) / 2, { steps: 3 });
            await page.mouse.move(drop.x, drop.y, { steps: 3 });
            await page.mouse.up();
          }
          await expect(page.locator('#win-dialog')).toBeVisible({ timeout: 20_000 });
          const win = `${OUT}/${game}-${size.name}-${lang}-win.png`;
          await page.screenshot({ path: win });
          shots.push(mid, win);
        }
        // A contact sheet: every picture of this size and language side by side.
        const sheet = await page.context().newPage();
        await sheet.setViewportSize({ width: 1800, height: 1200 });
        const imgs = shots.map((p) => `<figure><img src="data:image/png;base64,${readFileSync(p).toString('base64')}"><figcaption>${p.split('/').pop()}</figcaption></figure>`).join('');
        await sheet.setContent(`<style>body{margin:0;background:#333;color:#eee;font:11px sans-serif;display:grid;grid-template-columns:repeat(6,1fr);gap:4px}img{width:100%}figure{margin:0}</style>${imgs}`);
        await sheet.screenshot({ path: `${OUT}/sheet-${size.name}-${lang}.png`, fullPage: true });
        await sheet.close();
      });
    });
  }
}
