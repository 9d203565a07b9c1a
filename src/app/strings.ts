/**
 * Every string the page shows, in English and Russian. `{name}` marks a parameter; plural forms
 * are chosen with Intl.PluralRules (Russian has one, few and many: 1 ход, 2 хода, 5 ходов).
 * The Russian table is typed against the English one, so a missing key fails the build.
 */
import type { Language } from '../persist/settings.ts';

const en = {
  appTitle: 'Solitaire',
  game: 'Game',
  newDeal: 'New deal',
  newShort: 'New',
  winnableOnly: 'Winnable only',
  winnableShort: 'Winnable',
  undo: 'Undo',
  redo: 'Redo',
  menu: 'Menu',
  dealNumber: 'Deal number…',
  dailyDeal: 'Daily deal',
  restart: 'Restart this deal',
  statistics: 'Statistics',
  settings: 'Settings',
  rules: 'Rules',
  close: 'Close',
  cancel: 'Cancel',
  open: 'Open',
  gameControls: 'Game controls',
  // status line
  dealLabel: 'Deal {deal}',
  dailyLabel: 'Daily deal {date}',
  movesLabel: 'Moves: {n}',
  timeLabel: 'Time: {time}',
  youWon: 'You won!',
  noMoreMoves: 'No more moves',
  cannotWin: 'This deal can no longer be won',
  // deal number dialog
  dealNumberTitle: 'Open a deal by number',
  dealNumberField: 'Deal number',
  dealNumberHelp: 'A whole number from 0 to {max}.',
  dealNumberEmpty: 'Type a deal number first.',
  dealNumberBad: 'Deal numbers are whole numbers from 0 to {max}; "{text}" is not one.',
  // confirmation
  abandonTitle: 'Leave this game?',
  abandonText: 'The game in progress will count as lost.',
  abandonYes: 'Leave it',
  abandonNo: 'Keep playing',
  dontAskAgain: 'Do not ask again',
  // game end
  wonTitle: 'You won!',
  wonText: '{game}, deal {deal}: {time}, {moves}.',
  nextDeal: 'Next deal',
  stuckTitle: 'No more moves',
  stuckText: 'No legal move is left. Undo a few moves or start a new deal.',
  deadTitle: 'This deal can no longer be won',
  deadText: 'Moves remain, but none of them can lead to a win. Undo a few moves or start a new deal.',
  // statistics
  statsTitle: 'Statistics',
  statsAll: 'All games',
  played: 'Played',
  won: 'Won',
  winRate: 'Win rate',
  streak: 'Current streak',
  bestStreak: 'Best streak',
  bestTime: 'Best time',
  fewestMoves: 'Fewest moves',
  hintsUsed: 'Hints used',
  discardedAvg: 'Cards discarded (average)',
  discardedBest: 'Cards discarded (best)',
  chartTitle: 'Win rate over the last 50 games',
  chartEmpty: 'No finished games yet',
  calendarTitle: 'Daily deals, {month}',
  calendarWon: 'won',
  calendarLost: 'lost',
  calendarPlayed: 'started',
  calendarNone: 'not played',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  exportStats: 'Export…',
  importStats: 'Import…',
  importDone: 'Statistics imported.',
  importBad: 'That file is not a valid statistics file of this game; nothing was changed.',
  importNewer: 'That statistics file comes from a newer version of this app; nothing was changed.',
  importTooLarge: 'That file is too large to be a statistics file; nothing was changed.',
  none: '—',
  // settings
  settingsTitle: 'Settings',
  tapToMove: 'Tap to move',
  tapToMoveHelp: 'When off, cards move only by dragging.',
  autoCollect: 'Auto-collect to foundations',
  autoOff: 'Off',
  autoSafe: 'Safe',
  autoAll: 'All',
  speed: 'Animation',
  speedOff: 'Off',
  speedSlow: 'Slow',
  speedNormal: 'Normal',
  speedFast: 'Fast',
  sound: 'Sound',
  cardBack: 'Card back',
  backBlue: 'Blue',
  backRed: 'Red',
  fourColour: 'Four-colour deck',
  leftHanded: 'Left-handed',
  confirmAbandon: 'Confirm before leaving a game',
  showClock: 'Show the timer',
  showMoves: 'Show the move counter',
  language: 'Language',
  // rules
  rulesTitle: 'Rules: {game}',
  feltUp: 'Up',
  feltDown: 'Down',
  // moves in words
  moveDeal: 'Deal from the stock',
  moveDiscard: 'Discard {card}',
  moveTo: '{card} to {pile}',
  moveOnto: '{card} onto {onto}',
  pileFoundation: 'a foundation',
  pileUp: 'an up foundation',
  pileDown: 'a down foundation',
  pileTableau: 'an empty pile',
  pileReserve: 'the reserve',
  pileWaste: 'the waste',
  pileStock: 'the stock',
  pileDiscard: 'the discard pile',
  pileRow: 'the row',
  // the solver at the table
  hint: 'Hint',
  thinking: 'Thinking…',
  hintNotProven: 'Not proven: the best move by the game\'s own judgement.',
  hintNothing: 'No move to suggest.',
  lostTitle: 'No winning line from here',
  lostSearching: 'Looking back through your moves for the last position that could still be won…',
  lostMove: 'The move that lost it: {move} (move {n}).',
  lostRewind: 'Rewind undoes {steps} to the last position the solver proves winnable.',
  lostFromStart: 'This deal cannot be won from its opening position.',
  lostNoProof: 'The solver could not prove an earlier position winnable within its budget.',
  rewind: 'Rewind',
  solve: 'Watch the solver',
  solveFailed: 'The solver found no winning line from here within its budget.',
  solveLost: 'The solver proves there is no winning line from here.',
  analysis: 'Which moves keep it winnable',
  analysisTotal: '{n} of {total} moves keep this deal winnable',
  analysisWinning: 'wins',
  analysisLosing: 'loses',
  analysisUnknown: 'not decided',
  analysisChecking: 'checking…',
  verdictWinnable: 'winnable',
  verdictLost: 'not winnable',
  verdictChecking: 'checking…',
  showVerdict: 'Show whether the deal is still winnable',
  autoSolver: 'Never cost a win (solver)',
  play: 'Play',
  pause: 'Pause',
  stepBack: 'Step back',
  stepForward: 'Step forward',
  timeline: 'Solver replay',
  replaySpeed: 'Replay speed',
  // problems
  problemSaveCorrupt: 'The saved {game} game could not be read, so here is a new deal. Your statistics are kept.',
  problemSaveVersion: 'The saved {game} game comes from a newer version of this app, so here is a new deal. Your statistics are kept.',
  problemStorageRefused: 'This browser does not let the game save, so progress lasts only until you close the page.',
  problemStorageFull: 'The browser storage is full, so the game could not be saved.',
  problemStatsCorrupt: 'The statistics could not be read; a copy was kept and new statistics start now.',
  problemStatsVersion: 'The statistics come from a newer version of this app; they are kept and new ones start now.',
  problemSettingsBad: 'The settings could not be read, so the defaults are used.',
  noWinnableList: 'There is no list of winnable deals for this game yet; here is a random deal.',
  routeNoGame: 'There is no game called "{text}"; here is a new deal of {game}.',
  routeTooLong: 'The address has too many parts; here is a new deal.',
  routeBadDeal: 'Deal numbers are whole numbers from 0 to {max}, not "{text}"; here is a new deal.',
} as const;

