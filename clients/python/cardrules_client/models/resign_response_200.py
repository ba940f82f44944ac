from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event import Event
  from ..models.match_over import MatchOver
  from ..models.move import Move
  from ..models.seats_item import SeatsItem
  from ..models.session_fairness import SessionFairness
  from ..models.table_clock import TableClock
  from ..models.view import View





T = TypeVar("T", bound="ResignResponse200")



@_attrs_define
class ResignResponse200:
    """ 
        Attributes:
            id (str):
            version (int):
            game (str):
            view (View): What one seat (or, with `seat` null, anyone at the table) may see of a round: the public record and
                its own
                hand. Every game carries the fields up to `names`; the fishing games (scopa, scopone, escoba) add `table`,
                `sweeps` and `last_capturer`, the trick games (briscola, tressette) `trick`, `leader` and `last_trick`,
                Briscola the trump fields, Tressette `accusi_points` and `shown_cards`.
            events (list[Event]):
            sealed (bool): Whether the table is sealed: no token, the owner's included, can read a card before it is played
                face up
                ([docs/fairness.md](/docs/guide/fairness.md), sealed tables). `false`: the host could see every card.
            seats (list[SeatsItem]): Who sits at the table, one entry a seat ([docs/sessions.md](/docs/guide/sessions.md),
                seats): every token reads the
                same list.
            match_over (MatchOver | None): The end of the match, or null while it goes on.
            move (Move | Unset): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set
                exists and is a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`.
            fairness (SessionFairness | Unset): Only for a round the service dealt from a seed it drew (`"seed": "server"`):
                the commitment from the
                start, the seed (and the salt mixed into it) once the round is over
                ([docs/fairness.md](/docs/guide/fairness.md)).
            clock (TableClock | Unset): A clocked table's clock, on every answer about the table, its views, its `table`
                event and the public
                `clock` event of every write: when the seat to act runs out of time (RFC 3339, UTC, milliseconds), or
                null when no one is to move (a round over, a match ended).
                 Example: {'move_seconds': 30, 'on_timeout': 'computer', 'turn_deadline': '2026-12-05T18:00:30.250Z'}.
     """

    id: str
    version: int
    game: str
    view: View
    events: list[Event]
    sealed: bool
    seats: list[SeatsItem]
    match_over: MatchOver | None
    move: Move | Unset = UNSET
    fairness: SessionFairness | Unset = UNSET
    clock: TableClock | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event import Event # noqa: PLC0415
        from ..models.match_over import MatchOver # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        id = self.id

        version = self.version

        game = self.game

        view = self.view.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)



        sealed = self.sealed

        seats = []
        for componentsschemas_seats_item_data in self.seats:
            componentsschemas_seats_item = componentsschemas_seats_item_data.to_dict()
            seats.append(componentsschemas_seats_item)



        match_over: dict[str, Any] | None
        if isinstance(self.match_over, MatchOver):
            match_over = self.match_over.to_dict()
        else:
            match_over = self.match_over

        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        fairness: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fairness, Unset):
            fairness = self.fairness.to_dict()

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "version": version,
            "game": game,
            "view": view,
            "events": events,
            "sealed": sealed,
            "seats": seats,
            "match_over": match_over,
        })
        if move is not UNSET:
            field_dict["move"] = move
        if fairness is not UNSET:
            field_dict["fairness"] = fairness
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event # noqa: PLC0415
        from ..models.match_over import MatchOver # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        game = d.pop("game")

        view = View.from_dict(d.pop("view"))




        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = Event.from_dict(events_item_data)



            events.append(events_item)


        sealed = d.pop("sealed")

        seats = []
        _seats = d.pop("seats")
        for componentsschemas_seats_item_data in (_seats):
            componentsschemas_seats_item = SeatsItem.from_dict(componentsschemas_seats_item_data)



            seats.append(componentsschemas_seats_item)


        def _parse_match_over(data: object) -> MatchOver | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_nullable_match_over_type_0 = MatchOver.from_dict(data)



                return componentsschemas_nullable_match_over_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchOver | None, data)

        match_over = _parse_match_over(d.pop("match_over"))


        _move = d.pop("move", UNSET)
        move: Move | Unset
        if isinstance(_move,  Unset):
            move = UNSET
        else:
            move = Move.from_dict(_move)




        _fairness = d.pop("fairness", UNSET)
        fairness: SessionFairness | Unset
        if isinstance(_fairness,  Unset):
            fairness = UNSET
        else:
            fairness = SessionFairness.from_dict(_fairness)




        _clock = d.pop("clock", UNSET)
        clock: TableClock | Unset
        if isinstance(_clock,  Unset):
            clock = UNSET
        else:
            clock = TableClock.from_dict(_clock)




        resign_response_200 = cls(
            id=id,
            version=version,
            game=game,
            view=view,
            events=events,
            sealed=sealed,
            seats=seats,
            match_over=match_over,
            move=move,
            fairness=fairness,
            clock=clock,
        )


        resign_response_200.additional_properties = d
        return resign_response_200

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
