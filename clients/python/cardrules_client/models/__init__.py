""" Contains all the data models used in inputs/outputs """

from .accusi_declared_event import AccusiDeclaredEvent
from .accusi_declared_event_accusi_item import AccusiDeclaredEventAccusiItem
from .accusi_declared_event_accusi_item_kind import AccusiDeclaredEventAccusiItemKind
from .accusi_declared_event_accusi_item_missing import AccusiDeclaredEventAccusiItemMissing
from .accusi_declared_event_accusi_item_rank import AccusiDeclaredEventAccusiItemRank
from .accusi_declared_event_accusi_item_suit import AccusiDeclaredEventAccusiItemSuit
from .accusi_declared_event_type import AccusiDeclaredEventType
from .alternative import Alternative
from .auction_entry_type_0 import AuctionEntryType0
from .auction_entry_type_1 import AuctionEntryType1
from .auction_won_event import AuctionWonEvent
from .auction_won_event_type import AuctionWonEventType
from .bid_event import BidEvent
from .bid_event_type import BidEventType
from .bid_rank import BidRank
from .card_called_event import CardCalledEvent
from .card_called_event_trump_suit import CardCalledEventTrumpSuit
from .card_called_event_type import CardCalledEventType
from .card_drawn_event import CardDrawnEvent
from .card_drawn_event_type import CardDrawnEventType
from .card_names import CardNames
from .card_names_decks import CardNamesDecks
from .card_names_decks_additional_property import CardNamesDecksAdditionalProperty
from .card_names_decks_additional_property_cards import CardNamesDecksAdditionalPropertyCards
from .card_names_decks_additional_property_ranks import CardNamesDecksAdditionalPropertyRanks
from .card_names_decks_additional_property_suits import CardNamesDecksAdditionalPropertySuits
from .card_names_language import CardNamesLanguage
from .card_played_event import CardPlayedEvent
from .card_played_event_type import CardPlayedEventType
from .cards_dealt_event import CardsDealtEvent
from .cards_dealt_event_type import CardsDealtEventType
from .cards_drawn_event import CardsDrawnEvent
from .cards_drawn_event_type import CardsDrawnEventType
from .clock_event import ClockEvent
from .clock_event_type import ClockEventType
from .computer_choice import ComputerChoice
from .deal_request import DealRequest
from .deal_request_preset import DealRequestPreset
from .dealer_bonus_event import DealerBonusEvent
from .dealer_bonus_event_type import DealerBonusEventType
from .dealt import Dealt
from .dealt_event import DealtEvent
from .dealt_event_type import DealtEventType
from .deck_style import DeckStyle
from .event_base import EventBase
from .event_base_to_type_0 import EventBaseToType0
from .event_move import EventMove
from .event_move_by import EventMoveBy
from .event_move_reason import EventMoveReason
from .game_entry import GameEntry
from .game_entry_levels_item import GameEntryLevelsItem
from .game_entry_levels_item_label import GameEntryLevelsItemLabel
from .game_entry_options_item import GameEntryOptionsItem
from .game_entry_options_item_type import GameEntryOptionsItemType
from .game_entry_presets_item import GameEntryPresetsItem
from .game_entry_score_categories_item import GameEntryScoreCategoriesItem
from .game_id import GameId
from .game_shape import GameShape
from .game_shape_moves_item import GameShapeMovesItem
from .game_shape_phases_item import GameShapePhasesItem
from .game_shape_seats_item import GameShapeSeatsItem
from .game_shape_seats_item_sides import GameShapeSeatsItemSides
from .hand_dealt_event import HandDealtEvent
from .hand_dealt_event_type import HandDealtEventType
from .hand_declared_event import HandDeclaredEvent
from .hand_declared_event_kind import HandDeclaredEventKind
from .hand_declared_event_points import HandDeclaredEventPoints
from .hand_declared_event_type import HandDeclaredEventType
from .healthz_response_200 import HealthzResponse200
from .hint_reason import HintReason
from .hint_reason_code import HintReasonCode
from .hint_reason_params import HintReasonParams
from .idempotency_key_reused_problem import IdempotencyKeyReusedProblem
from .idempotency_key_reused_problem_code import IdempotencyKeyReusedProblemCode
from .illegal_move_problem import IllegalMoveProblem
from .illegal_move_problem_code import IllegalMoveProblemCode
from .legal_moves_body import LegalMovesBody
from .legal_moves_response_200 import LegalMovesResponse200
from .list_games_response_200 import ListGamesResponse200
from .list_sessions_response_200 import ListSessionsResponse200
from .list_sessions_response_200_sessions_item import ListSessionsResponse200SessionsItem
from .list_sessions_response_200_sessions_item_phase import ListSessionsResponse200SessionsItemPhase
from .match import Match
from .match_over import MatchOver
from .match_over_event import MatchOverEvent
from .match_over_event_reason import MatchOverEventReason
from .match_over_event_type import MatchOverEventType
from .match_over_reason import MatchOverReason
from .move import Move
from .move_call import MoveCall
from .move_request import MoveRequest
from .next_round_in_session_body import NextRoundInSessionBody
from .next_round_in_session_response_200 import NextRoundInSessionResponse200
from .partner_revealed_event import PartnerRevealedEvent
from .partner_revealed_event_type import PartnerRevealedEventType
from .passed_event import PassedEvent
from .passed_event_type import PassedEventType
from .play_in_session_response_200_type_0 import PlayInSessionResponse200Type0
from .player_level import PlayerLevel
from .points_unit import PointsUnit
from .presence_event import PresenceEvent
from .presence_event_type import PresenceEventType
from .problem import Problem
from .problem_errors_item import ProblemErrorsItem
from .problem_policy import ProblemPolicy
from .readyz_response_200 import ReadyzResponse200
from .readyz_response_200_sessions import ReadyzResponse200Sessions
from .readyz_response_200_sessions_backend import ReadyzResponse200SessionsBackend
from .readyz_response_200_sessions_details import ReadyzResponse200SessionsDetails
from .readyz_response_200_sessions_reason import ReadyzResponse200SessionsReason
from .reason import Reason
from .redeal_event import RedealEvent
from .redeal_event_reason import RedealEventReason
from .redeal_event_type import RedealEventType
from .rematch_event import RematchEvent
from .rematch_event_type import RematchEventType
from .rematch_response_201 import RematchResponse201
from .rematch_response_201_tokens import RematchResponse201Tokens
from .replace_session_body import ReplaceSessionBody
from .replay_request import ReplayRequest
from .replay_request_preset import ReplayRequestPreset
from .replay_round import ReplayRound
from .replayed import Replayed
from .replayed_refused import ReplayedRefused
from .resign_response_200 import ResignResponse200
from .round_over_event import RoundOverEvent
from .round_over_event_type import RoundOverEventType
from .round_result import RoundResult
from .rules import Rules
from .rules_accusi import RulesAccusi
from .rules_asso_piglia_tutto_type_1 import RulesAssoPigliaTuttoType1
from .rules_auction import RulesAuction
from .rules_cappotto import RulesCappotto
from .rules_capture_choice import RulesCaptureChoice
from .rules_capture_obligation import RulesCaptureObligation
from .rules_dealer_bonus import RulesDealerBonus
from .rules_dealer_table import RulesDealerTable
from .rules_first_lead import RulesFirstLead
from .rules_fourth_point import RulesFourthPoint
from .rules_matta import RulesMatta
from .rules_napola import RulesNapola
from .rules_primiera_missing_suit import RulesPrimieraMissingSuit
from .rules_primiera_rule import RulesPrimieraRule
from .rules_rank_priority import RulesRankPriority
from .rules_redeal_two_aces import RulesRedealTwoAces
from .rules_scopone_deal import RulesScoponeDeal
from .rules_thirds import RulesThirds
from .rules_three_player_removed_card import RulesThreePlayerRemovedCard
from .rules_trump_exchange import RulesTrumpExchange
from .score import Score
from .score_body import ScoreBody
from .score_labels import ScoreLabels
from .score_match import ScoreMatch
from .score_sides_item import ScoreSidesItem
from .score_sides_item_points import ScoreSidesItemPoints
from .seat_changed_event import SeatChangedEvent
from .seat_changed_event_type import SeatChangedEventType
from .seat_choice import SeatChoice
from .seat_move_result import SeatMoveResult
from .seat_reissued_event import SeatReissuedEvent
from .seat_reissued_event_type import SeatReissuedEventType
from .seat_to_computer_body import SeatToComputerBody
from .seat_token import SeatToken
from .seats_changed import SeatsChanged
from .seats_item import SeatsItem
from .session import Session
from .session_created import SessionCreated
from .session_created_tokens import SessionCreatedTokens
from .session_events import SessionEvents
from .session_fairness import SessionFairness
from .session_legal_moves import SessionLegalMoves
from .session_move_by_computer import SessionMoveByComputer
from .session_move_by_player import SessionMoveByPlayer
from .spectator_token import SpectatorToken
from .state import State
from .state_phase import StatePhase
from .state_set_event import StateSetEvent
from .state_set_event_type import StateSetEventType
from .state_shown_cards_item import StateShownCardsItem
from .state_trick_item import StateTrickItem
from .state_trump_suit_type_1 import StateTrumpSuitType1
from .state_trump_suit_type_2_type_1 import StateTrumpSuitType2Type1
from .state_trump_suit_type_3_type_1 import StateTrumpSuitType3Type1
from .state_with_events import StateWithEvents
from .stopped_by import StoppedBy
from .stream_ticket import StreamTicket
from .suggest_body import SuggestBody
from .suggest_in_session_body import SuggestInSessionBody
from .suggestion import Suggestion
from .sweep_event import SweepEvent
from .sweep_event_type import SweepEventType
from .table_clock import TableClock
from .table_clock_on_timeout import TableClockOnTimeout
from .table_collected_event import TableCollectedEvent
from .table_collected_event_type import TableCollectedEventType
from .table_event import TableEvent
from .table_event_type import TableEventType
from .thrown_in_event import ThrownInEvent
from .thrown_in_event_type import ThrownInEventType
from .trick_won_event import TrickWonEvent
from .trick_won_event_type import TrickWonEventType
from .trump_exchanged_event import TrumpExchangedEvent
from .trump_exchanged_event_type import TrumpExchangedEventType
from .validate_move_response_200 import ValidateMoveResponse200
from .value_unit import ValueUnit
from .view import View
from .view_body import ViewBody
from .view_record import ViewRecord
from .view_record_last_trick_type_0 import ViewRecordLastTrickType0
from .view_record_names import ViewRecordNames
from .view_record_phase import ViewRecordPhase
from .view_record_trick_item import ViewRecordTrickItem
from .view_record_trump_suit_type_1 import ViewRecordTrumpSuitType1
from .view_record_trump_suit_type_2_type_1 import ViewRecordTrumpSuitType2Type1
from .view_record_trump_suit_type_3_type_1 import ViewRecordTrumpSuitType3Type1
from .view_session_response_200 import ViewSessionResponse200

