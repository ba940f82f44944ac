from enum import StrEnum

class MatchOverReason(StrEnum):
    FORFEIT = "forfeit"
    PLAYED = "played"
    RESIGNED = "resigned"

    def __str__(self) -> str:
        return str(self.value)
