from enum import StrEnum

class PresenceEventType(StrEnum):
    PRESENCE = "presence"

    def __str__(self) -> str:
        return str(self.value)
