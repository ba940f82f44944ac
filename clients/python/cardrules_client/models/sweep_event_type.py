from enum import StrEnum

class SweepEventType(StrEnum):
    SWEEP = "sweep"

    def __str__(self) -> str:
        return str(self.value)
