/**
 * Positions and moves in the notation of shared/notation.md: parse (with full validation) and
 * format. Everything read from outside comes through here; a problem throws one BadInput (exit 2)
 * or IllegalMove (exit 1) whose message names it.
 */
import { type Card, formatCard, parseCard } from './cards.ts';
import { BadInput, IllegalMove } from './errors.ts';
import { DEAL, DEAL_MOVE, DISCARD, encodeMove, type GameRules, MOVE, moveCount, moveFrom, moveTo, moveType, type State } from './rules.ts';

/** A position in the notation: `game` plus one field per kind of pile. */
export type Position = { readonly game: string } & Readonly<Record<string, unknown>>;

/** A move in the notation. */
export type MoveJson =
  | { type: 'move'; from: string; to: string; card: string }
  | { type: 'deal' }
  | { type: 'discard'; from: string; card: string }
  | { type: 'discard'; from: string; cards: string[] };

/** A parsed position: its rules and its engine state. */
export interface Parsed {
  /** The game's rules. */
  rules: GameRules;
  /** The engine state. */
  state: State;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A value as the messages quote it, cut short. */
export function show(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function parsePile(v: unknown, where: string): Card[] {
  if (!Array.isArray(v)) throw new BadInput(`${where} must be an array of card codes, not ${show(v)}`);
  return v.map((code, i) => {
    const c = parseCard(code);
    if (c === null) throw new BadInput(`unknown card ${show(code)} at ${where}[${i}]`);
    return c;
  });
}

/**
 * Parses and validates a position of the game `rules` (its "game" field already matched to them,
 * see the catalog's parsePosition); throws BadInput naming the first problem.
 */
export function parseState(rules: GameRules, input: unknown): Parsed {
  if (!isObject(input)) throw new BadInput(`a position must be a JSON object, not ${show(input)}`);
  const known = new Set(['game', ...rules.fields.map((f) => f.field), ...rules.options]);
  for (const key of Object.keys(input)) {
    if (!known.has(key)) throw new BadInput(`unknown field ${show(key)} in a ${rules.id} position`);
  }
  const piles: Card[][] = [];
  for (const f of rules.fields) {
    const v = input[f.field];
    if (v === undefined) throw new BadInput(`missing field "${f.field}" in a ${rules.id} position`);
    if (f.count === undefined) {
      piles.push(parsePile(v, f.kind));
      continue;
    }
    if (!Array.isArray(v) || v.length !== f.count) {
      throw new BadInput(`"${f.field}" must hold ${f.count} ${f.slots ? 'slots' : 'piles'}, not ${Array.isArray(v) ? v.length : show(v)}`);
    }
    v.forEach((pile, i) => {
      const where = `${f.kind}:${i}`;
      if (f.slots) {
        if (pile === null) piles.push([]);
        else {
          const c = parseCard(pile);
          if (c === null) throw new BadInput(`${where} must be a card code or null, not ${show(pile)}`);
          piles.push([c]);
        }
      } else piles.push(parsePile(pile, where));
    });
  }
  let flags = 0;
  rules.options.forEach((name, bit) => {
    const v = input[name];
    if (v === undefined || v === false) return;
    if (v !== true) throw new BadInput(`option "${name}" must be true or false, not ${show(v)}`);
    flags |= 1 << bit;
  });
  const counts = new Array<number>(52).fill(0);
  for (const p of piles) for (const c of p) counts[c]!++;
  for (let c = 0; c < 52; c++) {
    const n = counts[c]!;
    if (n < rules.decks) throw new BadInput(`card ${formatCard(c)} is missing${rules.decks === 2 ? ` (${n} of 2 copies found)` : ''}`);
    if (n > rules.decks) throw new BadInput(`card ${formatCard(c)} appears ${n} times; ${rules.id} has ${rules.decks === 2 ? 'two copies' : 'one'}`);
  }
  const state: State = { piles, flags };
  const problem = rules.validate(state);
  if (problem) throw new BadInput(`not a position of ${rules.id}: ${problem}`);
  return { rules, state };
}

/** Formats an engine state as a position in the notation. */
export function formatPosition(rules: GameRules, s: State): Position {
  const out: Record<string, unknown> = { game: rules.id };
  let i = 0;
  for (const f of rules.fields) {
    if (f.count === undefined) out[f.field] = s.piles[i++]!.map(formatCard);
    else {
      const list: unknown[] = [];
      for (let k = 0; k < f.count; k++) {
        const p = s.piles[i++]!;
        list.push(f.slots ? (p.length ? formatCard(p[0]!) : null) : p.map(formatCard));
      }
      out[f.field] = list;
    }
  }
  rules.options.forEach((name, bit) => {
    if (s.flags & (1 << bit)) out[name] = true;
  });
  return out as Position;
}

/** Formats an engine move, given the state before it. */
export function formatMove(rules: GameRules, s: State, m: number): MoveJson {
  const type = moveType(m);
  if (type === DEAL) return { type: 'deal' };
  const from = rules.piles[moveFrom(m)]!;
  const p = s.piles[moveFrom(m)]!;
  if (type === DISCARD) {
    if (from.role === 'row') {
      const at = moveTo(m);
      return { type: 'discard', from: from.id, cards: p.slice(at, at + moveCount(m)).map(formatCard) };
    }
    return { type: 'discard', from: from.id, card: formatCard(p[p.length - 1]!) };
  }
  return { type: 'move', from: from.id, to: rules.piles[moveTo(m)]!.id, card: formatCard(p[p.length - moveCount(m)]!) };
}

function pileIndex(rules: GameRules, id: unknown, role: string): number {
  if (typeof id !== 'string') throw new BadInput(`move field "${role}" must be a pile id such as "tableau:0", not ${show(id)}`);
  const i = rules.piles.findIndex((p) => p.id === id);
  if (i < 0) throw new BadInput(`unknown pile ${show(id)} in ${rules.id}`);
  return i;
}

function cardField(v: unknown, role: string): Card {
  const c = parseCard(v);
  if (c === null) throw new BadInput(`move field "${role}" must be a card code such as "7S", not ${show(v)}`);
  return c;
}

function checkKeys(input: Record<string, unknown>, keys: string[]): void {
  for (const k of Object.keys(input)) if (!keys.includes(k)) throw new BadInput(`unknown move field ${show(k)}`);
  for (const k of keys) if (input[k] === undefined) throw new BadInput(`a ${String(input.type)} move needs "${k}"`);
}

/**
 * Parses a move against the state it is played in. Throws BadInput when it is not a well-formed
 * move of this game, IllegalMove when the rules forbid it here.
 */
export function parseMove(rules: GameRules, s: State, input: unknown): number {
  if (!isObject(input)) throw new BadInput(`a move must be a JSON object, not ${show(input)}`);
  let m: number;
  if (input.type === 'deal') {
    checkKeys(input, ['type']);
    m = DEAL_MOVE;
  } else if (input.type === 'move') {
    checkKeys(input, ['type', 'from', 'to', 'card']);
    const from = pileIndex(rules, input.from, 'from');
    const to = pileIndex(rules, input.to, 'to');
    const c = cardField(input.card, 'card');
    const p = s.piles[from]!;
    const at = p.lastIndexOf(c);
    if (at < 0) throw new IllegalMove(p.length ? `${formatCard(c)} is not in ${String(input.from)}` : `${String(input.from)} is empty`);
    m = encodeMove(MOVE, from, to, p.length - at);
  } else if (input.type === 'discard') {
    const from = pileIndex(rules, input.from, 'from');
    const p = s.piles[from]!;
    if (rules.piles[from]!.role === 'row') {
      checkKeys(input, ['type', 'from', 'cards']);
      const cards = input.cards;
      if (!Array.isArray(cards) || cards.length < 1 || cards.length > 2) {
        throw new BadInput(`"cards" must list one or two neighbouring cards, not ${show(cards)}`);
      }
      const codes = cards.map((v) => cardField(v, 'cards'));
      const at = p.indexOf(codes[0]!);
      if (at < 0 || codes.some((c, k) => p[at + k] !== c)) {
        throw new IllegalMove(`${cards.map(String).join(' ')} ${cards.length > 1 ? 'are not neighbours' : 'is not'} in the row`);
      }
      m = encodeMove(DISCARD, from, at, codes.length);
    } else {
      checkKeys(input, ['type', 'from', 'card']);
      const c = cardField(input.card, 'card');
      if (!p.length) throw new IllegalMove(`${String(input.from)} is empty`);
      if (p[p.length - 1] !== c) throw new IllegalMove(`${formatCard(c)} is not the top card of ${String(input.from)}`);
      m = encodeMove(DISCARD, from, 0, 1);
    }
  } else {
    throw new BadInput(`unknown move type ${show(input.type)}; the types are move, deal and discard`);
  }
  if (!rules.isLegal(s, m)) throw new IllegalMove(`the rules of ${rules.id} do not allow ${JSON.stringify(input)} here`);
  return m;
}
