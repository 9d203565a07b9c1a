// @vitest-environment happy-dom
/** The rules dialog: opens at its top (focus on the title, not on Close at the end) with a diagram of the opening. */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDialog, dialogOpen, rulesDialog } from '../../src/app/page/dialogs.ts';
import { SKETCH_DEAL } from '../../src/app/page/sketch.ts';
import { Strings } from '../../src/app/page/strings.ts';
import { openingState } from '../../src/engine/play.ts';
import { GAMES } from '../../src/games/catalog.ts';

beforeEach(() => {
  // The pages are served from assets/rules/ as the page would fetch them.
  vi.stubGlobal('fetch', async (url: string) => {
    const game = /([a-z-]+)\.json/.exec(String(url))?.[1];
    const text = readFileSync(`assets/rules/${game}.json`, 'utf8');
    return { ok: true, status: 200, json: async () => JSON.parse(text) as unknown };
  });
});

afterEach(() => {
  closeDialog();
  vi.unstubAllGlobals();
});

describe('rules dialog', () => {
  for (const rules of GAMES) {
    for (const lang of ['en', 'ru'] as const) {
      it(`${rules.id} (${lang}): opens at the top with the opening drawn`, async () => {
        const t = new Strings(lang);
        await rulesDialog(t, rules.id);
        const d = document.getElementById('rules-dialog') as HTMLDialogElement;
        expect(d.open).toBe(true);
        const title = d.querySelector('h2')!;
        expect(title.textContent).toBe(t.t('rulesTitle', { game: rules.names[lang] }));
        expect(document.activeElement).toBe(title);
        expect(title.getAttribute('tabindex')).toBe('-1');
        expect(d.scrollTop).toBe(0);
        // The diagram comes before the first section and shows every card of the opening.
        const figure = d.querySelector('.rules > figure.diagram')!;
        expect(figure.nextElementSibling?.tagName).toBe('H3');
        expect(figure.querySelector('figcaption')!.textContent).toBe(t.t('rulesDiagram'));
        expect(figure.querySelectorAll('svg rect.c')).toHaveLength(openingState(rules, SKETCH_DEAL).piles.flat().length);
      });
    }
  }

  it('still closes with its Close button', async () => {
    await rulesDialog(new Strings('en'), 'aces-up');
    const close = [...document.querySelectorAll('#rules-dialog .buttons button')].find((b) => b.textContent === 'Close') as HTMLButtonElement;
    close.click();
    expect(dialogOpen()).toBe(false);
    expect(document.getElementById('rules-dialog')).toBeNull();
  });
});
