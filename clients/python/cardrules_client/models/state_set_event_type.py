from enum import StrEnum

class StateSetEventType(StrEnum):
    STATE_SET = "state_set"

    def __str__(self) -> str:
        return str(self.value)
