from enum import StrEnum

class TrumpExchangedEventType(StrEnum):
    TRUMP_EXCHANGED = "trump_exchanged"

    def __str__(self) -> str:
        return str(self.value)
