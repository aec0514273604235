// Card codes ("7H", "TS", "KC"), their spoken names and their pictures.
// The page never decides a rule: this module only names and draws what the server sent.

const RANKS = "A23456789TJQK";
const RANK_NAMES = [
  "ace", "two", "three", "four", "five", "six", "seven",
  "eight", "nine", "ten", "jack", "queen", "king",
];
const SUITS = "CDHS";
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];
const SUIT_SYMBOLS = ["♣", "♦", "♥", "♠"];

export const DECKS = { classic: "classic", fourColour: "four-colour" };

/** Is `code` one of the 52 card codes? */
export function isCardCode(code) {
  return typeof code === "string" && code.length === 2 &&
    RANKS.includes(code[0]) && SUITS.includes(code[1]);
}

/** "7H" -> "seven of hearts" (the accessible name of a card). */
export function cardName(code) {
  if (!isCardCode(code)) return String(code);
  return `${RANK_NAMES[RANKS.indexOf(code[0])]} of ${SUIT_NAMES[SUITS.indexOf(code[1])]}`;
}

/** "H" -> "hearts". */
export function suitName(letter) {
  return SUIT_NAMES[SUITS.indexOf(letter)] ?? letter;
}

/** "H" -> "♥". */
export function suitSymbol(letter) {
  return SUIT_SYMBOLS[SUITS.indexOf(letter)] ?? letter;
}

/** The suit letter of a card code. */
export function suitOf(code) {
  return code[1];
}

/** The picture of a face-up card in one of the DECKS. */
export function faceUrl(code, deck = DECKS.classic) {
  return `/static/cards/${deck}/${code}.svg`;
}

/** Read a move in notation: {card: "7H", column: 4} (column from 0), or {deal: true}. */
export function parseMove(text) {
  if (text === "deal") return { deal: true };
  const match = /^([A2-9TJQK][CDHS])-([1-7])$/.exec(text);
  if (!match) return null;
  return { card: match[1], column: Number(match[2]) - 1 };
}

/** A move in words: "seven of hearts to column 5", "deal the stock". */
export function describeMove(text) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) return "deal the stock";
  return `${cardName(move.card)} to column ${move.column + 1}`;
}
