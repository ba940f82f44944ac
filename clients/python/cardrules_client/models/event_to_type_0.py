from enum import StrEnum

class EventToType0(StrEnum):
    ALL = "all"

    def __str__(self) -> str:
        return str(self.value)
