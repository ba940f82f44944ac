from enum import StrEnum

class EventType(StrEnum):
    ACCUSI_DECLARED = "accusi_declared"
    CARDS_DEALT = "cards_dealt"
    CARDS_DRAWN = "cards_drawn"
    CARD_DRAWN = "card_drawn"
    CARD_PLAYED = "card_played"
    CLOCK = "clock"
    DEALER_BONUS = "dealer_bonus"
    DEALT = "dealt"
    HAND_DEALT = "hand_dealt"
    MATCH_OVER = "match_over"
    PRESENCE = "presence"
    REDEAL = "redeal"
    REMATCH = "rematch"
    ROUND_OVER = "round_over"
    SEAT_CHANGED = "seat_changed"
    SEAT_REISSUED = "seat_reissued"
    STATE_SET = "state_set"
    SWEEP = "sweep"
    TABLE = "table"
    TABLE_COLLECTED = "table_collected"
    TRICK_WON = "trick_won"
    TRUMP_EXCHANGED = "trump_exchanged"

    def __str__(self) -> str:
        return str(self.value)
