/**
 * The in-game rules pages, in English and Russian: plain text for the rules dialog. Each page says
 * exactly what the engine in src/games/ implements; tests/app/rulesPages.test.ts checks the worked
 * examples of Aces Up and Royal Marriage against the engine.
 */
import type { GameId } from '../engine/rules.ts';

/** One section of a rules page. */
export interface RulesSection {
  /** Heading. */
  heading: string;
  /** Paragraphs (plain text, no HTML). */
  paragraphs: string[];
}

/** A rules page in one language. */
export interface RulesPage {
  /** The game's name. */
  title: string;
  /** Sections in reading order; the last one is the worked example. */
  sections: RulesSection[];
}

/** Languages of the pages. */
export type Lang = 'en' | 'ru';

const NOTATION_EN =
  'Cards are written as rank and suit: A is the ace, K the king, Q the queen, J the jack, and the other ranks are numbers; ♠ spades, ♥ hearts, ♦ diamonds, ♣ clubs.';
const NOTATION_RU =
  'Карты записаны достоинством и мастью: Т — туз, К — король, Д — дама, В — валет, остальные — числом; ♠ пики, ♥ черви, ♦ бубны, ♣ трефы.';

/** A page from its title and six sections in the fixed order. */
function page(
  title: string,
  headings: readonly [string, string, string, string, string, string],
  bodies: readonly [string[], string[], string[], string[], string[], string[]],
): RulesPage {
  return { title, sections: headings.map((heading, i) => ({ heading, paragraphs: bodies[i]! })) };
}

const EN = ['Goal', 'Layout', 'Play', 'Winning', 'Tips', 'Worked example'] as const;
const RU = ['Цель', 'Раскладка', 'Ход игры', 'Выигрыш', 'Советы', 'Разбор примера'] as const;

