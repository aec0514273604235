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

/**
 * Read a move in notation: {card: "7H", column: 4} (column from 0), {card: "7H", cell: 0}
 * ("7H-f1": free cell 1, from 0), or {deal: true}.
 */
export function parseMove(text) {
  if (text === "deal") return { deal: true };
  const match = /^([A2-9TJQK][CDHS])-(?:([1-9]|10)|f([1-9]))$/.exec(text);
  if (!match) return null;
  if (match[3]) return { card: match[1], cell: Number(match[3]) - 1 };
  return { card: match[1], column: Number(match[2]) - 1 };
}

/** A move in words: "seven of hearts to column 5", "... to free cell 1", "deal the stock". */
export function describeMove(text) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) return "deal the stock";
  if (move.cell !== undefined) return `${cardName(move.card)} to free cell ${move.cell + 1}`;
  return `${cardName(move.card)} to column ${move.column + 1}`;
}

/** The King that heads a removed run: "H" -> "KH"; a run in alternate colours
 * ("KS.QH....AC") -> its first card. */
export function runKing(run) {
  return run.length === 1 ? `K${run}` : run.slice(0, 2);
}

/** A removed run in words: "of hearts", "in alternate colours from the king of spades". */
export function runWords(run) {
  if (run.length === 1) return `of ${suitName(run)}`;
  return `in alternate colours from the ${cardName(run.slice(0, 2))}`;
}

/** Does the removed run `run` hold the card `code`? */
export function runHolds(run, code) {
  return run.length === 1 ? code[1] === run : run.split(".").includes(code);
}
