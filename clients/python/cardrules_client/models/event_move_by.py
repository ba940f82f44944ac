from enum import StrEnum

class EventMoveBy(StrEnum):
    COMPUTER = "computer"

    def __str__(self) -> str:
        return str(self.value)
