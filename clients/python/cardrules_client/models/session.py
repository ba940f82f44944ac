from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.seats_item import SeatsItem
  from ..models.session_fairness import SessionFairness
  from ..models.state import State
  from ..models.table_clock import TableClock
  from ..models.view import View





T = TypeVar("T", bound="Session")



@_attrs_define
class Session:
    """ The whole `state` of an unsealed table, or the public `view` of a sealed one
    ([docs/fairness.md](/docs/guide/fairness.md)).

        Attributes:
            id (str):
            version (int):
            game (str):
            sealed (bool): Whether the table is sealed: no token, the owner's included, can read a card before it is played
                face up
                ([docs/fairness.md](/docs/guide/fairness.md), sealed tables). `false`: the host could see every card.
            state (State | Unset): A round as the caller keeps it. Fishing games (scopa, scopone, escoba, cirulla) need
                `table` and `sweeps`
                (and `last_capturer` once a pile has cards; Cirulla's `declaration_points` defaults to none declared); Briscola
                needs `trump_card` and `leader` (`trick` defaults to
                empty); Tressette needs `leader` (`trick`, `accusi_points` and `shown_cards` default to empty); Briscola
                chiamata needs `leader` (`auction` and `trick` default to empty, `called_card` and `partner` to null).
                `turn`, `round_over` and Briscola's `trump_suit` are derived from the cards; when sent they must agree.
                Briscola chiamata's answers add `phase`, `caller` and `trump_suit`, read from the auction and the called
                card, which it ignores when they are sent back. Another game's field (a `table` in a Briscola state) is
                checked against its bounds here, then ignored; unknown fields are ignored.
            view (View | Unset): What one seat (or, with `seat` null, anyone at the table) may see of a round: the public
                record and its own
                hand. Every game carries the fields up to `names`; the fishing games (scopa, scopone, escoba, cirulla) add
                `table`, `sweeps` and `last_capturer`, Cirulla `declaration_points`, the trick games (briscola, tressette,
                briscola_chiamata) `trick`, `leader` and `last_trick`, Briscola the trump fields, Tressette `accusi_points`
                and `shown_cards`, Briscola chiamata `phase`, `auction`, `caller`, `called_card`, `trump_suit` and
                `partner`.
            fairness (SessionFairness | Unset): Only for a round the service dealt from a seed it drew (`"seed": "server"`):
                the commitment from the
                start, the seed (and the salt mixed into it) once the round is over
                ([docs/fairness.md](/docs/guide/fairness.md)).
            seats (list[SeatsItem] | Unset): Who sits at the table, one entry a seat
                ([docs/sessions.md](/docs/guide/sessions.md), seats): every token reads the
                same list.
            clock (TableClock | Unset): A clocked table's clock, on every answer about the table, its views, its `table`
                event and the public
                `clock` event of every write: when the seat to act runs out of time (RFC 3339, UTC, milliseconds), or
                null when no one is to move (a round over, a match ended).
                 Example: {'move_seconds': 30, 'on_timeout': 'computer', 'turn_deadline': '2026-12-05T18:00:30.250Z'}.
     """

    id: str
    version: int
    game: str
    sealed: bool
    state: State | Unset = UNSET
    view: View | Unset = UNSET
    fairness: SessionFairness | Unset = UNSET
    seats: list[SeatsItem] | Unset = UNSET
    clock: TableClock | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        id = self.id

        version = self.version

        game = self.game

        sealed = self.sealed

        state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.to_dict()

        view: dict[str, Any] | Unset = UNSET
        if not isinstance(self.view, Unset):
            view = self.view.to_dict()

        fairness: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fairness, Unset):
            fairness = self.fairness.to_dict()

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for componentsschemas_seats_item_data in self.seats:
                componentsschemas_seats_item = componentsschemas_seats_item_data.to_dict()
                seats.append(componentsschemas_seats_item)



        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "version": version,
            "game": game,
            "sealed": sealed,
        })
        if state is not UNSET:
            field_dict["state"] = state
        if view is not UNSET:
            field_dict["view"] = view
        if fairness is not UNSET:
            field_dict["fairness"] = fairness
        if seats is not UNSET:
            field_dict["seats"] = seats
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        game = d.pop("game")

        sealed = d.pop("sealed")

        _state = d.pop("state", UNSET)
        state: State | Unset
        if isinstance(_state,  Unset):
            state = UNSET
        else:
            state = State.from_dict(_state)




        _view = d.pop("view", UNSET)
        view: View | Unset
        if isinstance(_view,  Unset):
            view = UNSET
        else:
            view = View.from_dict(_view)




        _fairness = d.pop("fairness", UNSET)
        fairness: SessionFairness | Unset
        if isinstance(_fairness,  Unset):
            fairness = UNSET
        else:
            fairness = SessionFairness.from_dict(_fairness)




        _seats = d.pop("seats", UNSET)
        seats: list[SeatsItem] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for componentsschemas_seats_item_data in _seats:
                componentsschemas_seats_item = SeatsItem.from_dict(componentsschemas_seats_item_data)



                seats.append(componentsschemas_seats_item)


        _clock = d.pop("clock", UNSET)
        clock: TableClock | Unset
        if isinstance(_clock,  Unset):
            clock = UNSET
        else:
            clock = TableClock.from_dict(_clock)




        session = cls(
            id=id,
            version=version,
            game=game,
            sealed=sealed,
            state=state,
            view=view,
            fairness=fairness,
            seats=seats,
            clock=clock,
        )


        session.additional_properties = d
        return session

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
