/**
 * The ARIA live region: each move in words ("7♠ to a foundation"), the cards it uncovers, undo and
 * redo, keyboard focus, and the game's verdicts, in the player's language.
 */
import { isHome } from '../../engine/anatomy.ts';
import type { GameRules, State } from '../../engine/rules.ts';
import type { Spot } from '../../input/keyboard.ts';
import { cardLabel, describeMove } from './describe.ts';
import type { Change } from './session.ts';
import type { Strings } from '../page/strings.ts';

/** Words for a pile, e.g. "column 3", "the stock". */
export function pileWords(t: Strings, rules: GameRules, pile: number): string {
  const p = rules.piles[pile]!;
  const count = rules.piles.filter((q) => q.field === p.field).length;
  const key = `where_${p.kind}` as Parameters<Strings['t']>[0];
  return t.t(key, { n: count > 1 ? p.index + 1 : '' }).replace(/\s+$/, '');
}

/** What a change means in words ('' when nothing to say). */
export function describeChange(t: Strings, rules: GameRules, c: Change): string {
  if (c.kind === 'undo') return t.t('announceUndo');
  if (c.kind === 'redo') return t.t('announceRedo');
  if ((c.kind !== 'move' && c.kind !== 'auto') || c.move === undefined) return '';
  const parts = [describeMove(t, rules, c.before, c.move)];
  const uncovered = uncoveredCards(rules, c.before, c.after).map((card) => cardLabel(t, card));
  if (uncovered.length) parts.push(t.t('announceUncovered', { cards: uncovered.join(', ') }));
  return `${parts.join('. ')}.`;
}

/** Cards that became the top of a pile that lost cards (face-up piles only). */
export function uncoveredCards(rules: GameRules, before: State, after: State): number[] {
  const out: number[] = [];
  after.piles.forEach((p, i) => {
    if (rules.piles[i]!.role === 'stock' || isHome(rules, i)) return;
    if (p.length && p.length < before.piles[i]!.length) out.push(p[p.length - 1]!);
  });
  return out;
}

/** Words for the keyboard focus. */
export function describeSpot(t: Strings, rules: GameRules, s: State, spot: Spot): string {
  const where = pileWords(t, rules, spot.pile);
  if (spot.index < 0) return t.t('focusEmpty', { where });
  if (rules.piles[spot.pile]!.role === 'stock') return t.t('focusStock', { n: s.piles[spot.pile]!.length });
  return t.t('focusCard', { card: cardLabel(t, s.piles[spot.pile]![spot.index]!), where });
}

/** The live region. */
export class Announcer {
  private readonly region: HTMLElement;
  private flip = false;

  /** Creates the region in `root`. */
  constructor(root: HTMLElement) {
    const r = document.createElement('div');
    r.id = 'announce';
    r.className = 'sr-only';
    r.setAttribute('aria-live', 'polite');
    r.setAttribute('aria-atomic', 'true');
    root.append(r);
    this.region = r;
  }

  /** Says `text` (the same text twice in a row is said twice). */
  say(text: string): void {
    if (!text) return;
    this.flip = !this.flip;
    // A trailing invisible difference makes screen readers repeat an identical message.
    this.region.textContent = this.flip ? text : `${text}\u00a0`;
  }

  /** The last thing said. */
  get text(): string {
    return (this.region.textContent ?? '').replace(/\u00a0$/, '');
  }
}
