from enum import StrEnum

class EventBy(StrEnum):
    COMPUTER = "computer"

    def __str__(self) -> str:
        return str(self.value)
