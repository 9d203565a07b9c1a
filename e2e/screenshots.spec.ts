/**
 * Screenshots of every game at four screen sizes, with a few moves made so piles grow: phone and
 * desktop into docs/screenshots/ (the README shows them), the tablet sizes into e2e-artifacts/.
 * Animations off: the pictures are of still tables; looks.spec.ts shows the defaults, mid-game and won.
 */
import { expect, test } from '@playwright/test';
import { SCREEN_LIST } from '../tests/screens.ts';
import { check, GAME_LIST, idle, open, rulesOf } from './helpers.ts';

/** Stock taps before the shot, so rows and columns grow. */
const DEALS: Record<string, number> = { 'aces-up': 5, australian: 6, 'aces-and-kings': 8, 'royal-marriage': 44 };

for (const size of SCREEN_LIST) {
  test(`screenshots at ${size.name} ${size.width}x${size.height}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const game of GAME_LIST) {
      await open(page, game, 7, 'off');
      for (let k = 0; k < (DEALS[game] ?? 0); k++) {
        const r = await page.evaluate(() => {
          try {
            return window.solitaire.cardRect('stock', -1);
          } catch {
            return null;
          }
        });
        if (!r) break;
        await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
      }
      await idle(page);
      expect(await check(page)).toEqual([]);
      const all = await page.evaluate((ids) => {
        const out: string[] = [];
        for (const id of ids) {
          for (let i = 0; ; i++) {
            let r: { x: number; y: number; width: number; height: number };
            try {
              r = window.solitaire.cardRect(id, i);
            } catch {
              break;
            }
            if (r.x < -0.5 || r.y < -0.5 || r.x + r.width > innerWidth + 0.5 || r.y + r.height > innerHeight + 0.5) out.push(`${id}[${i}] off-screen`);
          }
        }
        return out;
      }, rulesOf(game).piles.map((q) => q.id));
      expect(all).toEqual([]);
      const dir = size.name === 'phone' || size.name === 'desktop' ? 'docs/screenshots' : 'e2e-artifacts/screenshots';
      await page.screenshot({ path: `${dir}/${game}-${size.name}.png` });
    }
  });
}
