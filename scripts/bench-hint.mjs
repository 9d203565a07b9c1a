#!/usr/bin/env node
// Hint benchmark (not a test): how long the player waits between pressing H and seeing the hint
// arrow, over mid-game positions of every game, in headless Chromium against a production build
// served by `vite preview`. The goal is a p95 of at most 250 ms.
//
// Positions come from the engine in Node, for each game `--count` (50) of them, all from a fixed
// seed, k moves deep (k from 10 to 40, seeded); won and stuck positions (and Aces and Kings' dead
// ends) are skipped:
//   --deals winnable (default): deals of the stored winnable lists, played k random legal moves
//     that a small search (2,000 positions) does not prove losing, so mostly positions a player
//     could still win, the ones a hint is asked in; positions on the stored line (which the page
//     knows in advance) are left out;
//   --deals any: deal numbers from 10 000 up, played k uniformly random legal moves. Most such
//     positions are lost (most deals are), and each loss costs the banner's rewind search (below):
//     about 20 minutes for the six games on this machine.
// Each position is loaded without a page reload: its save record
// goes into localStorage and the route `#/GAME/DEAL` resumes it (via a hop to another game first:
// a route saves the game on the table, which would overwrite the record otherwise). Settings:
// animations and auto-collect off, no verdict line. The page must show exactly the position.
//
// Measured in the page, from the keydown event's time stamp of a real H key press. The hint runs
// one search (BUDGETS.hint in src/app/assist.ts); when it has not answered within the quick wait
// (BUDGETS.hintQuick.maxMs), the game's own best move is drawn as a dashed "not proven yet" arrow
// while the search goes on, and its answer replaces the guess.
//   first       the first answer on screen: performance.mark('solitaire:hint-arrow') for the
//               first arrow (proven or a guess; with animations off it is drawn in one go;
//               "+frame" adds the next animation frame, when it is on screen), or the loss
//               banner (a proven loss draws no arrow);
//   final       the final answer: mark 'solitaire:hint-done', or the loss banner;
//   ≤goal       the share of positions whose final answer is proven (won or lost) within the goal;
//   guess       positions where a dashed guess came first (including those left unknown);
//   cached      a second press on the same position (the answer is cached): until the arrow, and
//               until the next animation frame after the key (the baseline the first figure is
//               compared with).
// After a proven loss the banner is closed at once, which stops its search for the last winnable
// position, so every hint starts with an idle solver.
//
//   npm run bench:hint                       (builds dist/ first; --no-build reuses it)
//   npm run bench:hint -- --games aces-up,australian --count 20 [--deals any] [--seed N] [--json FILE]
//     [--open-first MS] [--no-input-deferral]
// --open-first MS: before each game's first position, the game's deal 1 is shown for MS ms, as a
// player looks at a new game before asking; the page warms its worker for the game meanwhile
// (SolverService.warm). Without it, the first position's hint is asked at once (the worst case:
// the warm-up, pre-empted, has not compiled the search yet).
// --no-input-deferral: Chromium with DeferRendererTasksAfterInput off. After a discrete input (the H
// key) Chromium holds the page's non-urgent tasks, the worker's reply among them, until the next
// frame is drawn, for 50 ms at most; with software WebGL that frame comes later, so every answer
// that the worker gives in a few ms reaches the page about 50 ms after the key (the worker sends it
// 1-5 ms after the request, measured on Streets and Alleys; a player's GPU draws the next frame
// within one refresh, about 16 ms). The option shows the page's own latency apart from that hold.
// Set BENCH_PHASES=1 to see where each position's wall time goes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const ALL = ['aces-up', 'australian', 'aces-and-kings', 'king-albert', 'streets-and-alleys', 'royal-marriage'];
const games = opt('--games', ALL.join(',')).split(',').filter(Boolean);
const count = Number(opt('--count', '50'));
const jsonOut = opt('--json', '');
const dealsKind = opt('--deals', 'winnable');
const openFirst = Number(opt('--open-first', '0'));
const noDeferral = argv.includes('--no-input-deferral');
if (dealsKind !== 'winnable' && dealsKind !== 'any') throw new Error('--deals is winnable or any');
const GOAL_MS = 250;
const VIEWPORT = { width: 1024, height: 768 };
for (const g of games) if (!ALL.includes(g)) throw new Error(`unknown game ${g}; one of ${ALL.join(', ')}`);

