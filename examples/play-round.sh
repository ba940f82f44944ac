#!/usr/bin/env bash
# One whole round against the service with curl and jq: deal, ask for the legal moves and play one until the
# round is over, then score it. The state lives here, in a shell variable: the service keeps nothing.
#
#   examples/play-round.sh [game] [seed]      game: scopa (default), or any id of GET /v1/games
#   CARDRULES_URL=http://localhost:$PORT      where the service runs (make run; PORT 8000 unless set)
set -euo pipefail
game=${1:-scopa}
seed=${2:-42}
base=${CARDRULES_URL:-http://localhost:${PORT:-8000}}

# POST the JSON on stdin to /v1/games/$game/$1; a 4xx or 5xx prints the problem and stops the script.
post() {
  curl -sS --fail-with-body -X POST "$base/v1/games/$game/$1" -H 'Content-Type: application/json' --data-binary @-
}

# The catalogue says how many play: the fewest it lists (Scopone 4, Briscola chiamata 5, most games 2).
players=$(curl -sS --fail-with-body "$base/v1/games/$game" | jq '.players[0]')

# 1. Deal: the seed makes the deal reproducible.
state=$(jq -n --argjson players "$players" --argjson seed "$seed" '{$players, $seed}' | post deal | jq '.state')
echo "dealt $game for $players, seed $seed: seat $(jq '.turn' <<<"$state") plays first" >&2

# 2. Play: the seat to act plays its first legal card (a Briscola trump exchange is a move too; skipped here);
#    where no move plays a card (Briscola chiamata's auction and call), the last one listed (a pass, a call).
moves=0
while [ "$(jq '.round_over' <<<"$state")" = false ]; do
  move=$(jq '{state: .}' <<<"$state" | post legal-moves | jq '[.moves[] | select(.card)][0] // .moves[-1]')
  state=$(jq -n --argjson state "$state" --argjson move "$move" '{$state, $move}' | post play | jq '.state')
  moves=$((moves + 1))
done
echo "round over after $moves moves" >&2

# 3. Score the finished round: points per side and the match after it.
jq '{state: .}' <<<"$state" | post score | jq '{sides: [.sides[] | {side, seats, points, total}], match}'
