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


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    rules: Mapping[str, Any]
    deck: str | None = None


class Rules(Mapping[str, Any]):
    """A game's fully resolved options: every option of the game, each with a value."""

    __slots__ = ("by_name", "game", "target_option")

    def __init__(self, game: str, values: Mapping[str, Any], target_option: str = "target") -> None:
        self.game = game
        self.by_name = dict(values)  # plain dict access for the engine's hot paths
        self.target_option = target_option

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

    def __reduce__(self) -> tuple[type[Rules], tuple[str, dict[str, Any], str]]:
        # Compiled, the class is native: pickle's default (a bare instance, then its slots) cannot make one.
        return Rules, (self.game, self.by_name, self.target_option)

    @property
    def target(self) -> int:
        """The match target: points for the fishing games, rounds won for Briscola (each game names its option)."""
        return int(self.by_name[self.target_option])


class RuleBook:
    """One game's rule options and presets, and the resolution of a request's rules against them (RULES.md 7)."""

    def __init__(
        self, game: str, options: tuple[Option, ...], presets: Mapping[str, Preset], target_option: str = "target"
    ) -> None:
        self.game = game
        self.options = options
        self.presets = dict(presets)
        self.target_option = target_option
        self._by_name = {option.name: option for option in options}
        self._defaults = {option.name: option.default for option in options}
        # The rules resolved last, with what they were resolved from: most callers send the same rules on
        # every request, and comparing with them costs less than half of finding them among the remembered ones.
        self._last: tuple[str | None, dict[str, Any], Rules] | None = None

    def preset(self, name: str) -> Preset:
        found = self.presets.get(name)
        if found is None:
            raise InvalidRules(
                f"unknown preset {name!r} for {self.game}",
                [FieldProblem("/preset", "must be one of " + ", ".join(self.presets))],
            )
        return found

    def resolve(self, preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        """The defaults, then the preset, then single overrides, remembered: every request resolves its rules."""
        given = overrides or {}
        last = self._last
        if last is not None and last[0] == preset and _same_values(given, last[1]):
            return last[2]
        # The values' types are part of the key: 1, 1.0 and True hash alike but are not the same option value.
        items, types = tuple(given.items()), tuple(map(type, given.values()))
        try:
            found = _resolve_remembered(self, preset, items, types)
        except TypeError:  # an unhashable value: resolve it once, and let the checks refuse it
            return self.resolve_once(preset, overrides)
        self._last = (preset, dict(given), found)
        return found

    def resolve_once(self, preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        """The defaults, then the preset, then single overrides; unknown names or values are refused."""
        values = dict(self._defaults)
        if preset is not None:
            values.update(self.preset(preset).rules)
        problems = []
        for name, value in (overrides or {}).items():
            option = self._by_name.get(name)
            if option is None:
                problems.append(FieldProblem(pointer("rules", name), f"unknown option for {self.game}"))
                continue
            why = option.check(value)
            if why is not None:
                problems.append(FieldProblem(pointer("rules", name), why))
            else:
                values[name] = int(value) if option.kind == "number" else value
        if problems:
            raise InvalidRules("; ".join(f"{p.pointer}: {p.message}" for p in problems), problems)
        return Rules(self.game, values, self.target_option)


_MISSING = object()


def _same_values(given: Mapping[str, Any], known: dict[str, Any]) -> bool:
    """The same names with the same values of the same types (1, 1.0 and True are equal, but not the same)."""
    if len(given) != len(known):
        return False
    for name, value in given.items():
        seen = known.get(name, _MISSING)
        if type(seen) is not type(value) or seen != value:
            return False
    return True


@lru_cache(maxsize=256)
def _resolve_remembered(
    book: RuleBook, preset: str | None, items: tuple[tuple[str, Any], ...], types: tuple[type, ...]
) -> Rules:
    return book.resolve_once(preset, dict(items))
