"""Resolving a request's rules (RULES.md 7): the last rules resolved are remembered, and only the same names with
the same values of the same types reuse them."""

from __future__ import annotations

from typing import Any

import pytest

from service.engine.errors import InvalidRules
from service.engine.games import GAMES


@pytest.mark.parametrize(
    ("game", "first", "second"),
    [
        ("scopa", {"re_bello": True}, {"re_bello": 1}),  # JSON 1 is not true, though True == 1
        ("scopa", {"re_bello": False}, {"re_bello": 0}),
        ("scopa", {"target": 11}, {"target": 11.5}),
        ("scopa", {"target": 11}, {"target": True}),
        ("briscola", {"trump_exchange": "off"}, {"trump_exchange": ["off"]}),  # unhashable: refused, not cached
        # Equal as dicts, with each value's type equal in order, but not name by name: the names' order counts.
        ("scopa", {"target": 1, "re_bello": True}, {"re_bello": 1, "target": True}),
    ],
)
def test_a_value_equal_to_the_last_but_of_another_type_is_checked_anew(
    game: str, first: dict[str, Any], second: dict[str, Any]
) -> None:
    book = GAMES[game].rulebook
    resolved = book.resolve(overrides=first)
    assert all(resolved[name] == value for name, value in first.items())
    with pytest.raises(InvalidRules):
        book.resolve(overrides=second)
    assert book.resolve(overrides=first) is resolved


def test_the_same_rules_again_are_the_same_resolved_rules_and_others_are_not() -> None:
    book = GAMES["scopa"].rulebook
    everything = dict(book.resolve())
    again = book.resolve(overrides=dict(everything))
    assert again is book.resolve(overrides=dict(everything))
    changed = book.resolve(overrides={**everything, "re_bello": not everything["re_bello"]})
    assert changed["re_bello"] is not everything["re_bello"] and changed is not again
    fewer = dict(everything)
    fewer.pop("re_bello")
    assert book.resolve(overrides=fewer) == again  # a name left out takes its default
    with pytest.raises(InvalidRules):
        book.resolve(overrides={**everything, "no_such_option": True})


def test_a_preset_is_part_of_what_is_remembered() -> None:
    book = GAMES["scopa"].rulebook
    presets = list(book.presets)
    assert presets, "scopa has presets"
    plain = book.resolve(overrides={})
    with_preset = book.resolve(presets[0], {})
    assert book.resolve(overrides={}) is plain
    assert book.resolve(presets[0], {}) is with_preset
    assert dict(with_preset) == {**dict(plain), **book.preset(presets[0]).rules}
