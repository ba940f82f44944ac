from enum import StrEnum

class ValueUnit(StrEnum):
    ONE_PLY = "one_ply"
    OUTCOME = "outcome"

    def __str__(self) -> str:
        return str(self.value)
