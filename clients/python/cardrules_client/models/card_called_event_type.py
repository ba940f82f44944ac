from enum import StrEnum

class CardCalledEventType(StrEnum):
    CARD_CALLED = "card_called"

    def __str__(self) -> str:
        return str(self.value)
