/** Baseline for the render benchmark: a bare Pixi v8 scene with as many card-sized sprites as the table, a deal and a drag. */
import { Application, Sprite, Texture } from 'pixi.js';

declare global {
  interface Window {
    bare: { deal(flying: number): Promise<void> };
  }
}

const N = Number(new URLSearchParams(location.search).get('n') ?? 104);

async function start(): Promise<void> {
  const host = document.getElementById('stage')!;
  const app = new Application();
  await app.init({ preference: 'webgl', resolution: window.devicePixelRatio || 1, autoDensity: true, antialias: true, resizeTo: host, background: 0x1f6b3a });
  host.append(app.canvas);
  const canvas = document.createElement('canvas');
  canvas.width = 100;
  canvas.height = 140;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 100, 140);
  g.fillStyle = '#c00';
  g.font = 'bold 28px sans-serif';
  g.fillText('A♥', 6, 30);
  const tex = Texture.from(canvas);
  const sprites: Sprite[] = [];
  for (let i = 0; i < N; i++) {
    const s = new Sprite(tex);
    s.anchor.set(0.5);
    s.position.set(60, 80);
    app.stage.addChild(s);
    sprites.push(s);
  }
  requestAnimationFrame(() => performance.mark('bare:first-dealt-frame'));
  let dragged: Sprite | null = null;
  app.canvas.addEventListener('pointerdown', (e) => {
    dragged = sprites[N - 1]!;
    dragged.position.set(e.offsetX, e.offsetY);
  });
  app.canvas.addEventListener('pointermove', (e) => {
    dragged?.position.set(e.offsetX, e.offsetY);
  });
  app.canvas.addEventListener('pointerup', () => {
    dragged = null;
  });
  window.bare = {
    deal: (flying) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const w = app.screen.width;
        const tick = (): void => {
          const t = (performance.now() - t0) / 1000;
          let done = true;
          for (let i = 0; i < flying; i++) {
            const s = sprites[N - 1 - i]!;
            const k = Math.min(1, Math.max(0, (t - i * 0.05) / 0.28));
            if (k < 1) done = false;
            s.x = 60 + k * ((i % 8) * ((w - 120) / 8));
            s.y = 80 + k * (150 + Math.floor(i / 8) * 40);
            s.scale.x = Math.abs(1 - 2 * Math.min(1, k * 2)) || 0.001;
          }
          if (done) {
            app.ticker.remove(tick);
            resolve();
          }
        };
        app.ticker.add(tick);
      }),
  };
}

void start();
