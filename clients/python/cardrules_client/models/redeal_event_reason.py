from enum import StrEnum

class RedealEventReason(StrEnum):
    OPENING_KINGS = "opening_kings"
    TWO_ACES = "two_aces"

    def __str__(self) -> str:
        return str(self.value)
