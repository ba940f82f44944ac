from enum import StrEnum

class StatePhase(StrEnum):
    AUCTION = "auction"
    CALL = "call"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
