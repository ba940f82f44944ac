from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deck_style import DeckStyle
from ..models.view_record_phase import ViewRecordPhase
from ..models.view_record_trump_suit_type_1 import ViewRecordTrumpSuitType1
from ..models.view_record_trump_suit_type_2_type_1 import ViewRecordTrumpSuitType2Type1
from ..models.view_record_trump_suit_type_3_type_1 import ViewRecordTrumpSuitType3Type1
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.auction_entry_type_0 import AuctionEntryType0
  from ..models.auction_entry_type_1 import AuctionEntryType1
  from ..models.match import Match
  from ..models.rules import Rules
  from ..models.score import Score
  from ..models.session_fairness import SessionFairness
  from ..models.view_record_last_trick_type_0 import ViewRecordLastTrickType0
  from ..models.view_record_names import ViewRecordNames
  from ..models.view_record_trick_item import ViewRecordTrickItem





T = TypeVar("T", bound="ViewRecord")



@_attrs_define
class ViewRecord:
    """ The fields of a `View`, whose `names` only a `View` must carry: a session's `state_set` event holds the
    public view of the posted state without `names` (the reader's own view at that version has them).
    Each family of games carries its own fields and none of the others' (the `allOf` below, by `game`).

        Attributes:
            game (str):
            seat (int | None): The seat shown; null in the public view (a sealed table's owner, or the owner without
                `seat`).
            hand (list[str] | None): The seat's own cards; null in the public view, where every hand is face down.
            hand_sizes (list[int]):
            stock_count (int):
            players (int | Unset):
            dealer (int | Unset):
            turn (int | None | Unset):
            round_over (bool | Unset):
            rules (Rules | Unset): Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`);
                unknown names or values are a 400.
            deck (DeckStyle | Unset):
            match (Match | Unset):
            table (list[str] | Unset):
            sweeps (list[int] | Unset): Fishing games, each seat's sweeps (scope, escobas) this round.
            last_capturer (int | None | Unset):
            trick (list[ViewRecordTrickItem] | Unset): Trick games, the cards of the trick in play, from its leader on.
            leader (int | Unset):
            trump_card (str | Unset):
            trump_suit (None | Unset | ViewRecordTrumpSuitType1 | ViewRecordTrumpSuitType2Type1 |
                ViewRecordTrumpSuitType3Type1): Briscola, the trump suit; Briscola chiamata, the called card's suit, null before
                the call.
            trump_under_stock (bool | Unset): Briscola, whether the turned-up card still lies under the stock.
            sealed (bool | Unset): Whether the table is sealed: no token, the owner's included, can read a card before it is
                played face up
                ([docs/fairness.md](/docs/guide/fairness.md), sealed tables). `false`: the host could see every card.
            pile_sizes (list[int] | Unset):
            names (ViewRecordNames | Unset):
            captures (list[list[str]] | Unset): Every seat's pile, in the order taken; public, since every card in it was
                played face up.
            last_trick (None | Unset | ViewRecordLastTrickType0): The trick games, the last completed trick (null before the
                first); shown while the next is played.
            accusi_points (list[int] | Unset): Tressette, the points each seat has declared.
            declaration_points (list[int] | Unset): Cirulla, the points each seat has declared on the deals this round.
            shown_cards (list[list[str]] | Unset): Tressette for two, per seat the cards the table saw it draw that it still
                holds.
            phase (ViewRecordPhase | Unset): Briscola chiamata, the part of the hand: `auction` (bids and passes; still
                `auction` once a hand every
                seat passed is over), `call` (the auction's winner names the trump suit), `play` (the eight tricks).
            auction (list[AuctionEntryType0 | AuctionEntryType1] | Unset): Briscola chiamata, every bid and pass in order,
                public.
            caller (int | None | Unset):
            called_card (None | str | Unset): Briscola chiamata, the called card, public once called; null before the call.
            partner (int | None | Unset):
            score (Score | Unset):
            fairness (SessionFairness | Unset): Only for a round the service dealt from a seed it drew (`"seed": "server"`):
                the commitment from the
                start, the seed (and the salt mixed into it) once the round is over
                ([docs/fairness.md](/docs/guide/fairness.md)).
     """

    game: str
    seat: int | None
    hand: list[str] | None
    hand_sizes: list[int]
    stock_count: int
    players: int | Unset = UNSET
    dealer: int | Unset = UNSET
    turn: int | None | Unset = UNSET
    round_over: bool | Unset = UNSET
    rules: Rules | Unset = UNSET
    deck: DeckStyle | Unset = UNSET
    match: Match | Unset = UNSET
    table: list[str] | Unset = UNSET
    sweeps: list[int] | Unset = UNSET
    last_capturer: int | None | Unset = UNSET
    trick: list[ViewRecordTrickItem] | Unset = UNSET
    leader: int | Unset = UNSET
    trump_card: str | Unset = UNSET
    trump_suit: None | Unset | ViewRecordTrumpSuitType1 | ViewRecordTrumpSuitType2Type1 | ViewRecordTrumpSuitType3Type1 = UNSET
    trump_under_stock: bool | Unset = UNSET
    sealed: bool | Unset = UNSET
    pile_sizes: list[int] | Unset = UNSET
    names: ViewRecordNames | Unset = UNSET
    captures: list[list[str]] | Unset = UNSET
    last_trick: None | Unset | ViewRecordLastTrickType0 = UNSET
    accusi_points: list[int] | Unset = UNSET
    declaration_points: list[int] | Unset = UNSET
    shown_cards: list[list[str]] | Unset = UNSET
    phase: ViewRecordPhase | Unset = UNSET
    auction: list[AuctionEntryType0 | AuctionEntryType1] | Unset = UNSET
    caller: int | None | Unset = UNSET
    called_card: None | str | Unset = UNSET
    partner: int | None | Unset = UNSET
    score: Score | Unset = UNSET
    fairness: SessionFairness | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.auction_entry_type_0 import AuctionEntryType0 # noqa: PLC0415
        from ..models.auction_entry_type_1 import AuctionEntryType1 # noqa: PLC0415
        from ..models.match import Match # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.score import Score # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        from ..models.view_record_last_trick_type_0 import ViewRecordLastTrickType0 # noqa: PLC0415
        from ..models.view_record_names import ViewRecordNames # noqa: PLC0415
        from ..models.view_record_trick_item import ViewRecordTrickItem # noqa: PLC0415
        game = self.game

        seat: int | None
        seat = self.seat

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand


        else:
            hand = self.hand

        hand_sizes = self.hand_sizes



        stock_count = self.stock_count

        players = self.players

        dealer = self.dealer

        turn: int | None | Unset
        if isinstance(self.turn, Unset):
            turn = UNSET
        else:
            turn = self.turn

        round_over = self.round_over

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        deck: str | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = self.deck.value


        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        table: list[str] | Unset = UNSET
        if not isinstance(self.table, Unset):
            table = self.table



        sweeps: list[int] | Unset = UNSET
        if not isinstance(self.sweeps, Unset):
            sweeps = self.sweeps



        last_capturer: int | None | Unset
        if isinstance(self.last_capturer, Unset):
            last_capturer = UNSET
        else:
            last_capturer = self.last_capturer

        trick: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.trick, Unset):
            trick = []
            for trick_item_data in self.trick:
                trick_item = trick_item_data.to_dict()
                trick.append(trick_item)



        leader = self.leader

        trump_card = self.trump_card

        trump_suit: None | str | Unset
        if isinstance(self.trump_suit, Unset):
            trump_suit = UNSET
        elif isinstance(self.trump_suit, ViewRecordTrumpSuitType1):
            trump_suit = self.trump_suit.value
        elif isinstance(self.trump_suit, ViewRecordTrumpSuitType2Type1):
            trump_suit = self.trump_suit.value
        elif isinstance(self.trump_suit, ViewRecordTrumpSuitType3Type1):
            trump_suit = self.trump_suit.value
        else:
            trump_suit = self.trump_suit

        trump_under_stock = self.trump_under_stock

        sealed = self.sealed

        pile_sizes: list[int] | Unset = UNSET
        if not isinstance(self.pile_sizes, Unset):
            pile_sizes = self.pile_sizes



        names: dict[str, Any] | Unset = UNSET
        if not isinstance(self.names, Unset):
            names = self.names.to_dict()

        captures: list[list[str]] | Unset = UNSET
        if not isinstance(self.captures, Unset):
            captures = []
            for captures_item_data in self.captures:
                captures_item = captures_item_data


                captures.append(captures_item)



        last_trick: dict[str, Any] | None | Unset
        if isinstance(self.last_trick, Unset):
            last_trick = UNSET
        elif isinstance(self.last_trick, ViewRecordLastTrickType0):
            last_trick = self.last_trick.to_dict()
        else:
            last_trick = self.last_trick

        accusi_points: list[int] | Unset = UNSET
        if not isinstance(self.accusi_points, Unset):
            accusi_points = self.accusi_points



        declaration_points: list[int] | Unset = UNSET
        if not isinstance(self.declaration_points, Unset):
            declaration_points = self.declaration_points



        shown_cards: list[list[str]] | Unset = UNSET
        if not isinstance(self.shown_cards, Unset):
            shown_cards = []
            for shown_cards_item_data in self.shown_cards:
                shown_cards_item = shown_cards_item_data


                shown_cards.append(shown_cards_item)



        phase: str | Unset = UNSET
        if not isinstance(self.phase, Unset):
            phase = self.phase.value


        auction: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.auction, Unset):
            auction = []
            for auction_item_data in self.auction:
                auction_item: dict[str, Any]
                if isinstance(auction_item_data, AuctionEntryType0):
                    auction_item = auction_item_data.to_dict()
                else:
                    auction_item = auction_item_data.to_dict()

                auction.append(auction_item)



        caller: int | None | Unset
        if isinstance(self.caller, Unset):
            caller = UNSET
        else:
            caller = self.caller

        called_card: None | str | Unset
        if isinstance(self.called_card, Unset):
            called_card = UNSET
        else:
            called_card = self.called_card

        partner: int | None | Unset
        if isinstance(self.partner, Unset):
            partner = UNSET
        else:
            partner = self.partner

        score: dict[str, Any] | Unset = UNSET
        if not isinstance(self.score, Unset):
            score = self.score.to_dict()

        fairness: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fairness, Unset):
            fairness = self.fairness.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game": game,
            "seat": seat,
            "hand": hand,
            "hand_sizes": hand_sizes,
            "stock_count": stock_count,
        })
        if players is not UNSET:
            field_dict["players"] = players
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if turn is not UNSET:
            field_dict["turn"] = turn
        if round_over is not UNSET:
            field_dict["round_over"] = round_over
        if rules is not UNSET:
            field_dict["rules"] = rules
        if deck is not UNSET:
            field_dict["deck"] = deck
        if match is not UNSET:
            field_dict["match"] = match
        if table is not UNSET:
            field_dict["table"] = table
        if sweeps is not UNSET:
            field_dict["sweeps"] = sweeps
        if last_capturer is not UNSET:
            field_dict["last_capturer"] = last_capturer
        if trick is not UNSET:
            field_dict["trick"] = trick
        if leader is not UNSET:
            field_dict["leader"] = leader
        if trump_card is not UNSET:
            field_dict["trump_card"] = trump_card
        if trump_suit is not UNSET:
            field_dict["trump_suit"] = trump_suit
        if trump_under_stock is not UNSET:
            field_dict["trump_under_stock"] = trump_under_stock
        if sealed is not UNSET:
            field_dict["sealed"] = sealed
        if pile_sizes is not UNSET:
            field_dict["pile_sizes"] = pile_sizes
        if names is not UNSET:
            field_dict["names"] = names
        if captures is not UNSET:
            field_dict["captures"] = captures
        if last_trick is not UNSET:
            field_dict["last_trick"] = last_trick
        if accusi_points is not UNSET:
            field_dict["accusi_points"] = accusi_points
        if declaration_points is not UNSET:
            field_dict["declaration_points"] = declaration_points
        if shown_cards is not UNSET:
            field_dict["shown_cards"] = shown_cards
        if phase is not UNSET:
            field_dict["phase"] = phase
        if auction is not UNSET:
            field_dict["auction"] = auction
        if caller is not UNSET:
            field_dict["caller"] = caller
        if called_card is not UNSET:
            field_dict["called_card"] = called_card
        if partner is not UNSET:
            field_dict["partner"] = partner
        if score is not UNSET:
            field_dict["score"] = score
        if fairness is not UNSET:
            field_dict["fairness"] = fairness

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auction_entry_type_0 import AuctionEntryType0 # noqa: PLC0415
        from ..models.auction_entry_type_1 import AuctionEntryType1 # noqa: PLC0415
        from ..models.match import Match # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.score import Score # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        from ..models.view_record_last_trick_type_0 import ViewRecordLastTrickType0 # noqa: PLC0415
        from ..models.view_record_names import ViewRecordNames # noqa: PLC0415
        from ..models.view_record_trick_item import ViewRecordTrickItem # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        def _parse_hand(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        hand = _parse_hand(d.pop("hand"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        stock_count = d.pop("stock_count")

        players = d.pop("players", UNSET)

        dealer = d.pop("dealer", UNSET)

        def _parse_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn = _parse_turn(d.pop("turn", UNSET))


        round_over = d.pop("round_over", UNSET)

        _rules = d.pop("rules", UNSET)
        rules: Rules | Unset
        if isinstance(_rules,  Unset):
            rules = UNSET
        else:
            rules = Rules.from_dict(_rules)




        _deck = d.pop("deck", UNSET)
        deck: DeckStyle | Unset
        if isinstance(_deck,  Unset):
            deck = UNSET
        else:
            deck = DeckStyle(_deck)




        _match = d.pop("match", UNSET)
        match: Match | Unset
        if isinstance(_match,  Unset):
            match = UNSET
        else:
            match = Match.from_dict(_match)




        table = cast(list[str], d.pop("table", UNSET))


        sweeps = cast(list[int], d.pop("sweeps", UNSET))


        def _parse_last_capturer(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_capturer = _parse_last_capturer(d.pop("last_capturer", UNSET))


        _trick = d.pop("trick", UNSET)
        trick: list[ViewRecordTrickItem] | Unset = UNSET
        if _trick is not UNSET:
            trick = []
            for trick_item_data in _trick:
                trick_item = ViewRecordTrickItem.from_dict(trick_item_data)



                trick.append(trick_item)


        leader = d.pop("leader", UNSET)

        trump_card = d.pop("trump_card", UNSET)

        def _parse_trump_suit(data: object) -> None | Unset | ViewRecordTrumpSuitType1 | ViewRecordTrumpSuitType2Type1 | ViewRecordTrumpSuitType3Type1:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_suit_type_1 = ViewRecordTrumpSuitType1(data)



                return trump_suit_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_suit_type_2_type_1 = ViewRecordTrumpSuitType2Type1(data)



                return trump_suit_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_suit_type_3_type_1 = ViewRecordTrumpSuitType3Type1(data)



                return trump_suit_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | ViewRecordTrumpSuitType1 | ViewRecordTrumpSuitType2Type1 | ViewRecordTrumpSuitType3Type1, data)

        trump_suit = _parse_trump_suit(d.pop("trump_suit", UNSET))


        trump_under_stock = d.pop("trump_under_stock", UNSET)

        sealed = d.pop("sealed", UNSET)

        pile_sizes = cast(list[int], d.pop("pile_sizes", UNSET))


        _names = d.pop("names", UNSET)
        names: ViewRecordNames | Unset
        if isinstance(_names,  Unset):
            names = UNSET
        else:
            names = ViewRecordNames.from_dict(_names)




        _captures = d.pop("captures", UNSET)
        captures: list[list[str]] | Unset = UNSET
        if _captures is not UNSET:
            captures = []
            for captures_item_data in _captures:
                captures_item = cast(list[str], captures_item_data)

                captures.append(captures_item)


        def _parse_last_trick(data: object) -> None | Unset | ViewRecordLastTrickType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_trick_type_0 = ViewRecordLastTrickType0.from_dict(data)



                return last_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | ViewRecordLastTrickType0, data)

        last_trick = _parse_last_trick(d.pop("last_trick", UNSET))


        accusi_points = cast(list[int], d.pop("accusi_points", UNSET))


        declaration_points = cast(list[int], d.pop("declaration_points", UNSET))


        _shown_cards = d.pop("shown_cards", UNSET)
        shown_cards: list[list[str]] | Unset = UNSET
        if _shown_cards is not UNSET:
            shown_cards = []
            for shown_cards_item_data in _shown_cards:
                shown_cards_item = cast(list[str], shown_cards_item_data)

                shown_cards.append(shown_cards_item)


        _phase = d.pop("phase", UNSET)
        phase: ViewRecordPhase | Unset
        if isinstance(_phase,  Unset):
            phase = UNSET
        else:
            phase = ViewRecordPhase(_phase)




        _auction = d.pop("auction", UNSET)
        auction: list[AuctionEntryType0 | AuctionEntryType1] | Unset = UNSET
        if _auction is not UNSET:
            auction = []
            for auction_item_data in _auction:
                def _parse_auction_item(data: object) -> AuctionEntryType0 | AuctionEntryType1:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_auction_entry_type_0 = AuctionEntryType0.from_dict(data)



                        return componentsschemas_auction_entry_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_auction_entry_type_1 = AuctionEntryType1.from_dict(data)



                    return componentsschemas_auction_entry_type_1

                auction_item = _parse_auction_item(auction_item_data)

                auction.append(auction_item)


        def _parse_caller(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        caller = _parse_caller(d.pop("caller", UNSET))


        def _parse_called_card(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        called_card = _parse_called_card(d.pop("called_card", UNSET))


        def _parse_partner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        partner = _parse_partner(d.pop("partner", UNSET))


        _score = d.pop("score", UNSET)
        score: Score | Unset
        if isinstance(_score,  Unset):
            score = UNSET
        else:
            score = Score.from_dict(_score)




        _fairness = d.pop("fairness", UNSET)
        fairness: SessionFairness | Unset
        if isinstance(_fairness,  Unset):
            fairness = UNSET
        else:
            fairness = SessionFairness.from_dict(_fairness)




        view_record = cls(
            game=game,
            seat=seat,
            hand=hand,
            hand_sizes=hand_sizes,
            stock_count=stock_count,
            players=players,
            dealer=dealer,
            turn=turn,
            round_over=round_over,
            rules=rules,
            deck=deck,
            match=match,
            table=table,
            sweeps=sweeps,
            last_capturer=last_capturer,
            trick=trick,
            leader=leader,
            trump_card=trump_card,
            trump_suit=trump_suit,
            trump_under_stock=trump_under_stock,
            sealed=sealed,
            pile_sizes=pile_sizes,
            names=names,
            captures=captures,
            last_trick=last_trick,
            accusi_points=accusi_points,
            declaration_points=declaration_points,
            shown_cards=shown_cards,
            phase=phase,
            auction=auction,
            caller=caller,
            called_card=called_card,
            partner=partner,
            score=score,
            fairness=fairness,
        )


        view_record.additional_properties = d
        return view_record

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
