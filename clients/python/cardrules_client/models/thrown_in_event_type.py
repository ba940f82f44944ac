from enum import StrEnum

class ThrownInEventType(StrEnum):
    THROWN_IN = "thrown_in"

    def __str__(self) -> str:
        return str(self.value)
