from enum import StrEnum

class DealerBonusEventType(StrEnum):
    DEALER_BONUS = "dealer_bonus"

    def __str__(self) -> str:
        return str(self.value)
