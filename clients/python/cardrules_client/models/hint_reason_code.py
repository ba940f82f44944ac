from enum import StrEnum

class HintReasonCode(StrEnum):
    BIDS_POINTS = "bids_points"
    BIDS_RANK = "bids_rank"
    CALLS_SUIT = "calls_suit"
    EXCHANGES_TRUMP = "exchanges_trump"
    GIVES_POINTS = "gives_points"
    KEEPS_SETTEBELLO = "keeps_settebello"
    LAYS_CARD_WITHOUT_POINTS = "lays_card_without_points"
    LAYS_COIN = "lays_coin"
    LAYS_SEVEN = "lays_seven"
    LEADS_POINTS = "leads_points"
    LEADS_TRUMP = "leads_trump"
    LEADS_WITHOUT_POINTS = "leads_without_points"
    LEAVES_NO_SWEEP = "leaves_no_sweep"
    LEAVES_SETTEBELLO = "leaves_settebello"
    LEAVES_SWEEP = "leaves_sweep"
    LEAVES_TRICK_TO_PARTNER = "leaves_trick_to_partner"
    PASSES = "passes"
    SAVES_TRUMPS = "saves_trumps"
    SPENDS_TRUMP = "spends_trump"
    SWEEP = "sweep"
    TAKES_CARDS = "takes_cards"
    TAKES_COINS = "takes_coins"
    TAKES_LEAD = "takes_lead"
    TAKES_SETTEBELLO = "takes_settebello"
    TAKES_SEVENS = "takes_sevens"
    THROWS_WITHOUT_POINTS = "throws_without_points"
    WINS_LAST_TRICK = "wins_last_trick"
    WINS_TRICK = "wins_trick"

    def __str__(self) -> str:
        return str(self.value)
