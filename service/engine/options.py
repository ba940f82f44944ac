"""Rule options and presets (RULES.md sections 3-7): rules are data, resolved once per deal."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .errors import FieldProblem, InvalidRules, pointer


@dataclass(frozen=True)
class Option:
    """One rule option: ``kind`` is ``choice``, ``flag`` or ``number``."""

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0

    def check(self, value: object) -> str | None:
        """Why ``value`` is not allowed, or None."""
        if self.kind == "flag":
            return None if isinstance(value, bool) else "must be true or false"
        if self.kind == "number":
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # what JSON Schema calls an integer
            if isinstance(value, bool) or not isinstance(value, int):
                return "must be an integer"
            if not self.minimum <= value <= self.maximum:
                return f"must be between {self.minimum} and {self.maximum}"
            return None
        if value not in self.choices:
            return "must be one of " + ", ".join(self.choices)
        return None


def choice(name: str, default: str, choices: tuple[str, ...], description: str) -> Option:
    return Option(name, "choice", default, description, choices=choices)


def flag(name: str, default: bool, description: str) -> Option:
    return Option(name, "flag", default, description)


def number(name: str, default: int, low: int, high: int, description: str) -> Option:
    return Option(name, "number", default, description, minimum=low, maximum=high)


CAPTURE_CHOICE = choice(
    "capture_choice",
    "free",
    ("free", "most_cards", "fewest_cards"),
    "Which sum capture a player may take when several exist.",
)
LAST_PLAY_SWEEP = flag(
    "last_play_sweep_counts",
    False,
    "Whether a sweep made with the very last card of the round scores.",
)
PRIMIERA_MISSING_SUIT = choice(
    "primiera_missing_suit",
    "fewer_suits_loses",
    ("fewer_suits_loses", "cannot_score"),
    "How a side with cards in fewer than four suits fares for the primiera point.",
)
TARGET_SCOPA = number("target", 11, 1, 100, "Points that win the match.")

SCOPA_OPTIONS: tuple[Option, ...] = (
    choice(
        "capture_obligation",
        "any_card",
        ("any_card", "played_card"),
        "any_card: a player who can capture with any card must capture; played_card: only a card that can "
        "capture must capture.",
    ),
    CAPTURE_CHOICE,
    LAST_PLAY_SWEEP,
    flag("opening_kings_redeal", True, "Three or four kings among the opening table cards void the deal."),
    PRIMIERA_MISSING_SUIT,
    choice("primiera_rule", "classic", ("classic", "most_sevens"), "How the primiera point is decided."),
    flag("re_bello", False, "The king of coins scores one point."),
    flag("rosmarino", False, "The fante (jack) of swords scores one point."),
    choice(
        "napola",
        "off",
        ("off", "length", "fixed3"),
        "Ace, two and three of coins score: off, their run length, or a fixed 3.",
    ),
    flag("asso_piglia_tutto", False, "An ace played when no ace is on the table captures the whole table."),
    flag("apt_sweep_counts", False, "Whether an ace taking the whole table scores a sweep."),
    TARGET_SCOPA,
)

SCOPONE_OPTIONS: tuple[Option, ...] = (
    *SCOPA_OPTIONS,
    choice(
        "scopone_deal",
        "9+4",
        ("9+4", "10+0"),
        "9 cards each and 4 on the table, or 10 each and an empty table.",
    ),
)

ESCOBA_OPTIONS: tuple[Option, ...] = (
    choice(
        "capture_obligation",
        "none",
        ("none", "played_card", "any_card"),
        "none: a player may always lay a card; played_card / any_card: as in Scopa.",
    ),
    CAPTURE_CHOICE,
    LAST_PLAY_SWEEP,
    choice(
        "dealer_bonus",
        "stargames",
        ("stargames", "traditional", "off"),
        "Opening table taken by the dealer: stargames 15 -> 1 escoba, 20 -> 2; traditional 15 -> 1, 30 -> 2.",
    ),
    choice("fourth_point", "primiera", ("primiera", "most_sevens"), "What decides the fourth round point."),
    PRIMIERA_MISSING_SUIT,
    number("target", 21, 1, 100, "Points that win the match."),
)

BRISCOLA_OPTIONS: tuple[Option, ...] = (
    choice(
        "trump_exchange",
        "off",
        ("off", "seven_and_two", "two_only"),
        "Whether the 7 or 2 of trumps may be exchanged for the face-up trump card.",
    ),
    choice(
        "three_player_removed_card",
        "2B",
        ("2D", "2C", "2S", "2B"),
        "The card taken out of the deck for three players.",
    ),
    number("rounds_to_win", 1, 1, 10, "Rounds a side must win to win the match."),
)

OPTIONS: dict[str, tuple[Option, ...]] = {
    "scopa": SCOPA_OPTIONS,
    "scopone": SCOPONE_OPTIONS,
    "escoba": ESCOBA_OPTIONS,
    "briscola": BRISCOLA_OPTIONS,
}


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    rules: Mapping[str, Any]
    deck: str | None = None


_SCOPA_STARGAMES = {"capture_obligation": "any_card", "primiera_missing_suit": "fewer_suits_loses"}
_SCOPA_TRADITIONAL = {"capture_obligation": "played_card", "primiera_missing_suit": "cannot_score"}

PRESETS: dict[str, dict[str, Preset]] = {
    "scopa": {
        "stargames": Preset("stargames", "The StarGames rules.", _SCOPA_STARGAMES),
        "traditional": Preset("traditional", "The common published rules.", _SCOPA_TRADITIONAL),
    },
    "scopone": {
        "stargames": Preset("stargames", "The StarGames rules.", _SCOPA_STARGAMES),
        "traditional": Preset("traditional", "The common published rules.", _SCOPA_TRADITIONAL),
    },
    "escoba": {
        "stargames": Preset(
            "stargames", "The StarGames rules.", {"dealer_bonus": "stargames", "fourth_point": "primiera"}
        ),
        "traditional": Preset(
            "traditional",
            "The common published rules.",
            {"dealer_bonus": "traditional", "fourth_point": "most_sevens"},
        ),
    },
    "briscola": {
        "stargames": Preset("stargames", "The StarGames rules.", {"trump_exchange": "seven_and_two"}),
        "traditional": Preset("traditional", "The common published rules.", {"trump_exchange": "off"}),
        "brisca": Preset(
            "brisca",
            "Spanish Brisca: trump exchange, Spanish card names.",
            {"trump_exchange": "seven_and_two"},
            deck="spanish",
        ),
    },
}


class Rules(Mapping[str, Any]):
    """A game's fully resolved options: every option of the game, each with a value."""

    __slots__ = ("by_name", "game")

    def __init__(self, game: str, values: Mapping[str, Any]) -> None:
        self.game = game
        self.by_name = dict(values)  # plain dict access for the engine's hot paths

    def __getitem__(self, name: str) -> Any:
        return self.by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.by_name)

    def __len__(self) -> int:
        return len(self.by_name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self.game == other.game and self.by_name == other.by_name

    def __hash__(self) -> int:
        return hash((self.game, tuple(sorted(self.by_name.items()))))

    def __repr__(self) -> str:
        return f"Rules({self.game!r}, {self.by_name!r})"

    @property
    def target(self) -> int:
        """The match target: points for the fishing games, rounds won for Briscola."""
        return int(self.by_name["rounds_to_win" if self.game == "briscola" else "target"])


def preset_for(game: str, name: str) -> Preset:
    preset = PRESETS[game].get(name)
    if preset is None:
        raise InvalidRules(
            f"unknown preset {name!r} for {game}",
            [FieldProblem("/preset", "must be one of " + ", ".join(PRESETS[game]))],
        )
    return preset


def resolve(game: str, preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The game's defaults, then the preset, then single overrides, remembered: every request resolves its rules."""
    given = overrides or {}
    # The values' types are part of the key: 1, 1.0 and True hash alike but are not the same option value.
    items, types = tuple(given.items()), tuple(map(type, given.values()))
    try:
        return _resolve_remembered(game, preset, items, types)
    except TypeError:  # an unhashable value: resolve it once, and let the checks refuse it
        return _resolve(game, preset, overrides)


@lru_cache(maxsize=256)
def _resolve_remembered(
    game: str, preset: str | None, items: tuple[tuple[str, Any], ...], types: tuple[type, ...]
) -> Rules:
    return _resolve(game, preset, dict(items))


def _resolve(game: str, preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The game's defaults, then the preset, then single overrides; unknown names or values are refused."""
    options = {option.name: option for option in OPTIONS[game]}
    values = {option.name: option.default for option in OPTIONS[game]}
    if preset is not None:
        values.update(preset_for(game, preset).rules)
    problems = []
    for name, value in (overrides or {}).items():
        option = options.get(name)
        if option is None:
            problems.append(FieldProblem(pointer("rules", name), f"unknown option for {game}"))
            continue
        why = option.check(value)
        if why is not None:
            problems.append(FieldProblem(pointer("rules", name), why))
        else:
            values[name] = int(value) if option.kind == "number" else value
    if problems:
        raise InvalidRules("; ".join(f"{p.pointer}: {p.message}" for p in problems), problems)
    return Rules(game, values)