const { openingState } = await tsImport('../src/engine/play.ts', import.meta.url);
const { formatMove, formatPosition } = await tsImport('../src/engine/notation.ts', import.meta.url);
const { findGame } = await tsImport('../src/games/catalog.ts', import.meta.url);
const { HINT_SEED, hintPositions } = await tsImport('./hint-positions.ts', import.meta.url);
const seed = Number(opt('--seed', String(HINT_SEED)));

/**
 * `count` mid-game positions of `game` (scripts/hint-positions.ts, shared with bench-solver's
 * --hint-positions): deal, depth, the moves in the notation (one step each) and the position.
 */
function positions(game) {
  const rules = findGame(game);
  return hintPositions(rules, count, seed, dealsKind).map((p) => {
    const s = openingState(rules, p.deal);
    const steps = p.moves.map((m) => {
      const step = [formatMove(rules, s, m)];
      rules.make(s, m);
      return step;
    });
    return { game, deal: p.deal, k: p.k, steps, position: formatPosition(rules, p.state) };
  });
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

const SETTINGS = { tapToMove: true, autoCollect: 'off', speed: 'off', sound: false, cardBack: 'blue', fourColour: false, leftHanded: false, confirmAbandon: false, showClock: false, showMoves: true, showVerdict: false, language: 'en', winnableOnly: {} };

/**
 * Page side: time stamps of the H key, the next frame after it, the first arrow mark and the frame
 * after it, the number of arrows drawn, the loss banner, and the hint's end (its final answer).
 */
function instrument() {
  const B = { key: -1, keyFrame: -1, arrow: -1, arrowFrame: -1, arrows: 0, lost: -1, done: -1 };
  window.__hintBench = B;
  addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'h' && e.key !== 'H') return;
      B.key = e.timeStamp;
      B.keyFrame = B.arrow = B.arrowFrame = B.lost = B.done = -1;
      B.arrows = 0;
      requestAnimationFrame(() => {
        B.keyFrame = performance.now();
      });
    },
    { capture: true },
  );
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    const entry = mark(name, options);
    if (name === 'solitaire:hint-arrow' && B.key >= 0) {
      B.arrows++;
      if (B.arrow < 0) {
        B.arrow = entry.startTime;
        requestAnimationFrame(() => {
          B.arrowFrame = performance.now();
        });
      }
    }
    if (name === 'solitaire:hint-done' && B.key >= 0 && B.done < 0) B.done = entry.startTime;
    return entry;
  };
  new MutationObserver(() => {
    if (B.lost < 0 && B.key >= 0 && document.getElementById('lost-banner')) B.lost = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

/** Waits for the page hook and a table at rest. */
async function ready(page) {
  await page.waitForFunction(() => typeof window.solitaire?.info === 'function' && !!window.solitaire.info().game, null, { timeout: 60_000 });
  await page.evaluate(() => window.solitaire.idle());
}

/** Routes the page to `hash` and waits until it shows `game` (and `deal`, `moves` when given) at rest. */
async function routeTo(page, hash, game, deal, moves) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction(
    ([g, d, n]) => {
      try {
        const i = window.solitaire.info();
        return i.game === g && (d === null || i.deal === d) && (n === null || i.moves === n);
      } catch {
        return false;
      }
    },
    [game, deal ?? null, moves ?? null],
    { timeout: 30_000 },
  );
  await page.evaluate(() => window.solitaire.idle());
}

/** The page's words for a hint with no move and for one the solver could not prove (the page runs in English). */
const EN = JSON.parse(readFileSync(resolve(root, 'assets/strings/en.json'), 'utf8'));
const HINT_SAYS = { nothing: EN.hintNothing, notProven: EN.hintNotProven };
if (!HINT_SAYS.nothing || !HINT_SAYS.notProven) throw new Error('assets/strings/en.json lacks hintNothing or hintNotProven');

/**
 * Presses H and waits for the final answer. Returns its kind (won, lost, unknown, nothing), `at`:
 * the first thing the player sees (an arrow, proven or a dashed guess, or the loss banner), `frame`:
 * the frame after the first arrow, `final`: the final answer, `guessed`: a dashed guess came first.
 */
async function press(page) {
  await page.keyboard.press('h');
  const handle = await page.waitForFunction(
    (said) => {
      const B = window.__hintBench;
      if (B.key < 0 || B.done < 0 || B.keyFrame < 0) return false;
      if (B.arrow >= 0 && B.arrowFrame < 0) return false;
      const msg = document.getElementById('message');
      const text = msg && !msg.hidden ? (msg.textContent ?? '') : '';
      const kind = B.lost >= 0 ? 'lost' : text === said.nothing ? 'nothing' : text === said.notProven ? 'unknown' : 'won';
      const first = B.arrow >= 0 && (B.lost < 0 || B.arrow < B.lost) ? B.arrow : B.lost >= 0 ? B.lost : B.done;
      return {
        kind,
        at: first - B.key,
        frame: B.arrowFrame >= 0 ? B.arrowFrame - B.key : Number.NaN,
        final: (B.lost >= 0 ? B.lost : B.done) - B.key,
        guessed: kind !== 'unknown' && B.arrow >= 0 && (kind === 'lost' || B.arrows > 1),
        keyFrame: B.keyFrame - B.key,
      };
    },
    HINT_SAYS,
    { polling: 50, timeout: 60_000 },
  );
  return handle.jsonValue();
}

const pct = (xs, p) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(0) : '–');