/** A string key. */
export type StringKey = keyof typeof en;

const ru: Record<StringKey, string> = {
  appTitle: 'Пасьянсы',
  game: 'Игра',
  newDeal: 'Новая раздача',
  newShort: 'Новая',
  winnableOnly: 'Только решаемые',
  winnableShort: 'Решаемые',
  undo: 'Отменить',
  redo: 'Вернуть',
  menu: 'Меню',
  dealNumber: 'Номер раздачи…',
  dailyDeal: 'Раздача дня',
  restart: 'Начать раздачу заново',
  statistics: 'Статистика',
  settings: 'Настройки',
  rules: 'Правила',
  close: 'Закрыть',
  cancel: 'Отмена',
  open: 'Открыть',
  gameControls: 'Управление игрой',
  dealLabel: 'Раздача {deal}',
  dailyLabel: 'Раздача дня {date}',
  movesLabel: 'Ходы: {n}',
  timeLabel: 'Время: {time}',
  youWon: 'Победа!',
  noMoreMoves: 'Ходов больше нет',
  cannotWin: 'Эту раздачу уже не разложить',
  dealNumberTitle: 'Открыть раздачу по номеру',
  dealNumberField: 'Номер раздачи',
  dealNumberHelp: 'Целое число от 0 до {max}.',
  dealNumberEmpty: 'Сначала введите номер раздачи.',
  dealNumberBad: 'Номер раздачи — целое число от 0 до {max}; «{text}» не подходит.',
  abandonTitle: 'Бросить эту игру?',
  abandonText: 'Начатая игра будет засчитана как проигрыш.',
  abandonYes: 'Бросить',
  abandonNo: 'Играть дальше',
  dontAskAgain: 'Больше не спрашивать',
  wonTitle: 'Победа!',
  wonText: '{game}, раздача {deal}: {time}, {moves}.',
  nextDeal: 'Следующая раздача',
  stuckTitle: 'Ходов больше нет',
  stuckText: 'Допустимых ходов не осталось. Отмените несколько ходов или начните новую раздачу.',
  deadTitle: 'Эту раздачу уже не разложить',
  deadText: 'Ходы ещё есть, но ни один не ведёт к победе. Отмените несколько ходов или начните новую раздачу.',
  statsTitle: 'Статистика',
  statsAll: 'Все игры',
  played: 'Сыграно',
  won: 'Выиграно',
  winRate: 'Доля побед',
  streak: 'Текущая серия',
  bestStreak: 'Лучшая серия',
  bestTime: 'Лучшее время',
  fewestMoves: 'Меньше всего ходов',
  hintsUsed: 'Подсказок взято',
  discardedAvg: 'Сброшено карт (в среднем)',
  discardedBest: 'Сброшено карт (лучший результат)',
  chartTitle: 'Доля побед за последние 50 игр',
  chartEmpty: 'Законченных игр пока нет',
  calendarTitle: 'Раздачи дня, {month}',
  calendarWon: 'победа',
  calendarLost: 'проигрыш',
  calendarPlayed: 'начата',
  calendarNone: 'не сыграна',
  previousMonth: 'Предыдущий месяц',
  nextMonth: 'Следующий месяц',
  exportStats: 'Сохранить в файл…',
  importStats: 'Загрузить из файла…',
  importDone: 'Статистика загружена.',
  importBad: 'Это не файл статистики этой игры или он повреждён; ничего не изменено.',
  importNewer: 'Файл статистики записан более новой версией приложения; ничего не изменено.',
  importTooLarge: 'Файл слишком велик для файла статистики; ничего не изменено.',
  none: '—',
  settingsTitle: 'Настройки',
  tapToMove: 'Ход касанием',
  tapToMoveHelp: 'Если выключено, карты двигаются только перетаскиванием.',
  autoCollect: 'Автосбор в базы',
  autoOff: 'Выкл.',
  autoSafe: 'Безопасный',
  autoAll: 'Все карты',
  speed: 'Анимация',
  speedOff: 'Выкл.',
  speedSlow: 'Медленно',
  speedNormal: 'Обычно',
  speedFast: 'Быстро',
  sound: 'Звук',
  cardBack: 'Рубашка',
  backBlue: 'Синяя',
  backRed: 'Красная',
  fourColour: 'Четырёхцветная колода',
  leftHanded: 'Для левши',
  confirmAbandon: 'Спрашивать, прежде чем бросить игру',
  showClock: 'Показывать время',
  showMoves: 'Показывать счётчик ходов',
  language: 'Язык',
  rulesTitle: 'Правила: {game}',
  feltUp: 'Вверх',
  feltDown: 'Вниз',
  moveDeal: 'Сдать из колоды',
  moveDiscard: 'Сбросить {card}',
  moveTo: '{card} — {pile}',
  moveOnto: '{card} на {onto}',
  pileFoundation: 'в базу',
  pileUp: 'в восходящую базу',
  pileDown: 'в нисходящую базу',
  pileTableau: 'на пустое место',
  pileReserve: 'в резерв',
  pileWaste: 'в отбой',
  pileStock: 'в колоду',
  pileDiscard: 'в сброс',
  pileRow: 'в ряд',
  hint: 'Подсказка',
  thinking: 'Думаю…',
  hintNotProven: 'Не доказано: лучший ход по оценке самой игры.',
  hintNothing: 'Подсказать нечего.',
  lostTitle: 'Отсюда не выиграть',
  lostSearching: 'Ищу среди ваших ходов последнюю позицию, из которой ещё можно выиграть…',
  lostMove: 'Проигрышный ход: {move} (ход {n}).',
  lostRewind: '«Назад к победной» отменит {steps} до последней позиции, которую решатель доказал выигрышной.',
  lostFromStart: 'Эту раздачу нельзя разложить с самого начала.',
  lostNoProof: 'Решатель не смог доказать, что более ранняя позиция выигрышна, в пределах своего бюджета.',
  rewind: 'Назад к победной',
  solve: 'Смотреть решение',
  solveFailed: 'Решатель не нашёл отсюда выигрышной линии в пределах бюджета.',
  solveLost: 'Решатель доказал, что отсюда выигрыша нет.',
  analysis: 'Какие ходы сохраняют победу',
  analysisTotal: '{n} из {total} ходов сохраняют победу',
  analysisWinning: 'выигрывает',
  analysisLosing: 'проигрывает',
  analysisUnknown: 'не решено',
  analysisChecking: 'проверяю…',
  verdictWinnable: 'можно выиграть',
  verdictLost: 'выиграть нельзя',
  verdictChecking: 'проверяю…',
  showVerdict: 'Показывать, можно ли ещё выиграть',
  autoSolver: 'Без потери победы (решатель)',
  play: 'Пуск',
  pause: 'Пауза',
  stepBack: 'Шаг назад',
  stepForward: 'Шаг вперёд',
  timeline: 'Ход решения',
  replaySpeed: 'Скорость показа',
  problemSaveCorrupt: 'Сохранённую игру «{game}» не удалось прочитать, поэтому начата новая раздача. Статистика сохранена.',
  problemSaveVersion: 'Сохранённая игра «{game}» записана более новой версией приложения, поэтому начата новая раздача. Статистика сохранена.',
  problemStorageRefused: 'Браузер не даёт игре сохраняться: прогресс пропадёт, когда вы закроете страницу.',
  problemStorageFull: 'Хранилище браузера переполнено, игру сохранить не удалось.',
  problemStatsCorrupt: 'Статистику не удалось прочитать; копия сохранена, новая статистика ведётся с этого момента.',
  problemStatsVersion: 'Статистика записана более новой версией приложения; она сохранена, новая ведётся с этого момента.',
  problemSettingsBad: 'Настройки не удалось прочитать, поэтому действуют настройки по умолчанию.',
  noWinnableList: 'Для этой игры ещё нет списка решаемых раздач; вот случайная раздача.',
  routeNoGame: 'Игры «{text}» нет; вот новая раздача игры «{game}».',
  routeTooLong: 'В адресе лишние части; вот новая раздача.',
  routeBadDeal: 'Номер раздачи — целое число от 0 до {max}, а не «{text}»; вот новая раздача.',
};

