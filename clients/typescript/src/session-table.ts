// A sealed table through the generated client: each seat on its own token, following the table's event stream.
//
//   npm ci && npm run build
//   node dist/session-table.js briscola 2 --url http://localhost:8000   (or CARDRULES_URL=...)
//
// The host creates a table the service deals from a seed it draws ("seed": "server"): the table is sealed, so no
// token, the host's included, reads a card before it is played face up, and the service commits to the seed before
// the first card. The host keeps the owner token and hands each seat its own seat token, and nothing else. Then one
// player per seat, concurrently, each with a client of its own that holds only that token:
//
// 1. follows the table's Server-Sent Events stream (GET /v1/sessions/{id}/events, Accept: text/event-stream); a
//    message carrying `id:` means that version is complete, and the seat reads the events it has not seen through
//    the typed events page (`?after=` the last version it read: the same events, typed by the spec; see below),
// 2. asks its legal moves (`turn` says who acts); on its turn it reads its view and plays one of them
//    (POST .../moves with If-Match: the ETag of the legal moves it chose from; a 412 means the table moved on,
//    and the stream rings for the version that did),
// 3. stops once it read the round's `round_over` event, with the score, and verifies the round on its own (its
//    view reveals the seed; `replay` deals the round again from it and plays the moves its events named).
//
// The host then reads the revealed seed and deletes the table (at once when a seat fails: that ends every other
// seat's stream). The script prints a JSON summary on stdout: per seat, the moves it made, its hand at each of its
// turns, the final score it saw, what its replay found and the events it read.
//
// Why the page: openapi-typescript generates types, not decoders. The stream's `data:` is JSON text, and turning
// it into the spec's Event type would take a cast (JSON.parse answers `any`); the events page is the same events
// as JSON that openapi-fetch types from the spec. So the stream says when (each message typed as the spec's
// text/event-stream message), the page says what. Everything is a call of the generated client: the stream too,
// with openapi-fetch's `parseAs: "stream"`.
import { isDeepStrictEqual, parseArgs } from "node:util";
import createClient, { type Client } from "openapi-fetch";
import { type GameId, gameId } from "./games.js";
import type { components, paths } from "./schema.js";

// The spec's Event is a union of one schema per event type, discriminated by `type`: checking `type` narrows an
// event to its own schema's fields.
type Event = components["schemas"]["Event"];
type Move = components["schemas"]["Move"];
type Score = components["schemas"]["Score"];
type StreamMessage =
  paths["/v1/sessions/{id}/events"]["get"]["responses"][200]["content"]["text/event-stream"];
// The answers as JSON (and problems as problem+json): the events operation also describes its stream's messages,
// which a page never is.
type Json = "application/json" | "application/problem+json";
type Cardrules = Client<paths, Json>;

interface SeatReport {
  seat: number;
  moves: Move[];
  stale_moves: number; // moves refused with 412: the table had moved on, and the seat chose again
  hand_at_each_turn: string[][];
  final_score: Score | null;
  verified: { valid: boolean; commitment_matches: boolean; score_matches: boolean } | null;
  events: Event[];
}

function fail(step: string, problem: unknown): never {
  throw new Error(`${step}: ${JSON.stringify(problem)}`);
}

// The messages of one event stream (WHATWG HTML, server-sent events): `event`, `data` (lines joined), `id` and
// `retry` fields, a blank line ending each message; comment lines (the heartbeat of a quiet stream) are skipped.
async function* messages(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamMessage, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let message: StreamMessage = {};
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? ""; // the last piece is a line not yet complete
      for (const line of lines) {
        if (line === "") {
          if (message.data !== undefined || message.retry !== undefined) yield message;
          message = {};
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const name = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (name === "event") message.event = value;
        else if (name === "data") message.data = message.data === undefined ? value : `${message.data}\n${value}`;
        else if (name === "id") message.id = value;
        else if (name === "retry" && /^\d+$/.test(value)) message.retry = Number(value);
      }
    }
  } finally {
    await reader.cancel();
  }
}

