// The naive depth-first capture search the engine's listing is measured against (bench/capture_listing.py):
// for each card of the hand, every subset of the table reaching its sum, found by trying "take it" and then
// "leave it" at every table card with no pruning, each listed as a move {card, capture: [...]}, plus a lay where
// the position allows one. Reads one position as JSON on stdin, lists it `warm` times (the compiler's warm-up),
// then `calls` times, and prints the moves listed.
"use strict";

function listMoves(position) {
  const table = position.table;
  const moves = [];
  for (const card of position.hand) {
    const chosen = [];
    const search = (i, remaining) => {
      if (remaining === 0) {
        if (chosen.length > 0) moves.push({ card: card.code, capture: chosen.slice() });
        return;
      }
      if (i === table.length) return;
      if (table[i].value <= remaining) {
        chosen.push(table[i].code);
        search(i + 1, remaining - table[i].value);
        chosen.pop();
      }
      search(i + 1, remaining);
    };
    if (card.rank_match) {
      for (const other of table) if (other.value === card.sum) moves.push({ card: card.code, capture: [other.code] });
    } else {
      search(0, card.sum);
    }
    if (card.lay) moves.push({ card: card.code, capture: [] });
  }
  return moves;
}

const position = JSON.parse(require("fs").readFileSync(0, "utf8"));
const warm = Number(process.argv[2]);
const calls = Number(process.argv[3]);
let listed = 0;
for (let n = 0; n < warm + calls; n++) listed = listMoves(position).length;
process.stdout.write(`${listed}\n`);
