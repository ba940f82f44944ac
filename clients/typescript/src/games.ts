// The games of the spec's GameId, each under its own name: a game the spec adds or drops fails `tsc` here. A name
// from elsewhere (a command line; the catalogue, whose `id` the spec types as a plain string) becomes a GameId by
// finding it among them, with no cast.
import type { components } from "./schema.js";

export type GameId = components["schemas"]["GameId"];

const GAMES: { [Name in GameId]: Name } = {
  scopa: "scopa",
  scopone: "scopone",
  escoba: "escoba",
  briscola: "briscola",
  brisca: "brisca",
  tressette: "tressette",
  cirulla: "cirulla",
  briscola_chiamata: "briscola_chiamata",
};

export function gameId(name: string): GameId | undefined {
  return Object.values(GAMES).find((known) => known === name);
}
