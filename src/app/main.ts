/** Placeholder page until the table lands: shows the opening of the deal named by the route. */
import { deal } from '../engine/play.ts';
import { GAMES } from '../games/registry.ts';

const [, game = 'aces-up', number = '1'] = location.hash.split('/');
const app = document.getElementById('app')!;
const pre = document.createElement('pre');
try {
  pre.textContent = JSON.stringify(deal(game, Number(number)), null, 1);
} catch (e) {
  pre.textContent = String(e);
}
const nav = document.createElement('nav');
for (const g of GAMES) {
  const a = document.createElement('a');
  a.href = `#/${g.id}/1`;
  a.textContent = `${g.names.en} `;
  nav.append(a);
}
app.append(nav, pre);
addEventListener('hashchange', () => location.reload());
