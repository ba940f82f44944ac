from enum import StrEnum

class CardsDealtEventType(StrEnum):
    CARDS_DEALT = "cards_dealt"

    def __str__(self) -> str:
        return str(self.value)
