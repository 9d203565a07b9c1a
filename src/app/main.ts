/** Composition root: the scene, the controls, routes, the page hook and the table of the current game. */
import { findGame, GAMES } from '../games/registry.ts';
import { SPEEDS, type Speed } from '../render/animator.ts';
import { Scene } from '../render/scene.ts';
import { installHook } from './hook.ts';
import { parseRoute, randomDeal } from './routes.ts';
import { Session } from './session.ts';
import { Sounds } from '../audio/sounds.ts';
import { Table } from './table.ts';
import { buildUi } from './ui.ts';

const MUTED_KEY = 'solitaire.muted';
const SPEED_KEY = 'solitaire.speed';
const LEFT_KEY = 'solitaire.leftHanded';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: settings last for this visit only
  }
}

function defaultSpeed(): Speed {
  const s = stored(SPEED_KEY);
  if (s && (SPEEDS as readonly string[]).includes(s)) return s as Speed;
  return matchMedia('(prefers-reduced-motion: reduce)').matches ? 'off' : 'normal';
}

async function main(): Promise<void> {
  const root = document.getElementById('app')!;
  const host = document.createElement('div');
  host.id = 'table';
  root.append(host);
  let table: Table | null = null;
  let speed = defaultSpeed();
  let leftHanded = stored(LEFT_KEY) === '1';
  let sounds: Sounds;
  try {
    sounds = new Sounds({ muted: stored(MUTED_KEY) === '1' });
  } catch {
    sounds = new Sounds({ muted: true });
  }
  const safeSounds = {
    play: (cue: Parameters<Sounds['play']>[0]) => {
      try {
        sounds.play(cue);
      } catch {
        // a blocked audio context never breaks play
      }
    },
  };

  const statusText = (t: Table): string => {
    const s = t.session;
    const parts = [`${s.rules.names.en} #${s.deal}`, `Moves: ${s.moveCount}`];
    if (s.won) parts.push('You won!');
    else if (s.stuck) parts.push('No more moves');
    return parts.join(' · ');
  };
  const refresh = (): void => {
    if (!table) return;
    ui.update({
      game: table.rules.id,
      canUndo: table.session.canUndo,
      canRedo: table.session.canRedo,
      status: statusText(table),
      muted: sounds.muted,
      speed,
      leftHanded,
    });
  };

  const ui = buildUi(root, GAMES, {
    pickGame: (id) => {
      location.hash = `#/${id}`;
    },
    newDeal: () => {
      location.hash = `#/${table?.rules.id ?? GAMES[0]!.id}`;
    },
    undo: () => table?.undo(),
    redo: () => table?.redo(),
    toggleMute: () => {
      sounds.setMuted(!sounds.muted);
      store(MUTED_KEY, sounds.muted ? '1' : '0');
      refresh();
    },
    setSpeed: (s) => {
      speed = s;
      store(SPEED_KEY, s);
      table?.setSpeed(s);
      refresh();
    },
    setLeftHanded: (on) => {
      leftHanded = on;
      store(LEFT_KEY, on ? '1' : '0');
      table?.setLeftHanded(on);
      refresh();
    },
  });

  const scene = await Scene.create(host);
  const top = (): number => ui.bar.getBoundingClientRect().height;
  installHook(
    () => table,
    () => scene.app.canvas,
    () => scene.rendererName,
  );

  function route(): void {
    const { route: r, error } = parseRoute(location.hash);
    ui.message(error ?? '');
    const deal = r.deal === 'new' ? randomDeal() : r.deal;
    const want = r.daily ? `#/${r.game}/daily` : `#/${r.game}/${deal}`;
    if (location.hash !== want) history.replaceState(null, '', want);
    table?.destroy();
    const session = new Session(findGame(r.game)!, deal);
    table = new Table(scene, session, safeSounds, { speed, leftHanded, top, onChange: refresh });
    refresh();
  }

  addEventListener('hashchange', route);
  let shape = '';
  const relayout = (): void => {
    scene.app.resize();
    // Only a real change of the table's area lays it out again (that finishes running animations).
    const now = `${scene.app.screen.width}x${scene.app.screen.height}/${top()}`;
    if (now === shape) return;
    shape = now;
    table?.resize();
  };
  addEventListener('resize', relayout);
  new ResizeObserver(relayout).observe(ui.bar);
  window.addEventListener('keydown', (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) table?.undo();
    else if (k === 'y' || (k === 'z' && e.shiftKey)) table?.redo();
    else return;
    e.preventDefault();
  });
  shape = `${scene.app.screen.width}x${scene.app.screen.height}/${top()}`;
  route();
}

void main().catch((e: unknown) => {
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.textContent = `The table could not start: ${e instanceof Error ? e.message : String(e)}`;
  document.body.append(p);
});
