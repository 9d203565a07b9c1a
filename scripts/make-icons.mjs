/** Renders public/icon.svg to the PNG icons of the web app manifest (192 and 512 px, plus a maskable 512) with Chromium. Run once after changing the SVG. */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const svg = readFileSync('public/icon.svg', 'utf8');
const browser = await chromium.launch({ ...(findChromium() ? { executablePath: findChromium() } : {}), args: CHROMIUM_ARGS });
try {
  for (const [name, size, pad] of [['icon-192.png', 192, 0], ['icon-512.png', 512, 0], ['icon-maskable-512.png', 512, 0.12]]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = Math.round(size * (1 - 2 * pad));
    const bg = pad ? '#1f6b3a' : 'transparent';
    await page.setContent(`<html><body style="margin:0;background:${bg};display:grid;place-items:center;width:${size}px;height:${size}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</body></html>`);
    await page.screenshot({ path: `public/${name}`, omitBackground: !pad });
    await page.close();
    console.log(`public/${name}`);
  }
} finally {
  await browser.close();
}
