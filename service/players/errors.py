"""Why a move cannot be suggested: engine errors, so the API layer maps them as it maps every other."""

from __future__ import annotations

from service.engine.errors import FieldProblem, InvalidState, RulesError


class NotToAct(InvalidState):
    """The observing seat is not the one to act (or the round is over): there is no move to suggest for it."""

    def __init__(self, seat: int, turn: int | None) -> None:
        if turn is None:
            message = f"the round is over: seat {seat} has no move to make"
        else:
            message = f"seat {seat} is not to act: seat {turn} is"
        super().__init__("not_to_act", message, [FieldProblem("/seat", message)])
        self.params = {"seat": seat, "turn": turn}


class UnknownLevel(RulesError):
    """A playing level the players do not offer (``LEVELS``)."""

    code = "unknown_level"

    def __init__(self, level: object, levels: tuple[str, ...]) -> None:
        super().__init__(
            f"{level!r} is not a playing level: use one of " + ", ".join(levels), {"level": level}
        )