/** Nouns with plural forms. */
const plurals = {
  move: { en: { one: '{n} move', other: '{n} moves' }, ru: { one: '{n} ход', few: '{n} хода', many: '{n} ходов', other: '{n} хода' } },
  card: { en: { one: '{n} card', other: '{n} cards' }, ru: { one: '{n} карта', few: '{n} карты', many: '{n} карт', other: '{n} карты' } },
  game: { en: { one: '{n} game', other: '{n} games' }, ru: { one: '{n} игра', few: '{n} игры', many: '{n} игр', other: '{n} игры' } },
} as const satisfies Record<string, Record<Language, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>>;

/** A noun with plural forms. */
export type PluralKey = keyof typeof plurals;

/** The string tables, for tests. */
export const TABLES: Record<Language, Record<StringKey, string>> = { en, ru };
/** The plural tables, for tests. */
export const PLURALS = plurals;

function fill(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all));
}

/** The strings of one language. */
export class Strings {
  /** The language. */
  readonly lang: Language;
  private readonly rules: Intl.PluralRules;

  /** Strings in `lang`. */
  constructor(lang: Language) {
    this.lang = lang;
    this.rules = new Intl.PluralRules(lang);
  }

  /** The string `key` with its `{name}` parameters filled in. */
  t(key: StringKey, params: Readonly<Record<string, string | number>> = {}): string {
    return fill(TABLES[this.lang][key], params);
  }

  /** "`n` `noun`" with the right plural form. */
  count(noun: PluralKey, n: number): string {
    const forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string } = plurals[noun][this.lang];
    return fill(forms[this.rules.select(n)] ?? forms.other, { n: n.toLocaleString(this.lang) });
  }

  /** A duration as m:ss or h:mm:ss. */
  time(ms: number): string {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600);
    const mm = Math.floor((s % 3600) / 60);
    const ss = String(s % 60).padStart(2, '0');
    return h ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
  }

  /** A month's name and year, e.g. "December 2026". */
  month(year: number, month: number): string {
    return new Intl.DateTimeFormat(this.lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
  }
}
