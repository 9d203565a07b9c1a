/** Composition root: the scene, the store, the sounds, the app and the page hook. */
import { Sounds } from '../audio/sounds.ts';
import { Store } from '../persist/store.ts';
import { Scene } from '../render/scene.ts';
import { App, type SoundSwitch } from './app.ts';
import { installHook } from './hook.ts';
import { loadStrings } from './page/stringData.ts';
import { registerUpdates } from './page/update.ts';

/** Sounds that never throw: a blocked audio context must not break play. */
function safeSounds(): SoundSwitch {
  let sounds: Sounds | null = null;
  try {
    sounds = new Sounds({ muted: false });
  } catch {
    sounds = null;
  }
  return {
    play: (cue) => {
      try {
        sounds?.play(cue);
      } catch {
        // no sound this time
      }
    },
    setMuted: (muted) => {
      try {
        sounds?.setMuted(muted);
      } catch {
        // no sound at all
      }
    },
  };
}

async function main(): Promise<void> {
  const root = document.getElementById('app')!;
  const host = document.createElement('div');
  host.id = 'table';
  root.append(host);
  // The string tables are data: fetched while Pixi starts.
  const [scene] = await Promise.all([Scene.create(host), loadStrings()]);
  const app = new App(root, scene, Store.browser(), safeSounds());
  installHook(
    () => app.table,
    () => scene.app.canvas,
    () => scene.rendererName,
    () => scene.loop,
    () => app.idle,
    () => app.hint(),
    () => app.strings,
  );
  await app.start();
  registerUpdates(
    () => app.strings,
    () => app.persist(),
  );
}

void main().catch((e: unknown) => {
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  const why = e instanceof Error ? e.message : String(e);
  p.textContent = (navigator.language ?? '').startsWith('ru') ? `Стол не удалось запустить: ${why}` : `The table could not start: ${why}`;
  document.body.append(p);
});
