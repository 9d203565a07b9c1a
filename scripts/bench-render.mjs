#!/usr/bin/env node
// Render benchmark (not a test): the table against a bare Pixi v8 scene with as many sprites, both
// measured in the same run in headless Chromium (SwiftShader WebGL here, so absolute figures are
// slow; read the ratios). Prints main-thread ms per frame during Aces and Kings' 104-card opening
// deal and during a drag, time from navigation to the first dealt frame, and gzip sizes of the
// shipped JS against the libraries alone.
//
//   npm run bench:render            (builds dist/ first; --no-build reuses it; --runs N repeats;
//                                    --deals N deals back to back in each run, 4 by default)
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const runs = Number(argv[argv.indexOf('--runs') + 1]) || 3;
// Deals measured back to back in each run (a single deal is only ~15 frames here: too few to read).
const DEALS = Number(argv[argv.indexOf('--deals') + 1]) || 4;
const baseDir = join(root, 'node_modules', '.cache', 'bench-render');

const ARGS = CHROMIUM_ARGS;

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.webm': 'audio/webm', '.mp3': 'audio/mpeg', '.map': 'application/json' };

/** A static file server for `dir` on a free port. */
function serve(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(dir, path);
    if (!file.startsWith(dir)) return res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

/** Sum of gzip sizes of the files under `dir` whose names end in `ext` (.js by default). */
function gzipJs(dir, ext = '.js') {
  let raw = 0;
  let gz = 0;
  for (const f of readdirSync(dir)) {
    if (!f.endsWith(ext)) continue;
    const b = readFileSync(join(dir, f));
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { raw, gz };
}

/** Main-thread task time (ms) and frames during `action`. */
async function perFrame(page, cdp, action) {
  await page.evaluate(() => {
    // One counting loop at a time: a loop from an earlier measurement stops at its next frame.
    const gen = (window.__gen ?? 0) + 1;
    window.__gen = gen;
    window.__frames = 0;
    window.__counting = true;
    const f = () => {
      if (!window.__counting || window.__gen !== gen) return;
      window.__frames++;
      requestAnimationFrame(f);
    };
    requestAnimationFrame(f);
  });
  const m0 = await metric(cdp);
  const t0 = Date.now();
  await action();
  const m1 = await metric(cdp);
  const frames = await page.evaluate(() => {
    window.__counting = false;
    return window.__frames;
  });
  return { ms: (m1 - m0) * 1000, frames, wall: Date.now() - t0 };
}

/** Like perFrame summed over DEALS deals, but each deal is timed from after `start(n)` (which builds it) to `done()`. */
async function animationOnly(page, cdp, start, done) {
  const sum = { ms: 0, frames: 0, wall: 0 };
  for (let n = 0; n < DEALS; n++) {
    await start(n);
    const r = await perFrame(page, cdp, done);
    sum.ms += r.ms;
    sum.frames += r.frames;
    sum.wall += r.wall;
  }
  return sum;
}

async function metric(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration').value;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : Number.NaN;
};

async function main() {
  if (!argv.includes('--no-build') || !existsSync(join(root, 'dist', 'index.html'))) {
    console.error('building the app (vite build)…');
    await build({ root, logLevel: 'error' });
  }
  console.error('building the baselines…');
  await build({
    root: join(root, 'scripts', 'bench-render'),
    base: './',
    logLevel: 'error',
    configFile: false,
    build: {
      outDir: join(baseDir, 'dist'),
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: { input: join(root, 'scripts/bench-render/bare.html') },
    },
  });
  const libsOnly = join(baseDir, 'libs');
  await build({
    root: join(root, 'scripts', 'bench-render'),
    base: './',
    logLevel: 'error',
    configFile: false,
    build: { outDir: libsOnly, emptyOutDir: true, target: 'es2022', rollupOptions: { input: join(root, 'scripts/bench-render/libs.html') } },
  });

  const app = await serve(join(root, 'dist'));
  const bare = await serve(join(baseDir, 'dist'));
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ executablePath, args: ARGS });
  const version = browser.version();
  const rows = { dealApp: [], dealBare: [], animApp: [], animBare: [], dragApp: [], dragBare: [], loadApp: [], loadBare: [] };
  try {
    for (let r = 0; r < runs; r++) {
      // The table.
      {
        const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await ctx.addInitScript(() => {
          localStorage.setItem('solitaire.speed', 'normal');
          localStorage.setItem('solitaire.muted', '1');
        });
        const page = await ctx.newPage();
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.goto(`${app.url}/#/aces-and-kings/1`);
        await page.waitForFunction(() => performance.getEntriesByName('solitaire:first-dealt-frame').length > 0);
        rows.loadApp.push(await page.evaluate(() => performance.getEntriesByName('solitaire:first-dealt-frame')[0].startTime));
        await page.evaluate(() => {
          // A new deal by its address; resolves once the table shows it (checked every frame).
          window.__newDeal = (k) =>
            new Promise((resolve) => {
              location.hash = `#/aces-and-kings/${k}`;
              const f = () => (window.solitaire.info().deal === k ? resolve() : requestAnimationFrame(f));
              f();
            });
          return window.solitaire.idle();
        });
        // Each deal is one evaluate on each side, waited for in the page with a check every frame
        // (the harness's own cost, a Playwright round trip per call, is then the same on both sides).
        const deal = await perFrame(page, cdp, async () => {
          for (let n = 2; n < 2 + DEALS; n++) {
            await page.evaluate(async (k) => {
              await window.__newDeal(k);
              await window.solitaire.idle();
            }, n);
          }
        });
        rows.dealApp.push(deal);
        // The deal animation alone: timed once the new game is built (the route has run).
        rows.animApp.push(
          await animationOnly(
            page,
            cdp,
            (n) => page.evaluate((k) => window.__newDeal(k), 10 + n),
            () => page.evaluate(() => window.solitaire.idle()),
          ),
        );
        const r0 = await page.evaluate(() => window.solitaire.cardRect('tableau:0', -1));
        const drag = await perFrame(page, cdp, async () => {
          await page.mouse.move(r0.x + r0.width / 2, r0.y + r0.height / 2);
          await page.mouse.down();
          for (let k = 0; k < 60; k++) await page.mouse.move(r0.x + r0.width / 2 + (k % 30) * 8, r0.y + r0.height / 2 - (k % 30) * 5);
        });
        await page.keyboard.press('Escape');
        await page.mouse.up();
        rows.dragApp.push(drag);
        await ctx.close();
      }
      // The bare Pixi scene.
      {
        const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await ctx.newPage();
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.goto(`${bare.url}/bare.html?n=104`);
        await page.waitForFunction(() => performance.getEntriesByName('bare:first-dealt-frame').length > 0 && window.bare);
        rows.loadBare.push(await page.evaluate(() => performance.getEntriesByName('bare:first-dealt-frame')[0].startTime));
        await page.evaluate(() => {
          // Started, and waited for the way the table's deal is: a check every frame until done.
          window.__startDeal = () => {
            window.__dealt = false;
            void window.bare.deal(31).then(() => {
              window.__dealt = true;
            });
          };
          window.__dealDone = () =>
            new Promise((resolve) => {
              const f = () => (window.__dealt ? resolve() : requestAnimationFrame(f));
              f();
            });
        });
        rows.dealBare.push(
          await perFrame(page, cdp, async () => {
            for (let n = 0; n < DEALS; n++) {
              await page.evaluate(() => {
                window.__startDeal();
                return window.__dealDone();
              });
            }
          }),
        );
        rows.animBare.push(
          await animationOnly(
            page,
            cdp,
            () => page.evaluate(() => window.__startDeal()),
            () => page.evaluate(() => window.__dealDone()),
          ),
        );
        const drag = await perFrame(page, cdp, async () => {
          await page.mouse.move(300, 300);
          await page.mouse.down();
          for (let k = 0; k < 60; k++) await page.mouse.move(300 + (k % 30) * 8, 300 - (k % 30) * 5);
        });
        await page.mouse.up();
        rows.dragBare.push(drag);
        await ctx.close();
      }
      console.error(`run ${r + 1}/${runs} done`);
    }
  } finally {
    await browser.close();
    app.server.close();
    bare.server.close();
  }
  const mpf = (list) => median(list.map((x) => x.ms / Math.max(1, x.frames)));
  const fps = (list) => median(list.map((x) => (x.frames * 1000) / Math.max(1, x.wall)));
  const shipped = gzipJs(join(root, 'dist', 'assets'));
  const libs = gzipJs(join(libsOnly, 'assets'));
  const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  const line = (name, a, b, unit) => console.log(`${name.padEnd(34)} ${fmt(a).padStart(10)} ${fmt(b).padStart(10)} ${fmt(a / b, 2).padStart(8)}  ${unit}`);
  console.log(`\nRender benchmark, headless Chromium ${version} (WebGL via SwiftShader), 1440x900, median of ${runs} runs, ${DEALS} deals back to back per run`);
  console.log(`${'measure'.padEnd(34)} ${'table'.padStart(10)} ${'bare Pixi'.padStart(10)} ${'ratio'.padStart(8)}`);
  line('deal: main-thread ms per frame', mpf(rows.dealApp), mpf(rows.dealBare), 'ms (building the new game included)');
  line('deal: frames per second', fps(rows.dealApp), fps(rows.dealBare), 'fps');
  line('deal animation alone: ms per frame', mpf(rows.animApp), mpf(rows.animBare), 'ms (timed after the new game is built)');
  line('drag: main-thread ms per frame', mpf(rows.dragApp), mpf(rows.dragBare), 'ms');
  line('drag: frames per second', fps(rows.dragApp), fps(rows.dragBare), 'fps');
  line('navigation to first dealt frame', median(rows.loadApp), median(rows.loadBare), 'ms');
  const raw = (list) => list.map((x) => `${x.ms.toFixed(0)}ms/${x.frames}f/${x.wall}ms`).join(' ');
  console.log(`\nraw (main-thread ms / frames / wall ms): deal table ${raw(rows.dealApp)} | bare ${raw(rows.dealBare)}`);
  console.log(`raw: drag table ${raw(rows.dragApp)} | bare ${raw(rows.dragBare)}`);
  console.log(`${'shipped JS, gzip'.padEnd(34)} ${fmt(shipped.gz / 1024).padStart(10)} ${fmt(libs.gz / 1024).padStart(10)} ${fmt(shipped.gz / libs.gz, 2).padStart(8)}  KiB (table vs pixi.js+gsap+howler alone)`);
  console.log(`${'shipped JS, raw'.padEnd(34)} ${fmt(shipped.raw / 1024).padStart(10)} ${fmt(libs.raw / 1024).padStart(10)} ${fmt(shipped.raw / libs.raw, 2).padStart(8)}  KiB`);
  const data = gzipJs(join(root, 'dist', 'assets'), '.json');
  console.log(`${'data (lists, rules pages; JSON), gzip'.padEnd(34)} ${fmt(data.gz / 1024).padStart(10)} ${'–'.padStart(10)} ${'–'.padStart(8)}  KiB, fetched when first needed; not JavaScript`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
