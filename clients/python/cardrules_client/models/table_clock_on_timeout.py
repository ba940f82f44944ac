from enum import StrEnum

class TableClockOnTimeout(StrEnum):
    COMPUTER = "computer"
    FORFEIT = "forfeit"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
