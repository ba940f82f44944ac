from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rules_accusi import RulesAccusi
from ..models.rules_asso_piglia_tutto_type_1 import RulesAssoPigliaTuttoType1
from ..models.rules_auction import RulesAuction
from ..models.rules_cappotto import RulesCappotto
from ..models.rules_capture_choice import RulesCaptureChoice
from ..models.rules_capture_obligation import RulesCaptureObligation
from ..models.rules_dealer_bonus import RulesDealerBonus
from ..models.rules_dealer_table import RulesDealerTable
from ..models.rules_first_lead import RulesFirstLead
from ..models.rules_fourth_point import RulesFourthPoint
from ..models.rules_matta import RulesMatta
from ..models.rules_napola import RulesNapola
from ..models.rules_primiera_missing_suit import RulesPrimieraMissingSuit
from ..models.rules_primiera_rule import RulesPrimieraRule
from ..models.rules_rank_priority import RulesRankPriority
from ..models.rules_redeal_two_aces import RulesRedealTwoAces
from ..models.rules_scopone_deal import RulesScoponeDeal
from ..models.rules_thirds import RulesThirds
from ..models.rules_three_player_removed_card import RulesThreePlayerRemovedCard
from ..models.rules_trump_exchange import RulesTrumpExchange
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Rules")



