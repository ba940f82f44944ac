from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_by import EventBy
from ..models.event_to_type_0 import EventToType0
from ..models.event_type import EventType
from ..models.player_level import PlayerLevel
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event_accusi_item import EventAccusiItem
  from ..models.match import Match
  from ..models.match_over import MatchOver
  from ..models.move import Move
  from ..models.score import Score
  from ..models.seats_item import SeatsItem
  from ..models.table_clock import TableClock
  from ..models.view_record import ViewRecord





T = TypeVar("T", bound="Event")



@_attrs_define
class Event:
    """ Something that happened, with its audience `to`: `all` (every seat saw it) or the one seat it is private
    to; every event's audience is listed once, in [docs/api.md, events and their
    audience](/docs/guide/api.md#events-and-their-audience).
    The fields each type carries, with its audience, are listed once there too; each property below says
    what it holds and in which events.
    Read from version 0 (a page with `after` 0, or a stream without `Last-Event-ID`), the first event is
    `table`, the reader's whole view at that version: a client starts from it and applies only the events of
    later versions (the page and the stream still carry the log after it, for whoever checks the round from
    the log). In a session, the first event a move writes names the `move` as it was played (what `replay`
    takes), with `by: "computer"` when a computer player chose it and `reason: "timeout"` when the table's
    clock played it, and events read from the log carry their `version`.

        Attributes:
            type_ (EventType):
            to (EventToType0 | int): `all`, or the seat the event is private to.
            version (int | Unset): In a session's log, the session version the event's write made.
            seat (int | Unset): The seat the event is about: who was dealt the cards, played, swept, took the trick or the
                last cards,
                drew, exchanged, declared; whose token, computer or presence changed; at `match_over`, the side that
                resigned or forfeited (absent when the match was played out).
            card (str | Unset):
            cards (list[str] | Unset): `hand_dealt`: the seat's cards; `dealer_bonus` and `table_collected`: the table cards
                going to the
                seat's pile; `trick_won`: the trick's cards.
            dealer (int | Unset):
            round_ (int | Unset): `dealt`: the round of the match it deals (1 the first).
            attempt (int | Unset): `dealt` and `redeal` (fishing games): 0 for a round's first deal, then 1, 2, ... for each
                deal again
                (Scopa's opening kings), each from a stream of its own ([docs/api.md](/docs/guide/api.md), deterministic
                dealing).
            stock (int | Unset): `dealt`, `cards_dealt`, `cards_drawn`: how many cards the stock holds after it.
            table (list[str] | Unset):
            trump_card (str | Unset):
            capture (list[str] | Unset):
            cards_each (int | Unset): `cards_dealt` (fishing games): how many cards each seat was dealt (their faces are in
                each seat's `hand_dealt`).
            escobas (int | Unset): `dealer_bonus` (Escoba): the sweeps the dealer scores for the opening table (its `cards`
                go to the dealer's pile).
            points (int | Unset): `trick_won` (Briscola): the card points of the trick; `accusi_declared`: the points of the
                declarations together.
            thirds (int | Unset): `trick_won` (Tressette): the card points of the trick in thirds of a point.
            order (list[int] | Unset): `cards_drawn`: the seats that drew, in the order they drew, one card each (the winner
                of the trick first).
            accusi (list[EventAccusiItem] | Unset): `accusi_declared` (Tressette): each declaration of the seat, as it plays
                its first card.
            score (Score | Unset):
            move (Move | Unset): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set
                exists and is a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`.
            by (EventBy | Unset): On a move's event, when a computer player chose the move (a computer seat's, or one asked
                for with `computer`).
            count (int | Unset): `seat_reissued`: how many times that seat got a new token.
            computer (None | PlayerLevel | Unset): `seat_changed`: the level the computer now plays the seat at, or null.
            seats (list[SeatsItem] | Unset): Who sits at the table, one entry a seat
                ([docs/sessions.md](/docs/guide/sessions.md), seats): every token reads the
                same list.
            connected (bool | None | Unset): `presence`: whether the seat's player is now at the table; `seat_changed`: the
                seat's `connected` after it.
            reason (str | Unset): `match_over`: `played`, `resigned` or `forfeit`; a move's event: `timeout` when the
                table's clock
                played it; `redeal`: why the cards were dealt again.
            match (Match | Unset):
            match_over (MatchOver | None | Unset): The end of the match, or null while it goes on.
            clock (TableClock | Unset): A clocked table's clock, on every answer about the table, its views, its `table`
                event and the public
                `clock` event of every write: when the seat to act runs out of time (RFC 3339, UTC, milliseconds), or
                null when no one is to move (a round over, a match ended).
                 Example: {'move_seconds': 30, 'on_timeout': 'computer', 'turn_deadline': '2026-12-05T18:00:30.250Z'}.
            id (str | Unset): `rematch`: the new table.
            token (str | Unset): `rematch`, to its seat only: that seat's token at the new table.
            view (ViewRecord | Unset): The fields of a `View`, whose `names` only a `View` must carry: a session's
                `state_set` event holds the
                public view of the posted state without `names` (the reader's own view at that version has them).
                Each family of games carries its own fields and none of the others' (the `allOf` below, by `game`).
     """

    type_: EventType
    to: EventToType0 | int
    version: int | Unset = UNSET
    seat: int | Unset = UNSET
    card: str | Unset = UNSET
    cards: list[str] | Unset = UNSET
    dealer: int | Unset = UNSET
    round_: int | Unset = UNSET
    attempt: int | Unset = UNSET
    stock: int | Unset = UNSET
    table: list[str] | Unset = UNSET
    trump_card: str | Unset = UNSET
    capture: list[str] | Unset = UNSET
    cards_each: int | Unset = UNSET
    escobas: int | Unset = UNSET
    points: int | Unset = UNSET
    thirds: int | Unset = UNSET
    order: list[int] | Unset = UNSET
    accusi: list[EventAccusiItem] | Unset = UNSET
    score: Score | Unset = UNSET
    move: Move | Unset = UNSET
    by: EventBy | Unset = UNSET
    count: int | Unset = UNSET
    computer: None | PlayerLevel | Unset = UNSET
    seats: list[SeatsItem] | Unset = UNSET
    connected: bool | None | Unset = UNSET
    reason: str | Unset = UNSET
    match: Match | Unset = UNSET
    match_over: MatchOver | None | Unset = UNSET
    clock: TableClock | Unset = UNSET
    id: str | Unset = UNSET
    token: str | Unset = UNSET
    view: ViewRecord | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_accusi_item import EventAccusiItem # noqa: PLC0415
        from ..models.match import Match # noqa: PLC0415
        from ..models.match_over import MatchOver # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        from ..models.score import Score # noqa: PLC0415
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view_record import ViewRecord # noqa: PLC0415
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventToType0):
            to = self.to.value
        else:
            to = self.to

        version = self.version

        seat = self.seat

        card = self.card

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards



        dealer = self.dealer

        round_ = self.round_

        attempt = self.attempt

        stock = self.stock

        table: list[str] | Unset = UNSET
        if not isinstance(self.table, Unset):
            table = self.table



        trump_card = self.trump_card

        capture: list[str] | Unset = UNSET
        if not isinstance(self.capture, Unset):
            capture = self.capture



        cards_each = self.cards_each

        escobas = self.escobas

        points = self.points

        thirds = self.thirds

        order: list[int] | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = self.order



        accusi: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.accusi, Unset):
            accusi = []
            for accusi_item_data in self.accusi:
                accusi_item = accusi_item_data.to_dict()
                accusi.append(accusi_item)



        score: dict[str, Any] | Unset = UNSET
        if not isinstance(self.score, Unset):
            score = self.score.to_dict()

        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by.value


        count = self.count

        computer: None | str | Unset
        if isinstance(self.computer, Unset):
            computer = UNSET
        elif isinstance(self.computer, PlayerLevel):
            computer = self.computer.value
        else:
            computer = self.computer

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for componentsschemas_seats_item_data in self.seats:
                componentsschemas_seats_item = componentsschemas_seats_item_data.to_dict()
                seats.append(componentsschemas_seats_item)



        connected: bool | None | Unset
        if isinstance(self.connected, Unset):
            connected = UNSET
        else:
            connected = self.connected

        reason = self.reason

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        match_over: dict[str, Any] | None | Unset
        if isinstance(self.match_over, Unset):
            match_over = UNSET
        elif isinstance(self.match_over, MatchOver):
            match_over = self.match_over.to_dict()
        else:
            match_over = self.match_over

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        id = self.id

        token = self.token

        view: dict[str, Any] | Unset = UNSET
        if not isinstance(self.view, Unset):
            view = self.view.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
        })
        if version is not UNSET:
            field_dict["version"] = version
        if seat is not UNSET:
            field_dict["seat"] = seat
        if card is not UNSET:
            field_dict["card"] = card
        if cards is not UNSET:
            field_dict["cards"] = cards
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if round_ is not UNSET:
            field_dict["round"] = round_
        if attempt is not UNSET:
            field_dict["attempt"] = attempt
        if stock is not UNSET:
            field_dict["stock"] = stock
        if table is not UNSET:
            field_dict["table"] = table
        if trump_card is not UNSET:
            field_dict["trump_card"] = trump_card
        if capture is not UNSET:
            field_dict["capture"] = capture
        if cards_each is not UNSET:
            field_dict["cards_each"] = cards_each
        if escobas is not UNSET:
            field_dict["escobas"] = escobas
        if points is not UNSET:
            field_dict["points"] = points
        if thirds is not UNSET:
            field_dict["thirds"] = thirds
        if order is not UNSET:
            field_dict["order"] = order
        if accusi is not UNSET:
            field_dict["accusi"] = accusi
        if score is not UNSET:
            field_dict["score"] = score
        if move is not UNSET:
            field_dict["move"] = move
        if by is not UNSET:
            field_dict["by"] = by
        if count is not UNSET:
            field_dict["count"] = count
        if computer is not UNSET:
            field_dict["computer"] = computer
        if seats is not UNSET:
            field_dict["seats"] = seats
        if connected is not UNSET:
            field_dict["connected"] = connected
        if reason is not UNSET:
            field_dict["reason"] = reason
        if match is not UNSET:
            field_dict["match"] = match
        if match_over is not UNSET:
            field_dict["match_over"] = match_over
        if clock is not UNSET:
            field_dict["clock"] = clock
        if id is not UNSET:
            field_dict["id"] = id
        if token is not UNSET:
            field_dict["token"] = token
        if view is not UNSET:
            field_dict["view"] = view

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_accusi_item import EventAccusiItem # noqa: PLC0415
        from ..models.match import Match # noqa: PLC0415
        from ..models.match_over import MatchOver # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        from ..models.score import Score # noqa: PLC0415
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view_record import ViewRecord # noqa: PLC0415
        d = dict(src_dict)
        type_ = EventType(d.pop("type"))




        def _parse_to(data: object) -> EventToType0 | int:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_type_0 = EventToType0(data)



                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventToType0 | int, data)

        to = _parse_to(d.pop("to"))


        version = d.pop("version", UNSET)

        seat = d.pop("seat", UNSET)

        card = d.pop("card", UNSET)

        cards = cast(list[str], d.pop("cards", UNSET))


        dealer = d.pop("dealer", UNSET)

        round_ = d.pop("round", UNSET)

        attempt = d.pop("attempt", UNSET)

        stock = d.pop("stock", UNSET)

        table = cast(list[str], d.pop("table", UNSET))


        trump_card = d.pop("trump_card", UNSET)

        capture = cast(list[str], d.pop("capture", UNSET))


        cards_each = d.pop("cards_each", UNSET)

        escobas = d.pop("escobas", UNSET)

        points = d.pop("points", UNSET)

        thirds = d.pop("thirds", UNSET)

        order = cast(list[int], d.pop("order", UNSET))


        _accusi = d.pop("accusi", UNSET)
        accusi: list[EventAccusiItem] | Unset = UNSET
        if _accusi is not UNSET:
            accusi = []
            for accusi_item_data in _accusi:
                accusi_item = EventAccusiItem.from_dict(accusi_item_data)



                accusi.append(accusi_item)


        _score = d.pop("score", UNSET)
        score: Score | Unset
        if isinstance(_score,  Unset):
            score = UNSET
        else:
            score = Score.from_dict(_score)




        _move = d.pop("move", UNSET)
        move: Move | Unset
        if isinstance(_move,  Unset):
            move = UNSET
        else:
            move = Move.from_dict(_move)




        _by = d.pop("by", UNSET)
        by: EventBy | Unset
        if isinstance(_by,  Unset):
            by = UNSET
        else:
            by = EventBy(_by)




        count = d.pop("count", UNSET)

        def _parse_computer(data: object) -> None | PlayerLevel | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                computer_type_0 = PlayerLevel(data)



                return computer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerLevel | Unset, data)

        computer = _parse_computer(d.pop("computer", UNSET))


        _seats = d.pop("seats", UNSET)
        seats: list[SeatsItem] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for componentsschemas_seats_item_data in _seats:
                componentsschemas_seats_item = SeatsItem.from_dict(componentsschemas_seats_item_data)



                seats.append(componentsschemas_seats_item)


        def _parse_connected(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        connected = _parse_connected(d.pop("connected", UNSET))


        reason = d.pop("reason", UNSET)

        _match = d.pop("match", UNSET)
        match: Match | Unset
        if isinstance(_match,  Unset):
            match = UNSET
        else:
            match = Match.from_dict(_match)




        def _parse_match_over(data: object) -> MatchOver | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_nullable_match_over_type_0 = MatchOver.from_dict(data)



                return componentsschemas_nullable_match_over_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchOver | None | Unset, data)

        match_over = _parse_match_over(d.pop("match_over", UNSET))


        _clock = d.pop("clock", UNSET)
        clock: TableClock | Unset
        if isinstance(_clock,  Unset):
            clock = UNSET
        else:
            clock = TableClock.from_dict(_clock)




        id = d.pop("id", UNSET)

        token = d.pop("token", UNSET)

        _view = d.pop("view", UNSET)
        view: ViewRecord | Unset
        if isinstance(_view,  Unset):
            view = UNSET
        else:
            view = ViewRecord.from_dict(_view)




        event = cls(
            type_=type_,
            to=to,
            version=version,
            seat=seat,
            card=card,
            cards=cards,
            dealer=dealer,
            round_=round_,
            attempt=attempt,
            stock=stock,
            table=table,
            trump_card=trump_card,
            capture=capture,
            cards_each=cards_each,
            escobas=escobas,
            points=points,
            thirds=thirds,
            order=order,
            accusi=accusi,
            score=score,
            move=move,
            by=by,
            count=count,
            computer=computer,
            seats=seats,
            connected=connected,
            reason=reason,
            match=match,
            match_over=match_over,
            clock=clock,
            id=id,
            token=token,
            view=view,
        )


        event.additional_properties = d
        return event

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
