from enum import StrEnum

class StateTrumpSuitType1(StrEnum):
    B = "B"
    C = "C"
    D = "D"
    S = "S"

    def __str__(self) -> str:
        return str(self.value)