// The versions of the table, as the stream announces them (each message with `id:`); a stream that ends (its
// lifetime, a worker that restarts) is opened again after its `retry:`, from `resumeFrom()` (Last-Event-ID).
async function* versions(
  client: Cardrules,
  id: string,
  resumeFrom: () => number,
): AsyncGenerator<number, never, undefined> {
  let retryMs = 1000;
  for (;;) {
    const from = resumeFrom();
    const opened = await client.GET("/v1/sessions/{id}/events", {
      params: { path: { id }, header: from === 0 ? {} : { "Last-Event-ID": String(from) } },
      headers: { Accept: "text/event-stream" },
      parseAs: "stream",
    });
    if (opened.error !== undefined) fail("open the event stream", opened.error);
    if (opened.data === null) fail("open the event stream", "no body");
    for await (const message of messages(opened.data)) {
      if (typeof message.retry === "number") retryMs = message.retry;
      if (message.id !== undefined) yield Number(message.id);
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}

// One legal move when this seat is to act; nothing otherwise.
async function takeTurn(client: Cardrules, id: string, report: SeatReport, seed: number): Promise<void> {
  const path = { id };
  const legal = await client.GET("/v1/sessions/{id}/legal-moves", { params: { path } });
  if (legal.error !== undefined) fail(`seat ${report.seat}: legal moves`, legal.error);
  if (legal.data.turn !== report.seat || legal.data.moves.length === 0) return;
  const view = await client.GET("/v1/sessions/{id}/view", { params: { path } });
  if (view.error !== undefined) fail(`seat ${report.seat}: view`, view.error);
  if (view.data.hand === null) fail(`seat ${report.seat}: a view without its hand`, view.data);
  const etag = legal.response.headers.get("ETag");
  if (etag === null) fail(`seat ${report.seat}: legal moves without an ETag`, legal.data);
  // One of the legal moves, in turn (seeded, so that a run can be repeated against the same deal).
  const move = legal.data.moves[(seed + report.seat + report.moves.length) % legal.data.moves.length];
  if (move === undefined) fail(`seat ${report.seat}: no move`, legal.data);
  const played = await client.POST("/v1/sessions/{id}/moves", {
    params: { path, header: { "If-Match": etag } },
    body: { move },
  });
  if (played.response.status === 412) {
    report.stale_moves += 1; // another write came first: its version is on the stream
    return;
  }
  if (played.error !== undefined) fail(`seat ${report.seat}: move ${JSON.stringify(move)}`, played.error);
  report.hand_at_each_turn.push(view.data.hand);
  report.moves.push(move);
}

// The move a public event names as it was played: the first event a move writes (`card_played`, `accusi_declared`,
// `trump_exchanged`, or Briscola chiamata's `bid`, `passed` and `card_called`: the types whose schema has the log's
// `move`).
function playedMove(event: Event): Move[] {
  switch (event.type) {
    case "card_played":
    case "accusi_declared":
    case "trump_exchanged":
    case "bid":
    case "passed":
    case "card_called":
      return event.to === "all" && event.move !== undefined ? [event.move] : [];
    default:
      return [];
  }
}

// The seat checks, with its own token and nobody's word, that the round was dealt from the seed committed to
// before the first card and played as the table showed it (docs/fairness.md, a seat verifies its round): its view
// reveals the seed and the table's setup, and `replay` deals the round again from that seed and plays the moves
// the seat's events named.
async function verify(
  client: Cardrules,
  id: string,
  game: GameId,
  report: SeatReport,
  score: Score,
): Promise<SeatReport["verified"]> {
  const view = await client.GET("/v1/sessions/{id}/view", { params: { path: { id } } });
  if (view.error !== undefined) fail(`seat ${report.seat}: view`, view.error);
  const { fairness, match } = view.data;
  if (fairness?.seed === undefined || match === undefined) fail(`seat ${report.seat}: no seed revealed`, view.data);
  const moves = report.events.flatMap(playedMove);
  const replayed = await client.POST("/v1/games/{game}/replay", {
    params: { path: { game } },
    body: {
      players: view.data.players,
      dealer: view.data.dealer,
      round: match.round,
      scores: match.scores,
      deck: view.data.deck,
      rules: view.data.rules,
      seed: fairness.seed,
      salt: fairness.salt,
      seed_commitment: fairness.seed_commitment,
      moves,
    },
  });
  if (replayed.error !== undefined) fail(`seat ${report.seat}: replay`, replayed.error);
  const again = replayed.data.score;
  return {
    valid: replayed.data.valid,
    commitment_matches: replayed.data.commitment_matches === true,
    // The sides' points and the match totals (the event's score also carries the categories' labels).
    score_matches: again !== null && isDeepStrictEqual([again.sides, again.match], [score.sides, score.match]),
  };
}

// One player: this seat's token and nothing else.
async function playSeat(
  baseUrl: string,
  id: string,
  game: GameId,
  seat: number,
  token: string,
  seed: number,
): Promise<SeatReport> {
  const client = createClient<paths, Json>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
  const report: SeatReport = {
    seat,
    moves: [],
    stale_moves: 0,
    hand_at_each_turn: [],
    final_score: null,
    verified: null,
    events: [],
  };
  let read = 0; // every event up to this version is in report.events
  for await (const version of versions(client, id, () => read)) {
    if (version <= read) continue;
    const page = await client.GET("/v1/sessions/{id}/events", { params: { path: { id }, query: { after: read } } });
    if (page.error !== undefined) fail(`seat ${seat}: events`, page.error);
    const over = page.data.events.flatMap((event) => (event.type === "round_over" ? [event] : [])).at(0);
    // Up to the round's end: the page may hold later versions already.
    const end = over?.version ?? Number.POSITIVE_INFINITY;
    report.events.push(...page.data.events.filter((event) => (event.version ?? 0) <= end));
    read = page.data.version;
    if (over === undefined) {
      await takeTurn(client, id, report, seed);
      continue;
    }
    report.final_score = over.score;
    report.verified = await verify(client, id, game, report, over.score);
    return report; // ends the stream (the generators' `finally`)
  }
  fail(`seat ${seat}`, "the event stream ended before the round did");
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: "string", default: process.env.CARDRULES_URL ?? "http://localhost:8000" },
      seed: { type: "string", default: "1" },
      "api-key": { type: "string", default: process.env.CARDRULES_API_KEY ?? "" },
    },
  });
  const [name = "", count = ""] = positionals;
  const game = gameId(name);
  if (game === undefined) fail("usage: session-table.js <game> <players> [--url URL]", `no game ${name}`);
  const players = Number(count);
  const baseUrl = values.url;
  const seed = Number(values.seed);
  const started = performance.now();

  // The host: creation is open unless the operator configured API keys (X-API-Key).
  const host = createClient<paths, Json>({ baseUrl });
  const made = await host.POST("/v1/sessions", {
    body: {
      game,
      deal: { players, seed: "server" },
      seats: Array.from({ length: players }, (_, seat) => ({ name: `Player ${seat + 1}` })),
    },
    headers: values["api-key"] === "" ? {} : { "X-API-Key": values["api-key"] },
  });
  if (made.error !== undefined) fail("create the table", made.error);
  const table = made.data;
  console.error(`table ${table.id}: ${game} for ${players}, sealed: ${table.sealed}`);

  const owner = createClient<paths, Json>({ baseUrl, headers: { Authorization: `Bearer ${table.tokens.owner}` } });
  const path = { id: table.id };
  const seats = Promise.all(
    table.tokens.seats.map((token, seat) => playSeat(baseUrl, table.id, game, seat, token, seed)),
  );
  const reports = await seats.catch(async (error: unknown) => {
    // A seat failed: deleting the table ends every other seat's stream (a stream ends when its token no longer
    // opens the session), so that none waits for a turn forever.
    await owner.DELETE("/v1/sessions/{id}", { params: { path, header: { "If-Match": "*" } } });
    throw error;
  });

  // The host reads the revealed seed (a sealed table shows its owner the public view) and deletes the table.
  const publicView = await owner.GET("/v1/sessions/{id}/view", { params: { path } });
  if (publicView.error !== undefined) fail("the public view", publicView.error);
  const etag = publicView.response.headers.get("ETag");
  if (etag === null) fail("the public view without an ETag", publicView.data);
  const deleted = await owner.DELETE("/v1/sessions/{id}", { params: { path, header: { "If-Match": etag } } });
  if (deleted.response.status !== 204) fail("delete the table", deleted.error);

  for (const report of reports) {
    console.error(`seat ${report.seat}: ${report.moves.length} moves, ${report.events.length} events`);
  }
  console.error(`round over in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const summary = {
    game,
    players,
    table: table.id,
    sealed: table.sealed,
    fairness: {
      seed_commitment: table.fairness?.seed_commitment ?? null,
      revealed: publicView.data.fairness ?? null,
    },
    seats: reports,
  };
  console.log(JSON.stringify(summary));
}

await main();