@_attrs_define
class Rules:
    """ Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`); unknown names or values are a
    400.

        Attributes:
            capture_obligation (RulesCaptureObligation | Unset):
            capture_choice (RulesCaptureChoice | Unset):
            last_play_sweep_counts (bool | Unset):
            opening_kings_redeal (bool | Unset):
            primiera_missing_suit (RulesPrimieraMissingSuit | Unset):
            primiera_rule (RulesPrimieraRule | Unset):
            re_bello (bool | Unset):
            rosmarino (bool | Unset):
            napola (RulesNapola | Unset):
            asso_piglia_tutto (bool | RulesAssoPigliaTuttoType1 | Unset): A flag in Scopa (`true`, `false`); `on` or `off`
                in Cirulla, where it is on by default.
            apt_sweep_counts (bool | Unset):
            target (int | Unset):
            scopone_deal (RulesScoponeDeal | Unset):
            dealer_bonus (RulesDealerBonus | Unset):
            fourth_point (RulesFourthPoint | Unset):
            trump_exchange (RulesTrumpExchange | Unset):
            three_player_removed_card (RulesThreePlayerRemovedCard | Unset):
            rounds_to_win (int | Unset):
            thirds (RulesThirds | Unset):
            accusi (RulesAccusi | Unset):
            show_drawn_cards (bool | Unset):
            redeal_two_aces (RulesRedealTwoAces | Unset):
            dealer_table (RulesDealerTable | Unset):
            matta (RulesMatta | Unset):
            rank_priority (RulesRankPriority | Unset):
            auction (RulesAuction | Unset): Briscola chiamata: bids go down the ranks and then up in points once a 2 is
                named, or are points from 61 alone.
            first_lead (RulesFirstLead | Unset): Briscola chiamata: who leads the first trick.
            cappotto (RulesCappotto | Unset): Briscola chiamata: whether all 120 card points to one side double the hand.
            hands (int | Unset): Briscola chiamata: hands in a match (its target); the match ends with the last, the highest
                total wins and tied leaders share it (`winner` null).
     """

    capture_obligation: RulesCaptureObligation | Unset = UNSET
    capture_choice: RulesCaptureChoice | Unset = UNSET
    last_play_sweep_counts: bool | Unset = UNSET
    opening_kings_redeal: bool | Unset = UNSET
    primiera_missing_suit: RulesPrimieraMissingSuit | Unset = UNSET
    primiera_rule: RulesPrimieraRule | Unset = UNSET
    re_bello: bool | Unset = UNSET
    rosmarino: bool | Unset = UNSET
    napola: RulesNapola | Unset = UNSET
    asso_piglia_tutto: bool | RulesAssoPigliaTuttoType1 | Unset = UNSET
    apt_sweep_counts: bool | Unset = UNSET
    target: int | Unset = UNSET
    scopone_deal: RulesScoponeDeal | Unset = UNSET
    dealer_bonus: RulesDealerBonus | Unset = UNSET
    fourth_point: RulesFourthPoint | Unset = UNSET
    trump_exchange: RulesTrumpExchange | Unset = UNSET
    three_player_removed_card: RulesThreePlayerRemovedCard | Unset = UNSET
    rounds_to_win: int | Unset = UNSET
    thirds: RulesThirds | Unset = UNSET
    accusi: RulesAccusi | Unset = UNSET
    show_drawn_cards: bool | Unset = UNSET
    redeal_two_aces: RulesRedealTwoAces | Unset = UNSET
    dealer_table: RulesDealerTable | Unset = UNSET
    matta: RulesMatta | Unset = UNSET
    rank_priority: RulesRankPriority | Unset = UNSET
    auction: RulesAuction | Unset = UNSET
    first_lead: RulesFirstLead | Unset = UNSET
    cappotto: RulesCappotto | Unset = UNSET
    hands: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        capture_obligation: str | Unset = UNSET
        if not isinstance(self.capture_obligation, Unset):
            capture_obligation = self.capture_obligation.value


        capture_choice: str | Unset = UNSET
        if not isinstance(self.capture_choice, Unset):
            capture_choice = self.capture_choice.value


        last_play_sweep_counts = self.last_play_sweep_counts

        opening_kings_redeal = self.opening_kings_redeal

        primiera_missing_suit: str | Unset = UNSET
        if not isinstance(self.primiera_missing_suit, Unset):
            primiera_missing_suit = self.primiera_missing_suit.value


        primiera_rule: str | Unset = UNSET
        if not isinstance(self.primiera_rule, Unset):
            primiera_rule = self.primiera_rule.value


        re_bello = self.re_bello

        rosmarino = self.rosmarino

        napola: str | Unset = UNSET
        if not isinstance(self.napola, Unset):
            napola = self.napola.value


        asso_piglia_tutto: bool | str | Unset
        if isinstance(self.asso_piglia_tutto, Unset):
            asso_piglia_tutto = UNSET
        elif isinstance(self.asso_piglia_tutto, RulesAssoPigliaTuttoType1):
            asso_piglia_tutto = self.asso_piglia_tutto.value
        else:
            asso_piglia_tutto = self.asso_piglia_tutto

        apt_sweep_counts = self.apt_sweep_counts

        target = self.target

        scopone_deal: str | Unset = UNSET
        if not isinstance(self.scopone_deal, Unset):
            scopone_deal = self.scopone_deal.value


        dealer_bonus: str | Unset = UNSET
        if not isinstance(self.dealer_bonus, Unset):
            dealer_bonus = self.dealer_bonus.value


        fourth_point: str | Unset = UNSET
        if not isinstance(self.fourth_point, Unset):
            fourth_point = self.fourth_point.value


        trump_exchange: str | Unset = UNSET
        if not isinstance(self.trump_exchange, Unset):
            trump_exchange = self.trump_exchange.value


        three_player_removed_card: str | Unset = UNSET
        if not isinstance(self.three_player_removed_card, Unset):
            three_player_removed_card = self.three_player_removed_card.value


        rounds_to_win = self.rounds_to_win

        thirds: str | Unset = UNSET
        if not isinstance(self.thirds, Unset):
            thirds = self.thirds.value


        accusi: str | Unset = UNSET
        if not isinstance(self.accusi, Unset):
            accusi = self.accusi.value


        show_drawn_cards = self.show_drawn_cards

        redeal_two_aces: str | Unset = UNSET
        if not isinstance(self.redeal_two_aces, Unset):
            redeal_two_aces = self.redeal_two_aces.value


        dealer_table: str | Unset = UNSET
        if not isinstance(self.dealer_table, Unset):
            dealer_table = self.dealer_table.value


        matta: str | Unset = UNSET
        if not isinstance(self.matta, Unset):
            matta = self.matta.value


        rank_priority: str | Unset = UNSET
        if not isinstance(self.rank_priority, Unset):
            rank_priority = self.rank_priority.value


        auction: str | Unset = UNSET
        if not isinstance(self.auction, Unset):
            auction = self.auction.value


        first_lead: str | Unset = UNSET
        if not isinstance(self.first_lead, Unset):
            first_lead = self.first_lead.value


        cappotto: str | Unset = UNSET
        if not isinstance(self.cappotto, Unset):
            cappotto = self.cappotto.value


        hands = self.hands


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if capture_obligation is not UNSET:
            field_dict["capture_obligation"] = capture_obligation
        if capture_choice is not UNSET:
            field_dict["capture_choice"] = capture_choice
        if last_play_sweep_counts is not UNSET:
            field_dict["last_play_sweep_counts"] = last_play_sweep_counts
        if opening_kings_redeal is not UNSET:
            field_dict["opening_kings_redeal"] = opening_kings_redeal
        if primiera_missing_suit is not UNSET:
            field_dict["primiera_missing_suit"] = primiera_missing_suit
        if primiera_rule is not UNSET:
            field_dict["primiera_rule"] = primiera_rule
        if re_bello is not UNSET:
            field_dict["re_bello"] = re_bello
        if rosmarino is not UNSET:
            field_dict["rosmarino"] = rosmarino
        if napola is not UNSET:
            field_dict["napola"] = napola
        if asso_piglia_tutto is not UNSET:
            field_dict["asso_piglia_tutto"] = asso_piglia_tutto
        if apt_sweep_counts is not UNSET:
            field_dict["apt_sweep_counts"] = apt_sweep_counts
        if target is not UNSET:
            field_dict["target"] = target
        if scopone_deal is not UNSET:
            field_dict["scopone_deal"] = scopone_deal
        if dealer_bonus is not UNSET:
            field_dict["dealer_bonus"] = dealer_bonus
        if fourth_point is not UNSET:
            field_dict["fourth_point"] = fourth_point
        if trump_exchange is not UNSET:
            field_dict["trump_exchange"] = trump_exchange
        if three_player_removed_card is not UNSET:
            field_dict["three_player_removed_card"] = three_player_removed_card
        if rounds_to_win is not UNSET:
            field_dict["rounds_to_win"] = rounds_to_win
        if thirds is not UNSET:
            field_dict["thirds"] = thirds
        if accusi is not UNSET:
            field_dict["accusi"] = accusi
        if show_drawn_cards is not UNSET:
            field_dict["show_drawn_cards"] = show_drawn_cards
        if redeal_two_aces is not UNSET:
            field_dict["redeal_two_aces"] = redeal_two_aces
        if dealer_table is not UNSET:
            field_dict["dealer_table"] = dealer_table
        if matta is not UNSET:
            field_dict["matta"] = matta
        if rank_priority is not UNSET:
            field_dict["rank_priority"] = rank_priority
        if auction is not UNSET:
            field_dict["auction"] = auction
        if first_lead is not UNSET:
            field_dict["first_lead"] = first_lead
        if cappotto is not UNSET:
            field_dict["cappotto"] = cappotto
        if hands is not UNSET:
            field_dict["hands"] = hands

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _capture_obligation = d.pop("capture_obligation", UNSET)
        capture_obligation: RulesCaptureObligation | Unset
        if isinstance(_capture_obligation,  Unset):
            capture_obligation = UNSET
        else:
            capture_obligation = RulesCaptureObligation(_capture_obligation)




        _capture_choice = d.pop("capture_choice", UNSET)
        capture_choice: RulesCaptureChoice | Unset
        if isinstance(_capture_choice,  Unset):
            capture_choice = UNSET
        else:
            capture_choice = RulesCaptureChoice(_capture_choice)




        last_play_sweep_counts = d.pop("last_play_sweep_counts", UNSET)

        opening_kings_redeal = d.pop("opening_kings_redeal", UNSET)

        _primiera_missing_suit = d.pop("primiera_missing_suit", UNSET)
        primiera_missing_suit: RulesPrimieraMissingSuit | Unset
        if isinstance(_primiera_missing_suit,  Unset):
            primiera_missing_suit = UNSET
        else:
            primiera_missing_suit = RulesPrimieraMissingSuit(_primiera_missing_suit)




        _primiera_rule = d.pop("primiera_rule", UNSET)
        primiera_rule: RulesPrimieraRule | Unset
        if isinstance(_primiera_rule,  Unset):
            primiera_rule = UNSET
        else:
            primiera_rule = RulesPrimieraRule(_primiera_rule)




        re_bello = d.pop("re_bello", UNSET)

        rosmarino = d.pop("rosmarino", UNSET)

        _napola = d.pop("napola", UNSET)
        napola: RulesNapola | Unset
        if isinstance(_napola,  Unset):
            napola = UNSET
        else:
            napola = RulesNapola(_napola)




        def _parse_asso_piglia_tutto(data: object) -> bool | RulesAssoPigliaTuttoType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                asso_piglia_tutto_type_1 = RulesAssoPigliaTuttoType1(data)



                return asso_piglia_tutto_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(bool | RulesAssoPigliaTuttoType1 | Unset, data)

        asso_piglia_tutto = _parse_asso_piglia_tutto(d.pop("asso_piglia_tutto", UNSET))


        apt_sweep_counts = d.pop("apt_sweep_counts", UNSET)

        target = d.pop("target", UNSET)

        _scopone_deal = d.pop("scopone_deal", UNSET)
        scopone_deal: RulesScoponeDeal | Unset
        if isinstance(_scopone_deal,  Unset):
            scopone_deal = UNSET
        else:
            scopone_deal = RulesScoponeDeal(_scopone_deal)




        _dealer_bonus = d.pop("dealer_bonus", UNSET)
        dealer_bonus: RulesDealerBonus | Unset
        if isinstance(_dealer_bonus,  Unset):
            dealer_bonus = UNSET
        else:
            dealer_bonus = RulesDealerBonus(_dealer_bonus)




        _fourth_point = d.pop("fourth_point", UNSET)
        fourth_point: RulesFourthPoint | Unset
        if isinstance(_fourth_point,  Unset):
            fourth_point = UNSET
        else:
            fourth_point = RulesFourthPoint(_fourth_point)




        _trump_exchange = d.pop("trump_exchange", UNSET)
        trump_exchange: RulesTrumpExchange | Unset
        if isinstance(_trump_exchange,  Unset):
            trump_exchange = UNSET
        else:
            trump_exchange = RulesTrumpExchange(_trump_exchange)




        _three_player_removed_card = d.pop("three_player_removed_card", UNSET)
        three_player_removed_card: RulesThreePlayerRemovedCard | Unset
        if isinstance(_three_player_removed_card,  Unset):
            three_player_removed_card = UNSET
        else:
            three_player_removed_card = RulesThreePlayerRemovedCard(_three_player_removed_card)




        rounds_to_win = d.pop("rounds_to_win", UNSET)

        _thirds = d.pop("thirds", UNSET)
        thirds: RulesThirds | Unset
        if isinstance(_thirds,  Unset):
            thirds = UNSET
        else:
            thirds = RulesThirds(_thirds)




        _accusi = d.pop("accusi", UNSET)
        accusi: RulesAccusi | Unset
        if isinstance(_accusi,  Unset):
            accusi = UNSET
        else:
            accusi = RulesAccusi(_accusi)




        show_drawn_cards = d.pop("show_drawn_cards", UNSET)

        _redeal_two_aces = d.pop("redeal_two_aces", UNSET)
        redeal_two_aces: RulesRedealTwoAces | Unset
        if isinstance(_redeal_two_aces,  Unset):
            redeal_two_aces = UNSET
        else:
            redeal_two_aces = RulesRedealTwoAces(_redeal_two_aces)




        _dealer_table = d.pop("dealer_table", UNSET)
        dealer_table: RulesDealerTable | Unset
        if isinstance(_dealer_table,  Unset):
            dealer_table = UNSET
        else:
            dealer_table = RulesDealerTable(_dealer_table)




        _matta = d.pop("matta", UNSET)
        matta: RulesMatta | Unset
        if isinstance(_matta,  Unset):
            matta = UNSET
        else:
            matta = RulesMatta(_matta)




        _rank_priority = d.pop("rank_priority", UNSET)
        rank_priority: RulesRankPriority | Unset
        if isinstance(_rank_priority,  Unset):
            rank_priority = UNSET
        else:
            rank_priority = RulesRankPriority(_rank_priority)




        _auction = d.pop("auction", UNSET)
        auction: RulesAuction | Unset
        if isinstance(_auction,  Unset):
            auction = UNSET
        else:
            auction = RulesAuction(_auction)




        _first_lead = d.pop("first_lead", UNSET)
        first_lead: RulesFirstLead | Unset
        if isinstance(_first_lead,  Unset):
            first_lead = UNSET
        else:
            first_lead = RulesFirstLead(_first_lead)




        _cappotto = d.pop("cappotto", UNSET)
        cappotto: RulesCappotto | Unset
        if isinstance(_cappotto,  Unset):
            cappotto = UNSET
        else:
            cappotto = RulesCappotto(_cappotto)




        hands = d.pop("hands", UNSET)

        rules = cls(
            capture_obligation=capture_obligation,
            capture_choice=capture_choice,
            last_play_sweep_counts=last_play_sweep_counts,
            opening_kings_redeal=opening_kings_redeal,
            primiera_missing_suit=primiera_missing_suit,
            primiera_rule=primiera_rule,
            re_bello=re_bello,
            rosmarino=rosmarino,
            napola=napola,
            asso_piglia_tutto=asso_piglia_tutto,
            apt_sweep_counts=apt_sweep_counts,
            target=target,
            scopone_deal=scopone_deal,
            dealer_bonus=dealer_bonus,
            fourth_point=fourth_point,
            trump_exchange=trump_exchange,
            three_player_removed_card=three_player_removed_card,
            rounds_to_win=rounds_to_win,
            thirds=thirds,
            accusi=accusi,
            show_drawn_cards=show_drawn_cards,
            redeal_two_aces=redeal_two_aces,
            dealer_table=dealer_table,
            matta=matta,
            rank_priority=rank_priority,
            auction=auction,
            first_lead=first_lead,
            cappotto=cappotto,
            hands=hands,
        )


        rules.additional_properties = d
        return rules

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
