from enum import StrEnum

class RematchEventType(StrEnum):
    REMATCH = "rematch"

    def __str__(self) -> str:
        return str(self.value)
