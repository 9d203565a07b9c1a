/**
 * The string audit: no text a player sees or hears is written into the page's code as a literal.
 * Every text, aria-label, title, placeholder, button label, message and announcement must come from
 * the string tables (assets/strings/, through src/app/page/strings.ts), which a separate test checks for both languages. A literal
 * here is a quoted string, or the fixed parts of a template string, with two letters in a row (a
 * lone lower-case identifier is a key into the tables, not text).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../src');
/** The code that builds what the player sees and hears (the engine and the games hold no UI text). */
const DIRS = ['app', 'input', 'render', 'audio'];
/** Files that are the string tables themselves. */
const TABLES = new Set(['app/page/strings.ts', 'app/page/rulesPages.ts']);
/**
 * Reviewed exceptions, by file and the text of the line: not shown to the player, or shown in
 * both languages on the spot.
 */
const ALLOWED: [string, RegExp][] = [
  // A Pixi texture's debugging label, never shown.
  ['render/cardArt.ts', /label: `cards \$\{cssWidth\}@\$\{res\}`/],
  // The page could not start (no strings table yet): the message is chosen by navigator.language, Russian or English.
  ['app/main.ts', /Стол не удалось запустить: \$\{why\}` : `The table could not start: \$\{why\}`/],
];

/** Sinks of player-facing text: properties, attributes and calls. */
const SINK = /(?:\b(?:textContent|innerText|title|placeholder|alt|label)\s*[:=]\s*|setAttribute\(\s*'(?:aria-label|aria-description|title|alt|placeholder)'\s*,\s*|\b(?:message|announce|say|alert|confirm)\(\s*)(['"`])((?:\\.|(?!\1).)*)\1/g;

/**
 * True when the fixed text of a literal (template substitutions removed) has two letters in a row
 * and is not a key: a single lower-case identifier such as 'focus' names a string, it is not one.
 */
function wordy(body: string, quote: string): boolean {
  if (/^[a-z][A-Za-z0-9]*$/.test(body)) return false;
  const fixed = quote === '`' ? body.replace(/\$\{[^}]*\}/g, ' ') : body;
  return /\p{L}{2}/u.test(fixed);
}

/** Every .ts file under the directories, subfolders included. */
function files(): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(join(ROOT, d), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${d}/${e.name}`);
      else if (e.name.endsWith('.ts')) out.push(`${d}/${e.name}`);
    }
  };
  for (const d of DIRS) walk(d);
  return out;
}

/** Every literal written into a text sink, as "file:line: text". */
function literals(name: string, source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const m of line.matchAll(SINK)) {
      if (!wordy(m[2]!, m[1]!)) continue;
      if (ALLOWED.some(([f, re]) => f === name && re.test(line))) continue;
      found.push(`${name}:${i + 1}: ${m[0]}`);
    }
  });
  return found;
}

describe('the string audit', () => {
  it('finds no player-facing literal outside the string tables', () => {
    // The audit reads the subfolders too (the page's dialogs live in one).
    expect(files()).toContain('app/page/dialogs.ts');
    const found = files()
      .filter((f) => !TABLES.has(f))
      .flatMap((f) => literals(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches a literal in each kind of sink, and lets computed and numeric text through', () => {
    const bad = [
      "el('p', { textContent: 'Game over' })",
      'b.title = "Undo the last move";',
      "btn.setAttribute('aria-label', 'Close');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the audit to read
      'this.host.message(`No hint for ${game}`);',
      "announce('Карта перемещена');",
      "{ label: 'Cancel', id: 'x' }",
    ];
    for (const line of bad) expect(literals('app/x.ts', line), line).toHaveLength(1);
    const good = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the audit to read
      "el('li', { textContent: `${i + 1}. ${label}` })",
      "b.textContent = t.t('undo');",
      "span.textContent = '×';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the audit to read
      "li.title = `${d.date}: ${word}`;",
      "this.host.announce('focus', spot);",
    ];
    for (const line of good) expect(literals('app/x.ts', line), line).toEqual([]);
  });

  it('the reviewed exceptions still exist (an exception that matches nothing is removed)', () => {
    for (const [f, re] of ALLOWED) expect(re.test(readFileSync(join(ROOT, f), 'utf8')), f).toBe(true);
  });
});
