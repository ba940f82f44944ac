from enum import StrEnum

class Reason(StrEnum):
    ACE_TAKES_ALL = "ace_takes_all"
    AMBIGUOUS_CAPTURE = "ambiguous_capture"
    BID_NEEDS_POINTS = "bid_needs_points"
    BID_TOO_LOW = "bid_too_low"
    CAPTURE_NOT_ON_TABLE = "capture_not_on_table"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    EXCHANGE_NOT_ALLOWED = "exchange_not_allowed"
    EXCHANGE_NOT_IN_HAND = "exchange_not_in_hand"
    EXCHANGE_NOT_TRUMP = "exchange_not_trump"
    EXCHANGE_OFF = "exchange_off"
    EXCHANGE_STOCK_EMPTY = "exchange_stock_empty"
    MUST_CAPTURE = "must_capture"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_TAKE_FEWER_CARDS = "must_take_fewer_cards"
    MUST_TAKE_MORE_CARDS = "must_take_more_cards"
    MUST_TAKE_SINGLE_CARD = "must_take_single_card"
    POINTS_NEED_TWO = "points_need_two"
    ROUND_OVER = "round_over"
    WRONG_PHASE = "wrong_phase"
    WRONG_SUM = "wrong_sum"

    def __str__(self) -> str:
        return str(self.value)