async function main() {
  console.error(`generating ${count} positions per game (${games.join(', ')}), ${dealsKind} deals, seed ${seed}…`);
  const sets = games.map((g) => ({ game: g, list: positions(g) }));
  if (!argv.includes('--no-build')) {
    console.error('building the app (vite build)…');
    await build({ root, logLevel: 'error' });
  }
  const port = await freePort();
  const server = await preview({ root, logLevel: 'error', preview: { host: '127.0.0.1', port, strictPort: true } });
  const url = `http://127.0.0.1:${port}`;
  const args = noDeferral ? [...CHROMIUM_ARGS, '--disable-features=DeferRendererTasksAfterInput'] : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args });
  const version = browser.version();
  const results = [];
  const started = Date.now();
  try {
    const ctx = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
    await ctx.addInitScript((s) => {
      localStorage.setItem('solitaire.settings', JSON.stringify({ v: 2, data: s }));
    }, SETTINGS);
    await ctx.addInitScript(instrument);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(`${url}/#/${games[0] === 'aces-up' ? 'australian' : 'aces-up'}/1`);
    await ready(page);
    for (const { game, list } of sets) {
      const hop = game === 'aces-up' ? 'australian' : 'aces-up';
      for (const [i, p] of list.entries()) {
        const t0 = Date.now();
        await routeTo(page, `#/${hop}/1`, hop);
        if (openFirst > 0 && i === 0) {
          // The player opens the game and looks at it before the first hint: the page warms its
          // worker meanwhile (SolverService.warm).
          await routeTo(page, `#/${game}/1`, game);
          await new Promise((r) => setTimeout(r, openFirst));
          await routeTo(page, `#/${hop}/1`, hop);
        }
        const t1 = Date.now();
        const save = { game, deal: p.deal, flags: 0, daily: null, steps: p.steps, cursor: p.steps.length, elapsedMs: 0, started: true, finished: false };
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`solitaire.save.${game}`, JSON.stringify({ v: 1, data: save })]);
        await routeTo(page, `#/${game}/${p.deal}`, game, p.deal, p.steps.length);
        const shown = await page.evaluate(() => window.solitaire.position());
        if (JSON.stringify(shown) !== JSON.stringify(p.position)) throw new Error(`${game} #${p.deal}: the page does not show the generated position`);
        const t2 = Date.now();
        const first = await press(page);
        const t3 = Date.now();
        const row = { game, deal: p.deal, k: p.k, ...first };
        if (first.kind === 'lost') {
          await page.click('#lost-banner-close');
          await page.waitForFunction(() => !document.getElementById('lost-banner'));
        } else if (first.kind !== 'nothing') {
          const again = await press(page);
          row.cached = again.at;
          row.cachedKeyFrame = again.keyFrame;
        }
        results.push(row);
        const t4 = Date.now();
        if (process.env.BENCH_PHASES) console.error(`  phases: hop ${t1 - t0} load ${t2 - t1} press ${t3 - t2} after ${t4 - t3}`);
        console.error(`${game} ${i + 1}/${list.length} #${p.deal} k=${p.k}: ${first.kind} first ${fmt(first.at)} ms, final ${fmt(first.final)} ms${row.cached !== undefined ? `, cached ${fmt(row.cached)} ms, key→frame ${fmt(row.cachedKeyFrame)} ms` : ''}`);
      }
    }
    await ctx.close();
  } finally {
    await browser.close();
    await new Promise((ok) => server.httpServer.close(ok));
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nHint benchmark: headless Chromium ${version} (WebGL via SwiftShader${noDeferral ? ', tasks after input not deferred' : ''}), ${VIEWPORT.width}x${VIEWPORT.height}, ${count} positions per game (${dealsKind} deals), seed ${seed}, ${minutes} min`);
  console.log('times in ms from the H keydown. first = the first answer on screen: a proven arrow, the loss banner, or (when the quick');
  console.log('150 ms search does not settle it) the game\'s own move as a dashed "not proven yet" arrow; final = the final answer (proven');
  console.log('arrow, loss banner, or "not proven" when the full budget runs out); ≤goal = answers proven (won or lost) within the goal;');
  console.log('cached = a second press on the same position; key→frame = the frame after the key press (the baseline).');
  const head = ['game', 'pos', 'won', 'lost', 'unkn', 'guess', 'first med', 'first p95', '+frame p95', 'final med', 'final p95', '≤goal', 'cached p95', 'key→frame p95', 'p95/frame', 'goal'];
  const widths = [19, 4, 4, 5, 5, 6, 10, 10, 11, 10, 10, 6, 11, 14, 10, 6];
  const line = (cells) => console.log(cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](widths[i])).join(' '));
  line(head);
  const all = [];
  for (const g of games) {
    const rows = results.filter((r) => r.game === g);
    all.push(...rows);
    summary(g, rows);
  }
  if (games.length > 1) summary('all', all);
  function summary(name, rows) {
    const shown = rows.filter((r) => r.kind !== 'nothing');
    const p95 = pct(shown.map((r) => r.at), 95);
    const keyFrame = pct(rows.map((r) => r.cachedKeyFrame ?? r.keyFrame), 95);
    const proven = rows.filter((r) => (r.kind === 'won' || r.kind === 'lost') && r.final <= GOAL_MS).length;
    line([
      name,
      rows.length,
      rows.filter((r) => r.kind === 'won').length,
      rows.filter((r) => r.kind === 'lost').length,
      rows.filter((r) => r.kind === 'unknown').length,
      rows.filter((r) => r.guessed || r.kind === 'unknown').length,
      fmt(pct(shown.map((r) => r.at), 50)),
      fmt(p95),
      fmt(pct(shown.map((r) => r.frame).filter(Number.isFinite), 95)),
      fmt(pct(shown.map((r) => r.final), 50)),
      fmt(pct(shown.map((r) => r.final), 95)),
      rows.length ? `${Math.round((100 * proven) / rows.length)}%` : '–',
      fmt(pct(rows.map((r) => r.cached).filter((x) => x !== undefined), 95)),
      fmt(keyFrame),
      Number.isFinite(p95 / keyFrame) ? (p95 / keyFrame).toFixed(1) : '–',
      GOAL_MS,
    ]);
  }
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ version, viewport: VIEWPORT, count, seed, deals: dealsKind, results }, null, 1)}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