__all__ = (
    "AccusiDeclaredEvent",
    "AccusiDeclaredEventAccusiItem",
    "AccusiDeclaredEventAccusiItemKind",
    "AccusiDeclaredEventAccusiItemMissing",
    "AccusiDeclaredEventAccusiItemRank",
    "AccusiDeclaredEventAccusiItemSuit",
    "AccusiDeclaredEventType",
    "Alternative",
    "AuctionEntryType0",
    "AuctionEntryType1",
    "AuctionWonEvent",
    "AuctionWonEventType",
    "BidEvent",
    "BidEventType",
    "BidRank",
    "CardCalledEvent",
    "CardCalledEventTrumpSuit",
    "CardCalledEventType",
    "CardDrawnEvent",
    "CardDrawnEventType",
    "CardNames",
    "CardNamesDecks",
    "CardNamesDecksAdditionalProperty",
    "CardNamesDecksAdditionalPropertyCards",
    "CardNamesDecksAdditionalPropertyRanks",
    "CardNamesDecksAdditionalPropertySuits",
    "CardNamesLanguage",
    "CardPlayedEvent",
    "CardPlayedEventType",
    "CardsDealtEvent",
    "CardsDealtEventType",
    "CardsDrawnEvent",
    "CardsDrawnEventType",
    "ClockEvent",
    "ClockEventType",
    "ComputerChoice",
    "DealerBonusEvent",
    "DealerBonusEventType",
    "DealRequest",
    "DealRequestPreset",
    "Dealt",
    "DealtEvent",
    "DealtEventType",
    "DeckStyle",
    "EventBase",
    "EventBaseToType0",
    "EventMove",
    "EventMoveBy",
    "EventMoveReason",
    "GameEntry",
    "GameEntryLevelsItem",
    "GameEntryLevelsItemLabel",
    "GameEntryOptionsItem",
    "GameEntryOptionsItemType",
    "GameEntryPresetsItem",
    "GameEntryScoreCategoriesItem",
    "GameId",
    "GameShape",
    "GameShapeMovesItem",
    "GameShapePhasesItem",
    "GameShapeSeatsItem",
    "GameShapeSeatsItemSides",
    "HandDealtEvent",
    "HandDealtEventType",
    "HandDeclaredEvent",
    "HandDeclaredEventKind",
    "HandDeclaredEventPoints",
    "HandDeclaredEventType",
    "HealthzResponse200",
    "HintReason",
    "HintReasonCode",
    "HintReasonParams",
    "IdempotencyKeyReusedProblem",
    "IdempotencyKeyReusedProblemCode",
    "IllegalMoveProblem",
    "IllegalMoveProblemCode",
    "LegalMovesBody",
    "LegalMovesResponse200",
    "ListGamesResponse200",
    "ListSessionsResponse200",
    "ListSessionsResponse200SessionsItem",
    "ListSessionsResponse200SessionsItemPhase",
    "Match",
    "MatchOver",
    "MatchOverEvent",
    "MatchOverEventReason",
    "MatchOverEventType",
    "MatchOverReason",
    "Move",
    "MoveCall",
    "MoveRequest",
    "NextRoundInSessionBody",
    "NextRoundInSessionResponse200",
    "PartnerRevealedEvent",
    "PartnerRevealedEventType",
    "PassedEvent",
    "PassedEventType",
    "PlayerLevel",
    "PlayInSessionResponse200Type0",
    "PointsUnit",
    "PresenceEvent",
    "PresenceEventType",
    "Problem",
    "ProblemErrorsItem",
    "ProblemPolicy",
    "ReadyzResponse200",
    "ReadyzResponse200Sessions",
    "ReadyzResponse200SessionsBackend",
    "ReadyzResponse200SessionsDetails",
    "ReadyzResponse200SessionsReason",
    "Reason",
    "RedealEvent",
    "RedealEventReason",
    "RedealEventType",
    "RematchEvent",
    "RematchEventType",
    "RematchResponse201",
    "RematchResponse201Tokens",
    "ReplaceSessionBody",
    "Replayed",
    "ReplayedRefused",
    "ReplayRequest",
    "ReplayRequestPreset",
    "ReplayRound",
    "ResignResponse200",
    "RoundOverEvent",
    "RoundOverEventType",
    "RoundResult",
    "Rules",
    "RulesAccusi",
    "RulesAssoPigliaTuttoType1",
    "RulesAuction",
    "RulesCappotto",
    "RulesCaptureChoice",
    "RulesCaptureObligation",
    "RulesDealerBonus",
    "RulesDealerTable",
    "RulesFirstLead",
    "RulesFourthPoint",
    "RulesMatta",
    "RulesNapola",
    "RulesPrimieraMissingSuit",
    "RulesPrimieraRule",
    "RulesRankPriority",
    "RulesRedealTwoAces",
    "RulesScoponeDeal",
    "RulesThirds",
    "RulesThreePlayerRemovedCard",
    "RulesTrumpExchange",
    "Score",
    "ScoreBody",
    "ScoreLabels",
    "ScoreMatch",
    "ScoreSidesItem",
    "ScoreSidesItemPoints",
    "SeatChangedEvent",
    "SeatChangedEventType",
    "SeatChoice",
    "SeatMoveResult",
    "SeatReissuedEvent",
    "SeatReissuedEventType",
    "SeatsChanged",
    "SeatsItem",
    "SeatToComputerBody",
    "SeatToken",
    "Session",
    "SessionCreated",
    "SessionCreatedTokens",
    "SessionEvents",
    "SessionFairness",
    "SessionLegalMoves",
    "SessionMoveByComputer",
    "SessionMoveByPlayer",
    "SpectatorToken",
    "State",
    "StatePhase",
    "StateSetEvent",
    "StateSetEventType",
    "StateShownCardsItem",
    "StateTrickItem",
    "StateTrumpSuitType1",
    "StateTrumpSuitType2Type1",
    "StateTrumpSuitType3Type1",
    "StateWithEvents",
    "StoppedBy",
    "StreamTicket",
    "SuggestBody",
    "SuggestInSessionBody",
    "Suggestion",
    "SweepEvent",
    "SweepEventType",
    "TableClock",
    "TableClockOnTimeout",
    "TableCollectedEvent",
    "TableCollectedEventType",
    "TableEvent",
    "TableEventType",
    "ThrownInEvent",
    "ThrownInEventType",
    "TrickWonEvent",
    "TrickWonEventType",
    "TrumpExchangedEvent",
    "TrumpExchangedEventType",
    "ValidateMoveResponse200",
    "ValueUnit",
    "View",
    "ViewBody",
    "ViewRecord",
    "ViewRecordLastTrickType0",
    "ViewRecordNames",
    "ViewRecordPhase",
    "ViewRecordTrickItem",
    "ViewRecordTrumpSuitType1",
    "ViewRecordTrumpSuitType2Type1",
    "ViewRecordTrumpSuitType3Type1",
    "ViewSessionResponse200",
)
