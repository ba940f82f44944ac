from enum import StrEnum

class BidEventType(StrEnum):
    BID = "bid"

    def __str__(self) -> str:
        return str(self.value)
