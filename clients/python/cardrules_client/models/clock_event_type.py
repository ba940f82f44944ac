from enum import StrEnum

class ClockEventType(StrEnum):
    CLOCK = "clock"

    def __str__(self) -> str:
        return str(self.value)
