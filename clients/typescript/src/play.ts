// Plays one whole round of every game through the client generated from openapi.yaml (openapi-typescript types,
// openapi-fetch calls), then scores it; then sits at a table whose other seat the computer plays by itself. A
// change of the contract that breaks the client breaks `tsc` or this run.
//
//   npm ci && npm run build && CARDRULES_URL=http://localhost:8000 npm run play
import createClient from "openapi-fetch";
import { type GameId, gameId } from "./games.js";
import type { components, paths } from "./schema.js";

type State = components["schemas"]["State"];
type Move = components["schemas"]["Move"];
type Score = components["schemas"]["Score"];

const client = createClient<paths>({ baseUrl: process.env.CARDRULES_URL ?? "http://localhost:8000" });

function fail(step: string, error: unknown): never {
  throw new Error(`${step}: ${JSON.stringify(error)}`);
}

async function playRound(game: GameId, players: number, seed: number): Promise<Score> {
  const path = { game };
  const dealt = await client.POST("/v1/games/{game}/deal", { params: { path }, body: { players, seed } });
  if (!dealt.data) fail("deal", dealt.error);
  let state: State = dealt.data.state;
  let moves = 0;
  while (!state.round_over) {
    const legal = await client.POST("/v1/games/{game}/legal-moves", { params: { path }, body: { state } });
    if (!legal.data) fail("legal-moves", legal.error);
    // The first legal card (a Briscola trump exchange is listed first when allowed: play it once, to show it);
    // where no move plays a card (Briscola chiamata's auction and call), the last one listed: a pass, a call.
    const exchange = moves === 0 ? legal.data.moves.find((move: Move) => move.exchange !== undefined) : undefined;
    const move = exchange ?? legal.data.moves.find((move: Move) => move.card !== undefined) ?? legal.data.moves.at(-1);
    if (move === undefined) fail("legal-moves", legal.data);
    const played = await client.POST("/v1/games/{game}/play", { params: { path }, body: { state, move } });
    if (!played.data) fail("play", played.error);
    state = played.data.state;
    moves += 1;
  }
  const scored = await client.POST("/v1/games/{game}/score", { params: { path }, body: { state } });
  if (!scored.data) fail("score", scored.error);
  console.error(`${game}: ${players} players, seed ${seed}, ${moves} moves`);
  return scored.data;
}

const catalogue = await client.GET("/v1/games", {});
if (!catalogue.data) fail("games", catalogue.error);
const results: Record<string, Score> = {};
for (const entry of catalogue.data.games) {
  const game = gameId(entry.id);
  if (game === undefined) fail("games", `${entry.id} is not a GameId`);
  for (const players of entry.players ?? []) {
    results[`${game}/${players}`] = await playRound(game, players, 42);
  }
}

// A table that runs itself: Ana plays seat 0 with her own token; seat 1 is the computer's and moves with no call;
// a 30 s clock would play Ana's turn for her if she went silent.
async function playTable(): Promise<number> {
  const made = await client.POST("/v1/sessions", {
    body: {
      game: "briscola",
      deal: { players: 2, seed: "server" },
      seats: [{ name: "Ana" }, { computer: { level: "greedy" } }],
      clock: { move_seconds: 30, on_timeout: "computer" },
    },
  });
  if (!made.data) fail("create a table", made.error);
  const path = { id: made.data.id };
  const token = made.data.tokens.seats[0];
  let played = 0;
  for (let wait = 0; wait < 400; wait += 1) {
    const legal = await client.GET("/v1/sessions/{id}/legal-moves", {
      params: { path },
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!legal.data) fail("legal-moves", legal.error);
    if (legal.data.turn === null) return played; // the round is over
    if (legal.data.turn !== 0) {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the computer seat is thinking
      continue;
    }
    const move = legal.data.moves[0];
    if (move === undefined) fail("legal-moves", "no move listed for the seat to act");
    const moved = await client.POST("/v1/sessions/{id}/moves", {
      params: { path, header: { "If-Match": legal.response.headers.get("ETag") ?? "*" } },
      headers: { Authorization: `Bearer ${token}` },
      body: { move },
    });
    if (!moved.data) fail("move", moved.error);
    played += 1;
  }
  fail("table", "the computer seat did not move");
}

console.error(`table: Ana played ${await playTable()} moves, the computer seat the others by itself`);
console.log(JSON.stringify(results));
