"""Card notation and the seeded shuffle (API.md: Cards, Deterministic dealing)."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine import shuffle
from service.engine.cards import DECK, card, is_card_code
from service.engine.errors import InvalidCard

VECTORS = json.loads((Path(__file__).parents[1] / "vectors" / "shuffle-v1.json").read_text())


def test_deck_has_forty_distinct_cards_in_canonical_order() -> None:
    assert len(DECK) == 40 and len({c.code for c in DECK}) == 40
    assert [c.code for c in DECK[:3]] == ["1D", "2D", "3D"] and DECK[-1].code == "10B"


@pytest.mark.parametrize("code", [c.code for c in DECK])
def test_card_notation_round_trips(code: str) -> None:
    assert card(code).code == code and is_card_code(code)


@pytest.mark.parametrize(
    "bad", ["", "0D", "11D", "7d", "7X", " 7D", "7D ", "07D", "D7", "10", "7", "１D", 7, None]  # noqa: RUF001
)
def test_card_parsing_is_strict(bad: object) -> None:
    with pytest.raises(InvalidCard):
        card(bad)
    assert not is_card_code(bad)


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: f"{v['game']}-{v['seed']}")
def test_published_shuffle_vectors(vector: dict[str, object]) -> None:
    context = shuffle.deal_context(
        str(vector["game"]),
        int(vector["players"]),
        int(vector["dealer"]),  # type: ignore[call-overload]
        int(vector["round"]),
        int(vector["attempt"]),  # type: ignore[call-overload]
    )
    assert context.hex() == vector["context_hex"]
    seed = vector["seed"]
    assert isinstance(seed, int | str)
    assert [c.code for c in shuffle.shuffled(DECK, seed, context)] == vector["deck"]
    assert next(shuffle.byte_stream(seed, context)) == vector["first_draw"]


def test_stream_is_hmac_sha256_counter_as_documented() -> None:
    context = shuffle.deal_context("scopa", 2, 1, 1, 0)
    block = hmac.new(b"42", context + b"\x00" + (0).to_bytes(8, "big"), hashlib.sha256).digest()
    draws = shuffle.byte_stream(42, context)
    assert [next(draws) for _ in range(8)] == [
        int.from_bytes(block[i : i + 4], "big") for i in range(0, 32, 4)
    ]


def test_integer_and_string_seeds_are_the_same_seed() -> None:
    context = shuffle.deal_context("scopa", 2, 1, 1, 0)
    assert shuffle.shuffled(DECK, 7, context) == shuffle.shuffled(DECK, "7", context)
    assert shuffle.shuffled(DECK, 7, context) != shuffle.shuffled(DECK, "07", context)


@given(st.one_of(st.integers(0, 2**63 - 1), st.text(min_size=1, max_size=40)))
def test_shuffle_is_a_permutation_and_reproducible(seed: int | str) -> None:
    context = shuffle.deal_context("escoba", 3, 2, 5, 0)
    first = shuffle.shuffled(DECK, seed, context)
    assert len(first) == len(set(first)) == 40 and set(first) == set(DECK)
    assert first == shuffle.shuffled(DECK, seed, context)


def test_same_deal_in_two_processes_is_byte_identical() -> None:
    program = (
        "from service.app import create_app;"
        "c = create_app({'TESTING': True}).test_client();"
        "import sys;"
        "sys.stdout.buffer.write(c.post('/v1/games/scopa/deal', json={'players': 3, 'seed': 'x-1'}).get_data())"
    )
    root = Path(__file__).resolve().parents[2]
    outputs = [
        subprocess.run(
            [sys.executable, "-c", program],
            cwd=root,
            capture_output=True,
            check=True,
            env={"LOG_LEVEL": "ERROR", "PATH": ""},
        ).stdout
        for _ in range(2)
    ]
    assert outputs[0] == outputs[1] and b'"state"' in outputs[0]
