from enum import StrEnum

class MatchOverEventReason(StrEnum):
    FORFEIT = "forfeit"
    PLAYED = "played"
    RESIGNED = "resigned"

    def __str__(self) -> str:
        return str(self.value)
