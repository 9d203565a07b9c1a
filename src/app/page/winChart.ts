/** A small SVG chart of the last games: a bar per game and a line of the rolling win rate. */

const SVG_NS = 'http://www.w3.org/2000/svg';
const W = 300;
const H = 80;
/** Games shown at most. */
const SHOWN = 50;
/** Height of the result bars at the bottom. */
const BAR_H = 10;
/** The line's area: from PAD to H - BAR_H - PAD. */
const PAD = 4;

/** The rolling win percentage (0..100) after each game, over its last `window` games. */
export function winRatePoints(recent: boolean[], window = 10): number[] {
  const w = Math.max(1, Math.floor(window) || 1);
  const out: number[] = [];
  let wins = 0;
  for (let i = 0; i < recent.length; i++) {
    if (recent[i]) wins++;
    if (i >= w && recent[i - w]) wins--;
    out.push((wins / Math.min(i + 1, w)) * 100);
  }
  return out;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, String(val));
  return e;
}

/** The win-rate chart of the last 50 results (`recent`, newest last); `labels.empty` shows when there are none. */
export function winChart(recent: boolean[], labels: { title: string; empty: string }): SVGSVGElement {
  const root = svg('svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': labels.title, class: 'win-chart' });
  const title = svg('title');
  title.textContent = labels.title;
  root.append(title);

  const games = recent.slice(-SHOWN);
  if (games.length === 0) {
    const text = svg('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', fill: 'currentColor' });
    text.textContent = labels.empty;
    root.append(text);
    return root;
  }

  // Rates over the whole list, so the first bars shown still average their predecessors.
  const rates = winRatePoints(recent).slice(-games.length);
  const slot = W / Math.max(games.length, 10);
  const top = PAD;
  const bottom = H - BAR_H - PAD;
  games.forEach((won, i) => {
    root.append(
      svg('rect', {
        x: i * slot + 0.5,
        y: H - BAR_H,
        width: Math.max(1, slot - 1),
        height: BAR_H,
        fill: won ? '#2e9e4f' : '#9a9a9a',
        class: won ? 'won' : 'lost',
      }),
    );
  });
  const at = rates.map((r, i) => [(i * slot + slot / 2).toFixed(1), (bottom - (r / 100) * (bottom - top)).toFixed(1)] as const);
  const points = at.map(([x, y]) => `${x},${y}`).join(' ');
  root.append(svg('polyline', { points, fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linejoin': 'round' }));
  // The latest rate, visible even after a single game.
  const [lx, ly] = at[at.length - 1]!;
  root.append(svg('circle', { cx: lx, cy: ly, r: 2.5, fill: 'currentColor' }));
  return root;
}
