from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.accusi_declared_event import AccusiDeclaredEvent
  from ..models.auction_won_event import AuctionWonEvent
  from ..models.bid_event import BidEvent
  from ..models.card_called_event import CardCalledEvent
  from ..models.card_drawn_event import CardDrawnEvent
  from ..models.card_played_event import CardPlayedEvent
  from ..models.cards_dealt_event import CardsDealtEvent
  from ..models.cards_drawn_event import CardsDrawnEvent
  from ..models.clock_event import ClockEvent
  from ..models.dealer_bonus_event import DealerBonusEvent
  from ..models.dealt_event import DealtEvent
  from ..models.hand_dealt_event import HandDealtEvent
  from ..models.hand_declared_event import HandDeclaredEvent
  from ..models.match_over_event import MatchOverEvent
  from ..models.partner_revealed_event import PartnerRevealedEvent
  from ..models.passed_event import PassedEvent
  from ..models.presence_event import PresenceEvent
  from ..models.redeal_event import RedealEvent
  from ..models.rematch_event import RematchEvent
  from ..models.round_over_event import RoundOverEvent
  from ..models.seat_changed_event import SeatChangedEvent
  from ..models.seat_reissued_event import SeatReissuedEvent
  from ..models.state import State
  from ..models.state_set_event import StateSetEvent
  from ..models.sweep_event import SweepEvent
  from ..models.table_collected_event import TableCollectedEvent
  from ..models.table_event import TableEvent
  from ..models.thrown_in_event import ThrownInEvent
  from ..models.trick_won_event import TrickWonEvent
  from ..models.trump_exchanged_event import TrumpExchangedEvent





T = TypeVar("T", bound="Dealt")



