"""What the session examples' summaries must show (clients/python/examples/session_table.py and
clients/typescript/src/session-table.ts print the same JSON), and that the check itself catches each fault.

A summary is ``{game, players, table, sealed, fairness: {seed_commitment, revealed}, seats: [{seat, moves,
stale_moves, hand_at_each_turn, final_score, verified, events}]}``: per seat, the moves it made, its hand as its
view showed it at each of its turns, the round's score as its own events told it, what its own replay of the
round found, and every event it read (as the service sent them, in order). ``problems`` answers what is wrong,
empty when the table was played as it should be:

- sealed, with the seed committed to at creation and revealed, matching, once the round is over; and every seat
  verified the round on its own (``replay`` of the revealed seed and the moves its events named: valid, the
  commitment matches, and so does the score it was told);
- every seat read the same final score, and the same public events;
- every seat read only the public events and its own (``to`` is ``all`` or that seat), beginning with its own
  ``table`` event (its view at the version it began to read), then the log in version order;
- the moves of each seat at the table (the events naming a ``move`` and that seat) are exactly the moves it says it
  made, none of them a computer's, each a card of its hand as its view showed it on that turn;
- no event any seat read names a card it could not know at that version: a card is known to a seat once it is
  in that seat's own hand (its private ``hand_dealt``, ``card_drawn``) or once an event that shows cards face up
  showed it to all (``dealt``, ``redeal``, ``card_played``, ``trump_exchanged``, a public draw or deal, a hand
  Cirulla declares on the deal, ``hand_declared``; Briscola chiamata's called card, ``card_called``), so
  another seat's hand and the stock never reach it, whichever event or field (a view's ``names`` included).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

CARD = re.compile(r"^(10|[1-9])[DCSB]$")
VERIFIED = ("valid", "commitment_matches", "score_matches")
"""What each seat's own replay of the round found (docs/fairness.md, a seat verifies its round)."""
FACE_UP = frozenset(
    {"dealt", "redeal", "card_played", "trump_exchanged", "card_drawn", "hand_dealt", "hand_declared", "card_called"}
)
"""Events that show cards: to all, they put those cards face up; to one seat, into its hand. Briscola chiamata's
``card_called`` names the called card to all (RULES.md 9): its name is public, its holder is not."""


def cards_in(value: Any) -> Iterator[str]:
    """Every card an event names, in any field, key or nested value, but the rules (a view's ``rules`` name the
    card a three-player Briscola leaves out of the deck: known to all)."""
    if isinstance(value, str):
        if CARD.match(value):
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key == "rules":
                continue
            yield from cards_in(key)
            yield from cards_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item)


def problems(summary: dict[str, Any], game: str, players: int) -> list[str]:
    found: list[str] = []
    seats = summary["seats"]
    if (summary["game"], summary["players"], len(seats)) != (game, players, players):
        found.append(f"a table of {summary['game']}/{summary['players']} with {len(seats)} seats reported")
    if [seat["seat"] for seat in seats] != list(range(len(seats))):
        found.append("the seats are not 0..n-1 in order")
    if summary["sealed"] is not True:
        found.append("the table is not sealed")
    fairness = summary["fairness"]
    revealed = fairness["revealed"] or {}
    if not re.fullmatch(r"[0-9a-f]{64}", str(revealed.get("seed", ""))):
        found.append(f"the seed is not revealed once the round is over: {fairness}")
    if revealed.get("seed_commitment") != fairness["seed_commitment"] or fairness["seed_commitment"] is None:
        found.append(f"the commitment changed or is missing: {fairness}")

    unverified = [seat["seat"] for seat in seats if seat["verified"] != dict.fromkeys(VERIFIED, True)]
    if unverified:
        found.append(
            f"seats {unverified} could not verify the round: {[seats[n]['verified'] for n in unverified]}"
        )

    scores = [seat["final_score"] for seat in seats]
    if scores[0] is None or any(score != scores[0] for score in scores):
        found.append(f"the seats saw different final scores: {scores}")
    elif game in ("briscola", "brisca") and sum(side["total"] for side in scores[0]["sides"]) != 120:
        found.append(f"a Briscola round's points do not add up to 120: {scores[0]}")

    # Up to the round's end: a seat stops reading there, and what it read of later versions depends on when.
    ends = [
        min((event["version"] for event in seat["events"] if event["type"] == "round_over"), default=0)
        for seat in seats
    ]
    public = [
        [event for event in seat["events"] if event["to"] == "all" and event["version"] <= end]
        for seat, end in zip(seats, ends, strict=True)
    ]
    if any(events != public[0] for events in public):
        found.append("the seats read different public events")

    revealed_at: dict[str, int] = {}
    for event in public[0]:
        if event["type"] in FACE_UP:
            for card in cards_in(event):
                revealed_at.setdefault(card, event["version"])

    for report in seats:
        seat, events = report["seat"], report["events"]
        if not events or events[0]["type"] != "table" or events[0]["to"] != seat:
            found.append(f"seat {seat}: its events do not begin with its own table event")
        strangers = [event for event in events if event["to"] not in ("all", seat)]
        if strangers:
            found.append(f"seat {seat} read events private to another seat: {strangers[:3]}")
        # The table event is the seat's view at the version it began to read; the log follows it from version 1.
        logged = [event["version"] for event in events[1:]]
        if logged != sorted(logged):
            found.append(f"seat {seat}: its events are not in version order")

        own_at: dict[str, int] = {}
        for event in events:
            if event["to"] == seat and event["type"] in FACE_UP:
                for card in cards_in(event):
                    own_at.setdefault(card, event["version"])
        for card in cards_in(events[0].get("view", {}).get("hand") or []):
            own_at.setdefault(card, events[0]["version"])
        for event in events:
            version = event["version"]
            unknown = sorted(
                card
                for card in set(cards_in(event))
                if min(own_at.get(card, version + 1), revealed_at.get(card, version + 1)) > version
            )
            if unknown:
                found.append(
                    f"seat {seat} read cards it could not know at version {version}: {unknown} in {event}"
                )

        played = [event for event in public[0] if "move" in event and event.get("seat") == seat]
        if [event["move"] for event in played] != report["moves"]:
            found.append(
                f"seat {seat}: the moves the table shows for it, {[event['move'] for event in played]}, are not the "
                f"moves it made, {report['moves']}"
            )
        if any("by" in event for event in played):
            found.append(f"seat {seat}: a computer played one of its moves")
        if len(report["hand_at_each_turn"]) != len(report["moves"]):
            found.append(f"seat {seat}: not one view read for each move it made")
        for move, hand in zip(report["moves"], report["hand_at_each_turn"], strict=False):
            named = move.get("card", move.get("exchange"))  # a bid, a pass or a call names no card
            if named is not None and named not in hand:
                found.append(f"seat {seat}: played {move}, which its view did not show in its hand {hand}")
    if not any(report["moves"] for report in seats):
        found.append("nobody moved")
    return found


