import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The page's favicon is written into index.html as a data: URL (public/icon.svg stays the one
 * source). Chromium asks for the favicon again at every change of the address's #, which is every
 * new deal here: one request per deal, through the service worker once it runs.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL('./public/icon.svg', import.meta.url), 'utf8').replace(/\s*\n\s*/g, ' ');
      const link = '<link rel="icon" href="icon.svg" type="image/svg+xml" />';
      if (!html.includes(link)) throw new Error('index.html: the favicon link to inline is missing');
      return html.replace(link, `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`);
    },
  };
}

export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    // Source maps are written beside the files for debugging, not linked from the shipped code.
    sourcemap: 'hidden',
    // Sounds and other assets stay files (no data: URLs), so the CSP can keep media to 'self'.
    assetsInlineLimit: 0,
    // Every browser that runs the table (WebGL 2, ES2022) preloads modules natively: no polyfill.
    modulePreload: { polyfill: false },
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  plugins: [
    inlineFavicon(),
    VitePWA({
      // The page asks before it reloads into a new version ("Reload to update"); a game is never cut off.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon.svg'],
      manifest: {
        name: 'Solitaire — six patience games',
        short_name: 'Solitaire',
        description: 'Aces Up, Australian Patience, Aces and Kings, King Albert, Streets and Alleys and Royal Marriage, with a solver that proves its hints.',
        lang: 'en',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#1f6b3a',
        theme_color: '#1f6b3a',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Everything the game needs offline: code, the solver worker, sounds, icons and the winnable lists.
        globPatterns: ['**/*.{js,css,html,svg,png,webm,mp3,json,webmanifest}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
