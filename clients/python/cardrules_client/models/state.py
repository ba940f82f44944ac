from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deck_style import DeckStyle
from ..models.state_phase import StatePhase
from ..models.state_trump_suit_type_1 import StateTrumpSuitType1
from ..models.state_trump_suit_type_2_type_1 import StateTrumpSuitType2Type1
from ..models.state_trump_suit_type_3_type_1 import StateTrumpSuitType3Type1
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.auction_entry_type_0 import AuctionEntryType0
  from ..models.auction_entry_type_1 import AuctionEntryType1
  from ..models.match import Match
  from ..models.rules import Rules
  from ..models.state_shown_cards_item import StateShownCardsItem
  from ..models.state_trick_item import StateTrickItem





T = TypeVar("T", bound="State")



@_attrs_define
class State:
    """ A round as the caller keeps it. Fishing games (scopa, scopone, escoba, cirulla) need `table` and `sweeps`
    (and `last_capturer` once a pile has cards; Cirulla's `declaration_points` defaults to none declared); Briscola
    needs `trump_card` and `leader` (`trick` defaults to
    empty); Tressette needs `leader` (`trick`, `accusi_points` and `shown_cards` default to empty); Briscola
    chiamata needs `leader` (`auction` and `trick` default to empty, `called_card` and `partner` to null).
    `turn`, `round_over` and Briscola's `trump_suit` are derived from the cards; when sent they must agree.
    Briscola chiamata's answers add `phase`, `caller` and `trump_suit`, read from the auction and the called
    card, which it ignores when they are sent back. Another game's field (a `table` in a Briscola state) is
    checked against its bounds here, then ignored; unknown fields are ignored.

        Attributes:
            players (int):
            dealer (int):
            hands (list[list[str]]):
            stock (list[str]):
            captures (list[list[str]]):
            game (str | Unset):
            rules (Rules | Unset): Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`);
                unknown names or values are a 400.
            turn (int | None | Unset):
            round_over (bool | Unset):
            deck (DeckStyle | Unset):
            match (Match | Unset):
            table (list[str] | Unset):
            sweeps (list[int] | Unset):
            last_capturer (int | None | Unset):
            trump_card (str | Unset):
            trump_suit (None | StateTrumpSuitType1 | StateTrumpSuitType2Type1 | StateTrumpSuitType3Type1 | Unset): Briscola,
                the trump card's suit (never null); Briscola chiamata, the called card's suit, null before
                the call (output only).
            trick (list[StateTrickItem] | Unset):
            leader (int | Unset):
            accusi_points (list[int] | Unset): Tressette, the points each seat has declared (accusi); all 0 with `accusi`
                off.
            shown_cards (list[StateShownCardsItem] | Unset): Tressette for two, the cards drawn face up from the stock that
                their seat still holds.
            declaration_points (list[int] | Unset): Cirulla, the points each seat has declared on the deals this round (all
                0 when none).
            phase (StatePhase | Unset): Briscola chiamata, output only: `auction` (bids and passes; still `auction` once a
                hand every seat
                passed is over), `call` (the auction's winner names the trump suit), `play` (the eight tricks).
            caller (int | None | Unset):
            auction (list[AuctionEntryType0 | AuctionEntryType1] | Unset): Briscola chiamata, every bid and pass in order,
                from the seat after the dealer (omitted: none yet).
                Each bid beats the one before; a seat that passed speaks no more; the auction ends when all but one
                seat have passed (that seat calls) or all have (the hand is thrown in).
            called_card (None | str | Unset): Briscola chiamata, the card the auction's winner called (the rank won, of the
                suit it named: that
                suit is trump); null (or omitted) until the call. Its holder is the caller's hidden partner.
            partner (int | None | Unset):
     """

    players: int
    dealer: int
    hands: list[list[str]]
    stock: list[str]
    captures: list[list[str]]
    game: str | Unset = UNSET
    rules: Rules | Unset = UNSET
    turn: int | None | Unset = UNSET
    round_over: bool | Unset = UNSET
    deck: DeckStyle | Unset = UNSET
    match: Match | Unset = UNSET
    table: list[str] | Unset = UNSET
    sweeps: list[int] | Unset = UNSET
    last_capturer: int | None | Unset = UNSET
    trump_card: str | Unset = UNSET
    trump_suit: None | StateTrumpSuitType1 | StateTrumpSuitType2Type1 | StateTrumpSuitType3Type1 | Unset = UNSET
    trick: list[StateTrickItem] | Unset = UNSET
    leader: int | Unset = UNSET
    accusi_points: list[int] | Unset = UNSET
    shown_cards: list[StateShownCardsItem] | Unset = UNSET
    declaration_points: list[int] | Unset = UNSET
    phase: StatePhase | Unset = UNSET
    caller: int | None | Unset = UNSET
    auction: list[AuctionEntryType0 | AuctionEntryType1] | Unset = UNSET
    called_card: None | str | Unset = UNSET
    partner: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.auction_entry_type_0 import AuctionEntryType0 # noqa: PLC0415
        from ..models.auction_entry_type_1 import AuctionEntryType1 # noqa: PLC0415
        from ..models.match import Match # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.state_shown_cards_item import StateShownCardsItem # noqa: PLC0415
        from ..models.state_trick_item import StateTrickItem # noqa: PLC0415
        players = self.players

        dealer = self.dealer

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data


            hands.append(hands_item)



        stock = self.stock



        captures = []
        for captures_item_data in self.captures:
            captures_item = captures_item_data


            captures.append(captures_item)



        game = self.game

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        turn: int | None | Unset
        if isinstance(self.turn, Unset):
            turn = UNSET
        else:
            turn = self.turn

        round_over = self.round_over

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

        trump_card = self.trump_card

        trump_suit: None | str | Unset
        if isinstance(self.trump_suit, Unset):
            trump_suit = UNSET
        elif isinstance(self.trump_suit, StateTrumpSuitType1):
            trump_suit = self.trump_suit.value
        elif isinstance(self.trump_suit, StateTrumpSuitType2Type1):
            trump_suit = self.trump_suit.value
        elif isinstance(self.trump_suit, StateTrumpSuitType3Type1):
            trump_suit = self.trump_suit.value
        else:
            trump_suit = self.trump_suit

        trick: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.trick, Unset):
            trick = []
            for trick_item_data in self.trick:
                trick_item = trick_item_data.to_dict()
                trick.append(trick_item)



        leader = self.leader

        accusi_points: list[int] | Unset = UNSET
        if not isinstance(self.accusi_points, Unset):
            accusi_points = self.accusi_points



        shown_cards: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.shown_cards, Unset):
            shown_cards = []
            for shown_cards_item_data in self.shown_cards:
                shown_cards_item = shown_cards_item_data.to_dict()
                shown_cards.append(shown_cards_item)



        declaration_points: list[int] | Unset = UNSET
        if not isinstance(self.declaration_points, Unset):
            declaration_points = self.declaration_points



        phase: str | Unset = UNSET
        if not isinstance(self.phase, Unset):
            phase = self.phase.value


        caller: int | None | Unset
        if isinstance(self.caller, Unset):
            caller = UNSET
        else:
            caller = self.caller

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


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "players": players,
            "dealer": dealer,
            "hands": hands,
            "stock": stock,
            "captures": captures,
        })
        if game is not UNSET:
            field_dict["game"] = game
        if rules is not UNSET:
            field_dict["rules"] = rules
        if turn is not UNSET:
            field_dict["turn"] = turn
        if round_over is not UNSET:
            field_dict["round_over"] = round_over
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
        if trump_card is not UNSET:
            field_dict["trump_card"] = trump_card
        if trump_suit is not UNSET:
            field_dict["trump_suit"] = trump_suit
        if trick is not UNSET:
            field_dict["trick"] = trick
        if leader is not UNSET:
            field_dict["leader"] = leader
        if accusi_points is not UNSET:
            field_dict["accusi_points"] = accusi_points
        if shown_cards is not UNSET:
            field_dict["shown_cards"] = shown_cards
        if declaration_points is not UNSET:
            field_dict["declaration_points"] = declaration_points
        if phase is not UNSET:
            field_dict["phase"] = phase
        if caller is not UNSET:
            field_dict["caller"] = caller
        if auction is not UNSET:
            field_dict["auction"] = auction
        if called_card is not UNSET:
            field_dict["called_card"] = called_card
        if partner is not UNSET:
            field_dict["partner"] = partner

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auction_entry_type_0 import AuctionEntryType0 # noqa: PLC0415
        from ..models.auction_entry_type_1 import AuctionEntryType1 # noqa: PLC0415
        from ..models.match import Match # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.state_shown_cards_item import StateShownCardsItem # noqa: PLC0415
        from ..models.state_trick_item import StateTrickItem # noqa: PLC0415
        d = dict(src_dict)
        players = d.pop("players")

        dealer = d.pop("dealer")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)


        stock = cast(list[str], d.pop("stock"))


        captures = []
        _captures = d.pop("captures")
        for captures_item_data in (_captures):
            captures_item = cast(list[str], captures_item_data)

            captures.append(captures_item)


        game = d.pop("game", UNSET)

        _rules = d.pop("rules", UNSET)
        rules: Rules | Unset
        if isinstance(_rules,  Unset):
            rules = UNSET
        else:
            rules = Rules.from_dict(_rules)




        def _parse_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn = _parse_turn(d.pop("turn", UNSET))


        round_over = d.pop("round_over", UNSET)

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


        trump_card = d.pop("trump_card", UNSET)

        def _parse_trump_suit(data: object) -> None | StateTrumpSuitType1 | StateTrumpSuitType2Type1 | StateTrumpSuitType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_suit_type_1 = StateTrumpSuitType1(data)



                return trump_suit_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_suit_type_2_type_1 = StateTrumpSuitType2Type1(data)



                return trump_suit_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_suit_type_3_type_1 = StateTrumpSuitType3Type1(data)



                return trump_suit_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StateTrumpSuitType1 | StateTrumpSuitType2Type1 | StateTrumpSuitType3Type1 | Unset, data)

        trump_suit = _parse_trump_suit(d.pop("trump_suit", UNSET))


        _trick = d.pop("trick", UNSET)
        trick: list[StateTrickItem] | Unset = UNSET
        if _trick is not UNSET:
            trick = []
            for trick_item_data in _trick:
                trick_item = StateTrickItem.from_dict(trick_item_data)



                trick.append(trick_item)


        leader = d.pop("leader", UNSET)

        accusi_points = cast(list[int], d.pop("accusi_points", UNSET))


        _shown_cards = d.pop("shown_cards", UNSET)
        shown_cards: list[StateShownCardsItem] | Unset = UNSET
        if _shown_cards is not UNSET:
            shown_cards = []
            for shown_cards_item_data in _shown_cards:
                shown_cards_item = StateShownCardsItem.from_dict(shown_cards_item_data)



                shown_cards.append(shown_cards_item)


        declaration_points = cast(list[int], d.pop("declaration_points", UNSET))


        _phase = d.pop("phase", UNSET)
        phase: StatePhase | Unset
        if isinstance(_phase,  Unset):
            phase = UNSET
        else:
            phase = StatePhase(_phase)




        def _parse_caller(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        caller = _parse_caller(d.pop("caller", UNSET))


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


        state = cls(
            players=players,
            dealer=dealer,
            hands=hands,
            stock=stock,
            captures=captures,
            game=game,
            rules=rules,
            turn=turn,
            round_over=round_over,
            deck=deck,
            match=match,
            table=table,
            sweeps=sweeps,
            last_capturer=last_capturer,
            trump_card=trump_card,
            trump_suit=trump_suit,
            trick=trick,
            leader=leader,
            accusi_points=accusi_points,
            shown_cards=shown_cards,
            declaration_points=declaration_points,
            phase=phase,
            caller=caller,
            auction=auction,
            called_card=called_card,
            partner=partner,
        )


        state.additional_properties = d
        return state

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