@_attrs_define
class Dealt:
    """ 
        Attributes:
            state (State): A round as the caller keeps it. Fishing games (scopa, scopone, escoba, cirulla) need `table` and
                `sweeps`
                (and `last_capturer` once a pile has cards; Cirulla's `declaration_points` defaults to none declared); Briscola
                needs `trump_card` and `leader` (`trick` defaults to
                empty); Tressette needs `leader` (`trick`, `accusi_points` and `shown_cards` default to empty); Briscola
                chiamata needs `leader` (`auction` and `trick` default to empty, `called_card` and `partner` to null).
                `turn`, `round_over` and Briscola's `trump_suit` are derived from the cards; when sent they must agree.
                Briscola chiamata's answers add `phase`, `caller` and `trump_suit`, read from the auction and the called
                card, which it ignores when they are sent back. Another game's field (a `table` in a Briscola state) is
                checked against its bounds here, then ignored; unknown fields are ignored.
            events (list[AccusiDeclaredEvent | AuctionWonEvent | BidEvent | CardCalledEvent | CardDrawnEvent |
                CardPlayedEvent | CardsDealtEvent | CardsDrawnEvent | ClockEvent | DealerBonusEvent | DealtEvent |
                HandDealtEvent | HandDeclaredEvent | MatchOverEvent | PartnerRevealedEvent | PassedEvent | PresenceEvent |
                RedealEvent | RematchEvent | RoundOverEvent | SeatChangedEvent | SeatReissuedEvent | StateSetEvent | SweepEvent
                | TableCollectedEvent | TableEvent | ThrownInEvent | TrickWonEvent | TrumpExchangedEvent]):
            seed_commitment (str | Unset): SHA-256 of the commitment encoding of [docs/fairness.md](/docs/guide/fairness.md)
                (`"seed": "server"` only).
            sealed_seed (str | Unset): The seed, encrypted and authenticated by the service; opened only by `replay`.
     """

    state: State
    events: list[AccusiDeclaredEvent | AuctionWonEvent | BidEvent | CardCalledEvent | CardDrawnEvent | CardPlayedEvent | CardsDealtEvent | CardsDrawnEvent | ClockEvent | DealerBonusEvent | DealtEvent | HandDealtEvent | HandDeclaredEvent | MatchOverEvent | PartnerRevealedEvent | PassedEvent | PresenceEvent | RedealEvent | RematchEvent | RoundOverEvent | SeatChangedEvent | SeatReissuedEvent | StateSetEvent | SweepEvent | TableCollectedEvent | TableEvent | ThrownInEvent | TrickWonEvent | TrumpExchangedEvent]
    seed_commitment: str | Unset = UNSET
    sealed_seed: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.accusi_declared_event import AccusiDeclaredEvent # noqa: PLC0415
        from ..models.auction_won_event import AuctionWonEvent # noqa: PLC0415
        from ..models.bid_event import BidEvent # noqa: PLC0415
        from ..models.card_called_event import CardCalledEvent # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent # noqa: PLC0415
        from ..models.cards_dealt_event import CardsDealtEvent # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent # noqa: PLC0415
        from ..models.clock_event import ClockEvent # noqa: PLC0415
        from ..models.dealer_bonus_event import DealerBonusEvent # noqa: PLC0415
        from ..models.dealt_event import DealtEvent # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent # noqa: PLC0415
        from ..models.hand_declared_event import HandDeclaredEvent # noqa: PLC0415
        from ..models.match_over_event import MatchOverEvent # noqa: PLC0415
        from ..models.partner_revealed_event import PartnerRevealedEvent # noqa: PLC0415
        from ..models.passed_event import PassedEvent # noqa: PLC0415
        from ..models.presence_event import PresenceEvent # noqa: PLC0415
        from ..models.redeal_event import RedealEvent # noqa: PLC0415
        from ..models.rematch_event import RematchEvent # noqa: PLC0415
        from ..models.round_over_event import RoundOverEvent # noqa: PLC0415
        from ..models.seat_changed_event import SeatChangedEvent # noqa: PLC0415
        from ..models.seat_reissued_event import SeatReissuedEvent # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        from ..models.state_set_event import StateSetEvent # noqa: PLC0415
        from ..models.sweep_event import SweepEvent # noqa: PLC0415
        from ..models.table_collected_event import TableCollectedEvent # noqa: PLC0415
        from ..models.table_event import TableEvent # noqa: PLC0415
        from ..models.thrown_in_event import ThrownInEvent # noqa: PLC0415
        from ..models.trick_won_event import TrickWonEvent # noqa: PLC0415
        from ..models.trump_exchanged_event import TrumpExchangedEvent # noqa: PLC0415
        state = self.state.to_dict()

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, DealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RedealEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandDealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsDealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DealerBonusEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SweepEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableCollectedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TrickWonEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TrumpExchangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AccusiDeclaredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandDeclaredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BidEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PassedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, AuctionWonEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ThrownInEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardCalledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PartnerRevealedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundOverEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StateSetEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatReissuedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatChangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PresenceEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, MatchOverEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ClockEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)



        seed_commitment = self.seed_commitment

        sealed_seed = self.sealed_seed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "state": state,
            "events": events,
        })
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment
        if sealed_seed is not UNSET:
            field_dict["sealed_seed"] = sealed_seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.accusi_declared_event import AccusiDeclaredEvent # noqa: PLC0415
        from ..models.auction_won_event import AuctionWonEvent # noqa: PLC0415
        from ..models.bid_event import BidEvent # noqa: PLC0415
        from ..models.card_called_event import CardCalledEvent # noqa: PLC0415
        from ..models.card_drawn_event import CardDrawnEvent # noqa: PLC0415
        from ..models.card_played_event import CardPlayedEvent # noqa: PLC0415
        from ..models.cards_dealt_event import CardsDealtEvent # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent # noqa: PLC0415
        from ..models.clock_event import ClockEvent # noqa: PLC0415
        from ..models.dealer_bonus_event import DealerBonusEvent # noqa: PLC0415
        from ..models.dealt_event import DealtEvent # noqa: PLC0415
        from ..models.hand_dealt_event import HandDealtEvent # noqa: PLC0415
        from ..models.hand_declared_event import HandDeclaredEvent # noqa: PLC0415
        from ..models.match_over_event import MatchOverEvent # noqa: PLC0415
        from ..models.partner_revealed_event import PartnerRevealedEvent # noqa: PLC0415
        from ..models.passed_event import PassedEvent # noqa: PLC0415
        from ..models.presence_event import PresenceEvent # noqa: PLC0415
        from ..models.redeal_event import RedealEvent # noqa: PLC0415
        from ..models.rematch_event import RematchEvent # noqa: PLC0415
        from ..models.round_over_event import RoundOverEvent # noqa: PLC0415
        from ..models.seat_changed_event import SeatChangedEvent # noqa: PLC0415
        from ..models.seat_reissued_event import SeatReissuedEvent # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        from ..models.state_set_event import StateSetEvent # noqa: PLC0415
        from ..models.sweep_event import SweepEvent # noqa: PLC0415
        from ..models.table_collected_event import TableCollectedEvent # noqa: PLC0415
        from ..models.table_event import TableEvent # noqa: PLC0415
        from ..models.thrown_in_event import ThrownInEvent # noqa: PLC0415
        from ..models.trick_won_event import TrickWonEvent # noqa: PLC0415
        from ..models.trump_exchanged_event import TrumpExchangedEvent # noqa: PLC0415
        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))




        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            def _parse_events_item(data: object) -> AccusiDeclaredEvent | AuctionWonEvent | BidEvent | CardCalledEvent | CardDrawnEvent | CardPlayedEvent | CardsDealtEvent | CardsDrawnEvent | ClockEvent | DealerBonusEvent | DealtEvent | HandDealtEvent | HandDeclaredEvent | MatchOverEvent | PartnerRevealedEvent | PassedEvent | PresenceEvent | RedealEvent | RematchEvent | RoundOverEvent | SeatChangedEvent | SeatReissuedEvent | StateSetEvent | SweepEvent | TableCollectedEvent | TableEvent | ThrownInEvent | TrickWonEvent | TrumpExchangedEvent:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = DealtEvent.from_dict(data)



                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = RedealEvent.from_dict(data)



                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = HandDealtEvent.from_dict(data)



                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = CardsDealtEvent.from_dict(data)



                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = DealerBonusEvent.from_dict(data)



                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = CardPlayedEvent.from_dict(data)



                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = SweepEvent.from_dict(data)



                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = TableCollectedEvent.from_dict(data)



                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = TrickWonEvent.from_dict(data)



                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_9 = CardsDrawnEvent.from_dict(data)



                    return componentsschemas_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_10 = CardDrawnEvent.from_dict(data)



                    return componentsschemas_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_11 = TrumpExchangedEvent.from_dict(data)



                    return componentsschemas_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_12 = AccusiDeclaredEvent.from_dict(data)



                    return componentsschemas_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_13 = HandDeclaredEvent.from_dict(data)



                    return componentsschemas_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_14 = BidEvent.from_dict(data)



                    return componentsschemas_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_15 = PassedEvent.from_dict(data)



                    return componentsschemas_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_16 = AuctionWonEvent.from_dict(data)



                    return componentsschemas_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_17 = ThrownInEvent.from_dict(data)



                    return componentsschemas_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_18 = CardCalledEvent.from_dict(data)



                    return componentsschemas_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_19 = PartnerRevealedEvent.from_dict(data)



                    return componentsschemas_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_20 = RoundOverEvent.from_dict(data)



                    return componentsschemas_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_21 = StateSetEvent.from_dict(data)



                    return componentsschemas_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_22 = TableEvent.from_dict(data)



                    return componentsschemas_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_23 = SeatReissuedEvent.from_dict(data)



                    return componentsschemas_event_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_24 = SeatChangedEvent.from_dict(data)



                    return componentsschemas_event_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_25 = PresenceEvent.from_dict(data)



                    return componentsschemas_event_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_26 = MatchOverEvent.from_dict(data)



                    return componentsschemas_event_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_27 = ClockEvent.from_dict(data)



                    return componentsschemas_event_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_28 = RematchEvent.from_dict(data)



                return componentsschemas_event_type_28

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)


        seed_commitment = d.pop("seed_commitment", UNSET)

        sealed_seed = d.pop("sealed_seed", UNSET)

        dealt = cls(
            state=state,
            events=events,
            seed_commitment=seed_commitment,
            sealed_seed=sealed_seed,
        )


        dealt.additional_properties = d
        return dealt

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