def a_summary() -> dict[str, Any]:
    """A two-seat table that played one card each (seat 0 took the trick), as the examples report it."""

    def table(seat: int, hand: list[str]) -> dict[str, Any]:
        view = {
            "seat": seat,
            "hand": hand,
            "trump_card": "7C",
            "names": {card: card for card in [*hand, "7C"]},
        }
        return {"version": 1, "type": "table", "to": seat, "view": view}

    public = [
        {"version": 1, "type": "dealt", "to": "all", "trump_card": "7C", "stock": 33},
        {"version": 2, "type": "card_played", "to": "all", "seat": 0, "card": "3C", "move": {"card": "3C"}},
        {"version": 3, "type": "card_played", "to": "all", "seat": 1, "card": "1S", "move": {"card": "1S"}},
        {"version": 3, "type": "trick_won", "to": "all", "seat": 0, "cards": ["3C", "1S"], "points": 21},
        {"version": 3, "type": "round_over", "to": "all", "score": {"sides": [{"total": 120}, {"total": 0}]}},
    ]
    hands = [["3C", "2S"], ["1S", "4B"]]
    seats = []
    for seat, hand in enumerate(hands):
        dealt = {"version": 1, "type": "hand_dealt", "to": seat, "seat": seat, "cards": hand}
        seats.append(
            {
                "seat": seat,
                "moves": [{"card": hand[0]}],
                "stale_moves": 0,
                "hand_at_each_turn": [hand],
                "final_score": public[-1]["score"],
                "verified": dict.fromkeys(VERIFIED, True),
                "events": [table(seat, hand), public[0], dealt, *public[1:]],
            }
        )
    commitment = "ab" * 32
    return {
        "game": "briscola",
        "players": 2,
        "table": "t",
        "sealed": True,
        "fairness": {
            "seed_commitment": commitment,
            "revealed": {"seed_commitment": commitment, "seed": "cd" * 32},
        },
        "seats": seats,
    }


def test_a_table_played_as_it_should_be_passes() -> None:
    assert problems(a_summary(), "briscola", 2) == []


def test_each_fault_is_caught() -> None:
    def fault(change: Any) -> list[str]:
        summary = copy.deepcopy(a_summary())
        change(summary)
        return problems(summary, "briscola", 2)

    def leak_in_public(summary: dict[str, Any]) -> None:
        # Seat 1's hidden 4B named in a public event every seat reads, before anyone played it.
        for seat in summary["seats"]:
            seat["events"].insert(2, {"version": 1, "type": "cards_dealt", "to": "all", "cards": ["4B"]})

    def leak_in_view(summary: dict[str, Any]) -> None:
        summary["seats"][0]["events"][0]["view"]["names"]["4B"] = "Four of Clubs"

    def private_to_another(summary: dict[str, Any]) -> None:
        summary["seats"][0]["events"].append(
            {"version": 1, "type": "hand_dealt", "to": 1, "seat": 1, "cards": ["1S", "4B"]}
        )

    def other_score(summary: dict[str, Any]) -> None:
        summary["seats"][1]["final_score"] = {"sides": [{"total": 0}, {"total": 120}]}

    def anothers_move(summary: dict[str, Any]) -> None:
        summary["seats"][0]["moves"] = [{"card": "1S"}]

    def not_in_hand(summary: dict[str, Any]) -> None:
        summary["seats"][0]["hand_at_each_turn"] = [["2S"]]

    def unverified(summary: dict[str, Any]) -> None:
        summary["seats"][1]["verified"]["commitment_matches"] = False

    def unsealed(summary: dict[str, Any]) -> None:
        summary["sealed"] = False
        summary["fairness"]["revealed"] = None

    assert any("could not know at version 1: ['4B']" in said for said in fault(leak_in_public))
    assert any("could not know at version 1: ['4B']" in said for said in fault(leak_in_view))
    assert any("private to another seat" in said for said in fault(private_to_another))
    assert any("different final scores" in said for said in fault(other_score))
    assert any("are not the moves it made" in said for said in fault(anothers_move))
    assert any("did not show in its hand" in said for said in fault(not_in_hand))
    assert any("seats [1] could not verify the round" in said for said in fault(unverified))
    assert {"the table is not sealed"} < set(fault(unsealed))