/** Every game's rules page in both languages. */
export const RULES_PAGES: Record<GameId, Record<Lang, RulesPage>> = {
  'aces-up': {
    en: page('Aces Up', EN, [
      ['Clear away every card except the four aces, so that each of the four piles ends up holding one ace and nothing else.'],
      [
        'One deck of 52 cards. The ace ranks high: ace, king, queen, jack, ten and so on down to the two.',
        'Deal one card face up onto each of four piles. The other 48 cards form the stock, face down. Discarded cards go to a discard pile and never come back.',
      ],
      [
        'Only the top card of each pile is in play.',
        'Discard: a top card may be discarded when the top card of another pile is of the same suit and higher. With three or four cards of one suit on top, discard them one at a time until only the highest is left. An ace can never be discarded, since no card outranks it.',
        'Only top cards count: a card of another suit, or a higher card of the same suit lying under another top card, allows no discard.',
        'Empty pile: an empty pile takes the top card of any other pile, one card at a time, even when that card is the last one of its pile. Nothing may be put on a pile that still has cards, except by a deal.',
        'Deal: whenever you choose, deal four cards from the stock, one onto each pile in turn, empty piles included. There is no redeal: once the stock is used up, only discards and moves into empty piles remain.',
      ],
      [
        'You win when the stock is empty, 48 cards are discarded and each of the four piles holds a single ace. Two aces on the same pile are not a win yet: move the upper one into an empty pile.',
        'You lose when that can no longer be reached; at the latest when the stock is empty and no card can be discarded or moved.',
      ],
      [
        'An empty pile is your most valuable resource. Move into it a card that uncovers something useful, and best of all an ace: an ace never leaves the table, so it belongs at the bottom of a pile.',
        'Every deal covers all four top cards. Make the discards and moves you want before dealing; a card covered by a new one may stay buried for a long time.',
        'An ace dealt onto a tall pile locks every card beneath it until it moves into an empty pile, so try to have a pile free for it.',
      ],
      [
        NOTATION_EN,
        'Suppose the four top cards, from left to right, are 7♠ J♠ 5♥ A♣.',
        '7♠ may be discarded: J♠ shows on another pile, and it is a higher spade.',
        '5♥ stays: no other heart shows, and J♠, although higher, is a spade. A♣ stays too: no other club shows, and since the ace ranks high there is no higher club anyway; an ace is never discarded. J♠ stays because no higher spade shows.',
        'Once 7♠ is gone its pile is empty, and J♠, 5♥ or A♣ may move into it, uncovering whatever lay beneath. Or you may deal: the empty pile gets a new card like the others.',
        'Allowed discards in the position shown: 7♠.',
      ],
    ]),
    ru: page('Тузы вверх', RU, [
      ['Убрать со стола все карты, кроме четырёх тузов, чтобы в каждой из четырёх стопок остался один туз и больше ничего.'],
      [
        'Одна колода из 52 карт. Туз — старшая карта: туз, король, дама, валет, десятка и так далее до двойки.',
        'На стол кладут четыре карты лицом вверх, каждую в свою стопку. Остальные 48 карт — закрытый запас. Удалённые карты уходят в отбой и в игру не возвращаются.',
      ],
      [
        'В игре только верхние карты стопок.',
        'Удаление. Верхнюю карту можно удалить, если на другой стопке сверху лежит карта той же масти, но старше. Если сверху видны три или четыре карты одной масти, их удаляют по одной, пока не останется только старшая. Туза удалить нельзя: старше него карт нет.',
        'Считаются только верхние карты: карта другой масти или старшая карта той же масти, закрытая другой картой, права на удаление не даёт.',
        'Пустое место. На пустую стопку можно перенести верхнюю карту любой другой стопки — всегда только одну, даже если в своей стопке она последняя. На стопку, где есть карты, ничего не кладут, кроме как при сдаче.',
        'Сдача. Когда захотите, сдайте из запаса по одной карте на каждую из четырёх стопок по порядку, включая пустые. Пересдачи нет: когда запас кончится, останутся только удаления и переносы на пустые места.',
      ],
      [
        'Пасьянс сошёлся, когда запас пуст, удалено 48 карт и в каждой из четырёх стопок лежит ровно один туз. Два туза в одной стопке — ещё не победа: переложите верхнего на пустое место.',
        'Партия проиграна, когда этого уже не достичь, — самое позднее тогда, когда запас кончился, а удалить или перенести нечего.',
      ],
      [
        'Пустое место — самый ценный ресурс. Переносите на него карту, под которой лежит что-то полезное, а лучше всего туза: туз никогда не покидает стол, и его место — в самом низу стопки.',
        'Каждая сдача закрывает все четыре верхние карты. Сделайте нужные удаления и переносы до сдачи: карта, закрытая новой, может надолго остаться погребённой.',
        'Туз, сданный на высокую стопку, запирает все карты под собой, пока его не перенесут на пустое место, поэтому старайтесь держать для него стопку свободной.',
      ],
      [
        NOTATION_RU,
        'Пусть верхние карты стопок слева направо — 7♠ В♠ 5♥ Т♣.',
        '7♠ можно удалить: на другой стопке открыт В♠, старшая карта той же масти.',
        '5♥ остаётся: других червей сверху нет, а В♠ хоть и старше, но другой масти. Т♣ тоже остаётся: других треф сверху нет, а туз — старшая карта, так что трефовой карты старше него не бывает; к тому же туза не удаляют никогда. В♠ остаётся, потому что пиковой карты старше него сверху нет.',
        'После удаления 7♠ её стопка пустеет, и на это место можно перенести В♠, 5♥ или Т♣, открыв то, что лежало под перенесённой картой. А можно сдать: пустая стопка получит новую карту наравне с остальными.',
        'В показанной позиции можно удалить: 7♠.',
      ],
    ]),
  },

  australian: {
    en: page('Australian Patience', EN, [
      ['Move all 52 cards to the four foundations, each built up in one suit from the ace to the king.'],
      [
        'One deck of 52 cards. Deal seven columns of four cards, all face up, so the whole table is visible from the first move.',
        'The other 24 cards form the stock. The waste and the four foundations start empty.',
      ],
      [
        'Turn the stock one card at a time onto the waste. The stock goes through only once: there is no redeal. Only the top card of the waste is in play.',
        'Foundations start with the aces and build up by suit: the two on the ace, the three on the two, and so on up to the king. The top card of a column or of the waste may go there.',
        'Columns build down in the same suit: the seven of spades goes on the eight of spades, the jack of hearts on the queen of hearts.',
        'Any card in a column may be picked up together with all the cards lying on it, whatever their order. Only the card you pick up has to fit where it lands.',
        'An empty column takes only a king, alone or with the cards lying on it.',
        'The top card of a foundation may come back to a column under the same rules.',
      ],
      [
        'You win when all 52 cards are on the foundations.',
        'You lose when that can no longer be done, for instance when the stock is spent and a card you need is buried under cards that have nowhere to go. If no legal move is left at all, the game is over.',
      ],
      [
        'The stock goes through only once, so do not turn the next card out of habit. Make the useful moves on the table first: the waste card may then find a place it did not have before.',
        'Look for low cards buried under higher cards of their own suit. A two under the king of its suit can only be reached by moving the whole column, and the king may go only to an empty column.',
        'Building by suit is tight: in the columns each card has just one place to go, on the next higher card of its suit. Before moving a group, check that it will not cover a card you soon need.',
      ],
      [
        NOTATION_EN,
        'Suppose the first column holds, from bottom to top, 9♥ 7♠ 2♦ Q♣; the second column ends with 8♠, the third with 8♥, and the fourth is empty.',
        '7♠ fits on 8♠: the same suit, one rank lower. So you may pick up 7♠ together with 2♦ and Q♣ lying on it and put all three on 8♠. Neither 2♦ nor Q♣ has to fit anything.',
        '7♠ may not go on 8♥, because the suits differ. Nor may 9♥ go, with the cards on it, into the empty fourth column: only a king may start an empty column.',
        'After the move the first column ends with 9♥, and 8♥ may follow onto it from the third column.',
      ],
    ]),
    ru: page('Австралийский пасьянс', RU, [
      ['Переложить все 52 карты в четыре дома, каждый — одной масти, от туза до короля.'],
      [
        'Одна колода из 52 карт. На стол выкладывают семь столбцов по четыре карты, все лицом вверх, так что весь расклад виден с первого хода.',
        'Остальные 24 карты — колода. Сброс и четыре дома в начале пусты.',
      ],
      [
        'Колоду открывают в сброс по одной карте. Её проходят только один раз, пересдачи нет. В игре только верхняя карта сброса.',
        'Дом начинают с туза и собирают вверх по масти: на туза — двойку, на двойку — тройку и так до короля. В дом идёт верхняя карта столбца или сброса.',
        'В столбце карту кладут на карту той же масти на ранг выше: семёрку пик — на восьмёрку пик, валета червей — на даму червей.',
        'Из столбца можно взять любую карту вместе со всеми картами, что лежат на ней, в каком бы порядке они ни лежали. Подходить к новому месту должна только та карта, которую берут.',
        'Пустой столбец занимают только королём — одним или вместе с картами, лежащими на нём.',
        'Верхнюю карту дома можно вернуть в столбец по тем же правилам.',
      ],
      [
        'Пасьянс сошёлся, когда все 52 карты лежат в домах.',
        'Партия проиграна, когда этого уже не добиться: например, колода кончилась, а нужная карта погребена под картами, которым некуда уйти. Если ходов не осталось совсем, игра окончена.',
      ],
      [
        'Колоду проходят один раз, поэтому не открывайте следующую карту по привычке. Сначала сделайте полезные ходы на столе: возможно, карта из сброса найдёт место, которого раньше не было.',
        'Ищите младшие карты, придавленные старшими картами своей же масти. До двойки под королём той же масти можно добраться, только передвинув весь столбец, а король идёт лишь в пустой столбец.',
        'Построение по масти тесное: в столбцах у каждой карты ровно одно место — на следующей по старшинству карте своей масти. Прежде чем переносить стопку карт, проверьте, не закроет ли она карту, которая скоро понадобится.',
      ],
      [
        NOTATION_RU,
        'Пусть в первом столбце снизу вверх лежат 9♥ 7♠ 2♦ Д♣, второй столбец заканчивается 8♠, третий — 8♥, а четвёртый пуст.',
        '7♠ подходит к 8♠: та же масть, на ранг ниже. Значит, можно взять 7♠ вместе с лежащими на ней 2♦ и Д♣ и переложить все три карты на 8♠. Сами 2♦ и Д♣ ни к чему подходить не обязаны.',
        'На 8♥ семёрку пик класть нельзя: масти разные. Нельзя и перенести 9♥ с лежащими на ней картами в пустой четвёртый столбец: пустой столбец занимают только королём.',
        'После переноса первый столбец заканчивается 9♥, и на неё можно переложить 8♥ из третьего столбца.',
      ],
    ]),
  },

  'aces-and-kings': {
    en: page('Aces and Kings', EN, [
      ['Move all 104 cards of two decks to eight foundations: four build up from the ace to the king, four build down from the king to the ace. Suits do not matter.'],
      [
        'Two decks shuffled together, 104 cards. Deal two reserves of 13 cards each, face up; only the top card of a reserve is in play.',
        'Then deal four tableau piles of one card each and turn one card onto the waste. The remaining 73 cards form the stock. The eight foundations start empty.',
      ],
      [
        'An up foundation starts with any ace and takes the next higher rank in any suit, up to the king. A down foundation starts with any king and takes the next lower rank, down to the ace.',
        'The cards in play are the top card of each reserve, the top card of the waste and the card of each tableau pile. Each of them goes to a foundation (or, once the stock is empty, into an empty tableau pile, as described below). Nothing is ever put on a reserve, and nothing is built on a tableau pile.',
        'The top card of a foundation may move, one card at a time, to a foundation building the other way that accepts it.',
        'Turn the stock one card at a time onto the waste. It goes through only once; there is no redeal.',
        'While the stock has cards, a tableau pile that empties is refilled at once with the next stock card. Once the stock is empty, an empty tableau pile takes any one card: the top card of the waste, of a reserve or of a foundation. A card never moves from one tableau pile to another.',
      ],
      [
        'You win when all 104 cards are on the foundations.',
        'You have reached a dead end, and lost, when the stock is empty, no sequence of moves can take another card off a reserve or the waste, and moving cards between the foundations and the empty tableau piles cannot finish the game either.',
      ],
      [
        'Passing a card from an up foundation to a down one, or back, changes what both piles want next. It is the key trick of the game and often the only way to reach a card that is stuck.',
        'Keep the reserves moving. Only their top cards play, so a card needed soon but lying deep in a reserve can hold a foundation back for the whole game.',
        'Think before turning the stock: every waste card that no foundation wants buries the ones below it. Playing a tableau card to a foundation costs nothing, since the stock refills the pile at once.',
      ],
      [
        NOTATION_EN,
        'Suppose a reserve shows 7♣ on top. Two up foundations show 5♦ and 8♥ (the other two are still empty), and one down foundation shows 9♠ (the other three are empty).',
        '7♣ has nowhere to go: the up foundations want a 6 or a 9, the down foundation wants an 8, and the empty foundations take only an ace or a king.',
        'But 8♥ may move from its up foundation onto 9♠: a down foundation takes the next lower rank, whatever the suit. Now the down foundation wants a 7, and 7♣ may follow from the reserve.',
        'The up foundation that gave away 8♥ now wants an 8 again.',
      ],
    ]),
    ru: page('Тузы и короли', RU, [
      ['Переложить все 104 карты двух колод на восемь баз: четыре строятся вверх от туза до короля, четыре — вниз от короля до туза. Масть значения не имеет.'],
      [
        'Две колоды перемешаны вместе, всего 104 карты. Выкладывают два запаса по 13 карт лицом вверх; в игре только верхняя карта запаса.',
        'Затем кладут четыре стопки по одной карте и открывают одну карту в отбой. Оставшиеся 73 карты составляют колоду. Все восемь баз в начале пусты.',
      ],
      [
        'Восходящую базу начинают с любого туза и кладут на неё карту на ранг выше любой масти — до короля. Нисходящую базу начинают с любого короля и кладут на неё карту на ранг ниже — до туза.',
        'В игре верхняя карта каждого запаса, верхняя карта отбоя и карта каждой стопки. Каждая из них идёт на базу (а когда колода кончилась, ещё и на пустую стопку, об этом ниже). На запас ничего не кладут, на стопках ничего не строят.',
        'Верхнюю карту базы можно перенести, по одной карте за раз, на базу, которая строится в другую сторону и принимает её.',
        'Колоду открывают в отбой по одной карте и проходят только один раз, пересдачи нет.',
        'Пока в колоде есть карты, опустевшую стопку сразу занимает следующая карта колоды. Когда колода кончилась, на пустую стопку можно положить любую одну карту: верхнюю карту отбоя, запаса или базы. Со стопки на стопку карты не переходят.',
      ],
      [
        'Пасьянс сошёлся, когда все 104 карты лежат на базах.',
        'Партия проиграна, когда она зашла в тупик: колода кончилась, никакой последовательностью ходов уже не снять ни одной карты с запаса или из отбоя, а перекладывание карт между базами и пустыми стопками тоже не может закончить пасьянс.',
      ],
      [
        'Перенос карты с восходящей базы на нисходящую или обратно меняет то, чего ждут обе базы. Это главный приём игры и часто единственный способ добраться до застрявшей карты.',
        'Разбирайте запасы постоянно. Играют только их верхние карты, и нужная карта в глубине запаса способна задержать базу до конца партии.',
        'Прежде чем открыть колоду, подумайте: каждая карта в отбое, которую не берёт ни одна база, закрывает те, что под ней. А убрать карту со стопки на базу ничего не стоит — колода тут же займёт освободившееся место.',
      ],
      [
        NOTATION_RU,
        'Пусть сверху запаса лежит 7♣. На двух восходящих базах лежат 5♦ и 8♥ (две другие ещё пусты), на одной нисходящей — 9♠ (три другие пусты).',
        'Семёрке треф некуда идти: восходящие базы ждут шестёрку и девятку, нисходящая — восьмёрку, а пустые базы принимают только туза или короля.',
        'Зато 8♥ можно перенести с восходящей базы на 9♠: нисходящая база берёт карту на ранг ниже любой масти. Теперь нисходящая база ждёт семёрку, и 7♣ переходит на неё из запаса.',
        'Восходящая база, отдавшая 8♥, снова ждёт восьмёрку.',
      ],
    ]),
  },

  'king-albert': {
    en: page('King Albert', EN, [
      ['Move all 52 cards to the four foundations, each built up in one suit from the ace to the king.'],
      [
        'One deck of 52 cards, all face up. Deal nine columns of 1, 2, 3 and so on up to 9 cards, 45 cards in all.',
        'The other 7 cards go in a row below the columns: this is the reserve. Leave room for the four foundations.',
      ],
      [
        'Foundations start with the aces and build up by suit to the king.',
        'Columns build down in alternating colours: a red three on a black four, a black ten on a red jack.',
        'Only one card moves at a time; a run of cards never moves as a whole.',
        'The top card of a column may go to a foundation, onto the top card of another column, or into an empty column.',
        'Every reserve card is in play in the same way: to a foundation, onto a column or into an empty column. Nothing is ever put on the reserve, and a reserve place that empties stays empty.',
        'An empty column takes any card in play, not only a king.',
        'Cards on the foundations stay there.',
      ],
      [
        'You win when all 52 cards are on the foundations.',
        'You lose when you are stuck: no card can move any more, or only back and forth without getting anywhere.',
      ],
      [
        'The reserve cards can be reached at any time. Do not rush them onto columns where they may be covered; play them when they really help.',
        'An empty column is worth a lot. Use it for a card that uncovers something important, such as a low card that its foundation is waiting for.',
        'Since cards move one at a time, a long run in a column is hard to shift. Before building one, make sure it does not sit on a card you will need.',
      ],
      [
        NOTATION_EN,
        'Suppose the first column ends with 9♣, the second with 10♥, one column is empty, and the reserve includes 8♦ and 8♠.',
        '8♦ may go from the reserve onto 9♣: red on black, one rank lower.',
        '8♠ may not go onto 9♣, since both are black. It may go into the empty column, though: an empty column takes any card.',
        '9♣ may go onto 10♥ as things stand. Once 8♦ lies on it, it may not: only one card moves at a time, so 8♦ would have to leave first.',
      ],
    ]),
    ru: page('Король Альберт', RU, [
      ['Переложить все 52 карты в четыре базовые стопки, каждую — одной масти, от туза до короля.'],
      [
        'Одна колода из 52 карт, все карты лежат лицом вверх. Выкладывают девять колонок: в первой одна карта, во второй две и так далее до девяти — всего 45 карт.',
        'Остальные 7 карт кладут в ряд под колонками — это резерв. Оставьте место для четырёх базовых стопок.',
      ],
      [
        'Базовые стопки начинают с тузов и собирают вверх по масти до короля.',
        'В колонках карты кладут по убыванию с чередованием цвета: красную тройку на чёрную четвёрку, чёрную десятку на красного валета.',
        'За один ход переносят только одну карту; последовательность целиком не передвигают.',
        'Верхнюю карту колонки можно положить в базовую стопку, на верхнюю карту другой колонки или в пустую колонку.',
        'Любую карту резерва можно так же переложить в базовую стопку, на колонку или в пустую колонку. На резерв ничего не кладут, и освободившееся место в нём остаётся пустым.',
        'Пустую колонку можно занять любой доступной картой, а не только королём.',
        'Карты из базовых стопок не возвращаются.',
      ],
      [
        'Пасьянс сошёлся, когда все 52 карты лежат в базовых стопках.',
        'Партия проиграна, если вы застряли: ни одну карту больше нельзя передвинуть или остаются лишь ходы туда и обратно, которые ни к чему не ведут.',
      ],
      [
        'Карты резерва доступны в любой момент. Не спешите выкладывать их на колонки, где их могут закрыть: играйте ими тогда, когда это действительно помогает.',
        'Пустая колонка очень ценна. Кладите в неё карту, которая открывает что-то важное, например младшую карту, которую уже ждёт базовая стопка.',
        'Карты переносят только по одной, поэтому длинную последовательность в колонке сдвинуть трудно. Прежде чем её строить, убедитесь, что под ней нет нужной карты.',
      ],
      [
        NOTATION_RU,
        'Пусть первая колонка заканчивается 9♣, вторая — 10♥, одна колонка пуста, а в резерве есть 8♦ и 8♠.',
        '8♦ можно переложить из резерва на 9♣: красная карта на чёрную, на ранг ниже.',
        '8♠ на 9♣ положить нельзя: обе карты чёрные. Зато её можно положить в пустую колонку — туда идёт любая карта.',
        '9♣ сейчас можно перенести на 10♥. Но когда на ней лежит 8♦, уже нельзя: карты ходят по одной, и сначала пришлось бы убрать 8♦.',
      ],
    ]),
  },

  'streets-and-alleys': {
    en: page('Streets and Alleys', EN, [
      ['Move all 52 cards to the four foundations in the main street, each built up in one suit from the ace to the king.'],
      [
        'One deck of 52 cards, all face up, in eight rows: four rows of 7 cards to the left of the main street and four rows of 6 cards to the right.',
        'The main street runs between them; the four foundations will lie there. Each row starts at the street and runs outwards, like an alley.',
      ],
      [
        'Only the outer card of each row, the one farthest from the street, is in play. When it leaves, the card next to it becomes the outer card.',
        'An outer card may be moved onto the outer card of another row that is one rank higher. Suits and colours do not matter: any seven goes on any eight.',
        'Only one card moves at a time, never a run.',
        'A row that has been emptied takes any card in play.',
        'An ace that becomes an outer card may go to the main street and start a foundation, which then builds up in its suit to the king. Cards on the foundations stay there.',
      ],
      [
        'You win when all 52 cards are on the foundations.',
        'You lose when you are stuck: no card can move any more, or only back and forth without getting anywhere.',
      ],
      [
        'Empty rows are what make long moves possible. Runs move one card at a time, so shifting several cards needs free places to park them.',
        'A king can go only into an empty row or, in the end, to its foundation, since no card ranks above it. A king at the outer end of a row locks every card behind it until a row is free.',
        'Dig out the low cards of each suit early: a foundation cannot grow while its two or three is stuck deep in a row.',
      ],
      [
        NOTATION_EN,
        'Suppose the first row ends in 6♦ with 4♣ next to it, nearer the street; the second row ends in 7♠, the third in 7♥ and the fourth in 8♣.',
        '6♦ may go onto 7♠ or onto 7♥: only the rank counts, and both sevens are one rank higher.',
        '6♦ may not go onto 8♣, which is two ranks higher. And 4♣ cannot move at all until 6♦ has left.',
        'To build 8♣ 7♠ 6♦, first move 7♠ onto 8♣, then 6♦ onto 7♠: runs grow one card at a time.',
      ],
    ]),
    ru: page('Улицы и переулки', RU, [
      ['Переложить все 52 карты на «Главную улицу», в четыре базы, каждую — одной масти, от туза до короля.'],
      [
        'Одна колода из 52 карт, все карты лицом вверх, в восемь рядов: слева от «Главной улицы» четыре ряда по 7 карт, справа — четыре ряда по 6 карт.',
        '«Главная улица» проходит между ними, на ней будут лежать четыре базы. Каждый ряд начинается у улицы и уходит от неё в сторону, как переулок.',
      ],
      [
        'В игре только внешняя карта каждого ряда — самая дальняя от улицы. Когда она уходит, внешней становится следующая.',
        'Внешнюю карту можно положить на внешнюю карту другого ряда, если та на ранг выше. Масть и цвет не важны: любую семёрку можно класть на любую восьмёрку.',
        'За один ход переносят одну карту, последовательности целиком не передвигают.',
        'В опустевший ряд можно положить любую доступную карту.',
        'Туза, ставшего внешней картой, можно отправить на «Главную улицу»: с него начинается база, которую собирают вверх по его масти до короля. Карты с баз не возвращаются.',
      ],
      [
        'Пасьянс сошёлся, когда все 52 карты лежат на базах.',
        'Партия проиграна, если вы застряли: ни одну карту больше нельзя передвинуть или остаются лишь ходы туда и обратно, которые ни к чему не ведут.',
      ],
      [
        'Пустые ряды — главный ресурс. Карты переносят по одной, и чтобы передвинуть несколько карт, их нужно где-то разместить.',
        'Короля можно положить только в пустой ряд или, в конце, на базу: старше него карт нет. Король на краю ряда запирает все карты за собой, пока не освободится какой-нибудь ряд.',
        'Вытаскивайте младшие карты каждой масти пораньше: база не растёт, пока её двойка или тройка застряла в глубине ряда.',
      ],
      [
        NOTATION_RU,
        'Пусть первый ряд заканчивается 6♦, а перед ней, ближе к улице, лежит 4♣; второй ряд заканчивается 7♠, третий — 7♥, четвёртый — 8♣.',
        '6♦ можно положить и на 7♠, и на 7♥: важен только ранг, а обе семёрки на ранг выше.',
        'На 8♣ класть 6♦ нельзя: восьмёрка выше на два ранга. А 4♣ вообще не может двигаться, пока 6♦ не уйдёт.',
        'Чтобы собрать 8♣ 7♠ 6♦, сначала кладут 7♠ на 8♣, затем 6♦ на 7♠: последовательность растёт по одной карте.',
      ],
    ]),
  },

  'royal-marriage': {
    en: page('Royal Marriage', EN, [
      ['Bring the queen and the king of hearts together: clear away every other card, so that only the two of them are left in the row, side by side.'],
      [
        'One deck of 52 cards. Take out the queen and the king of hearts and shuffle the other 50. Put the queen on top of the stock and the king at the bottom, so that the queen is dealt first and the king last.',
        'Lay the queen face up and, to her right, the next four cards in a row. The other 47 cards, the king at the bottom, stay in the stock.',
      ],
      [
        'Discard: whenever two cards of the same suit have exactly one or exactly two cards between them, you may discard what lies between them, both cards at once when there are two. They go even if they are of that suit too. The cards to the right then close up to the left.',
        'Discards are optional, and you make them in any order you like.',
        'Deal: at any time, deal the next stock card onto the right end of the row.',
        'The queen stays at the left end and the king, once dealt, at the right end. Neither ever lies between two cards, so neither is ever discarded.',
        'Variant "same-rank pairs" (off unless you switch it on): two cards of the same rank frame a discard too, just like two cards of the same suit.',
      ],
      [
        'You win when the stock is empty and only the queen and the king of hearts are left in the row.',
        'You lose when the stock is empty and no discard is left.',
      ],
      [
        'Hearts near the queen are precious: a heart in the second or third place to her right lets you clear everything between them.',
        'Do not discard on sight. A card you remove might have framed a bigger discard later, and sometimes waiting for the next card pays off.',
        'Before discarding, picture the row after it closes up: the new neighbours may frame another discard, as in the example below.',
      ],
      [
        NOTATION_EN,
        'Suppose the row reads Q♥ 2♣ 4♥ 5♠ 2♥.',
        '2♣ may go: it lies alone between two hearts, Q♥ and 4♥. 5♠ may go as well: it lies alone between 4♥ and 2♥.',
        '4♥ may not go yet: its neighbours 2♣ and 5♠ are of different suits. Q♥ and 2♥ are both hearts, but three cards lie between them, one too many.',
        'Discard 2♣ and the row closes up to Q♥ 4♥ 5♠ 2♥. Now exactly two cards lie between Q♥ and 2♥, so 4♥ and 5♠ may go together, although 4♥ is a heart, leaving Q♥ 2♥. Starting with 5♠ instead gives Q♥ 2♣ 4♥ 2♥. Then 2♣ and 4♥ may go together, or one at a time: first 2♣ (still between Q♥ and 4♥), then 4♥ (between Q♥ and 2♥). Every way ends with Q♥ 2♥.',
        'Allowed discards in the row shown: 2♣ or 5♠.',
        'With same-rank pairs switched on, the two twos 2♣ and 2♥ frame a discard as well: 4♥ and 5♠, which lie between them, may go at once, leaving Q♥ 2♣ 2♥.',
        'Allowed discards in the row shown with same-rank pairs: 2♣, 5♠ or 4♥ 5♠.',
      ],
    ]),
    ru: page('Королевская свадьба', RU, [
      ['Соединить даму и короля червей: убрать все остальные карты, чтобы в ряду остались только они, рядом друг с другом.'],
      [
        'Одна колода из 52 карт. Даму и короля червей вынимают, остальные 50 карт тасуют. Даму кладут на колоду сверху, короля — в самый низ, так что дама выходит первой, а король последним.',
        'Даму кладут на стол лицом вверх, а справа от неё в ряд — следующие четыре карты. Остальные 47 карт, с королём в самом низу, остаются в колоде.',
      ],
      [
        'Если между двумя картами одной масти лежит ровно одна или ровно две карты, эти промежуточные карты можно убрать — обе сразу, если их две. Их убирают, даже если они той же масти. Карты справа сдвигаются влево, и ряд смыкается.',
        'Убирать карты не обязательно, и порядок вы выбираете сами.',
        'В любой момент можно выложить следующую карту колоды на правый конец ряда.',
        'Дама всегда остаётся у левого края, а король, когда выйдет, — у правого. Ни один из них не оказывается между двумя картами, поэтому их никогда не убирают.',
        'Вариант «пары по достоинству» (по умолчанию выключен): карты между двумя картами одного достоинства тоже можно убрать — так же, как между картами одной масти.',
      ],
      [
        'Пасьянс сошёлся, когда колода пуста и в ряду остались только дама и король червей.',
        'Партия проиграна, когда колода пуста, а убрать больше нечего.',
      ],
      [
        'Червовые карты рядом с дамой особенно ценны: червовая карта на втором или третьем месте справа от неё позволяет убрать всё, что лежит между ними.',
        'Не убирайте карты, едва это станет возможным. Убранная карта могла бы позже составить пару, которая позволит убрать больше карт, и иногда выгоднее дождаться следующей карты.',
        'Прежде чем убирать, представьте, как сомкнётся ряд: новые соседи могут составить ещё одну пару, как в примере ниже.',
      ],
      [
        NOTATION_RU,
        'Пусть ряд такой: Д♥ 2♣ 4♥ 5♠ 2♥.',
        '2♣ можно убрать: она лежит одна между двумя червовыми картами, Д♥ и 4♥. 5♠ тоже можно убрать: она лежит одна между 4♥ и 2♥.',
        '4♥ пока убрать нельзя: её соседи 2♣ и 5♠ разных мастей. Д♥ и 2♥ обе червовые, но между ними три карты — на одну больше, чем можно.',
        'Уберите 2♣, и ряд сомкнётся: Д♥ 4♥ 5♠ 2♥. Теперь между Д♥ и 2♥ ровно две карты, и 4♥ с 5♠ можно убрать вместе, хотя 4♥ тоже червовая; останутся Д♥ 2♥. Если начать с 5♠, получится Д♥ 2♣ 4♥ 2♥. Тогда 2♣ и 4♥ можно убрать вместе, а можно по одной: сначала 2♣ (она по-прежнему между Д♥ и 4♥), потом 4♥ (между Д♥ и 2♥). Любой путь ведёт к Д♥ 2♥.',
        'В показанном ряду можно убрать: 2♣ или 5♠.',
        'Если включены пары по достоинству, парой считаются и две двойки, 2♣ и 2♥: лежащие между ними 4♥ и 5♠ можно убрать сразу, и останется Д♥ 2♣ 2♥.',
        'В показанном ряду с парами по достоинству можно убрать: 2♣, 5♠ или 4♥ 5♠.',
      ],
    ]),
  },
};
