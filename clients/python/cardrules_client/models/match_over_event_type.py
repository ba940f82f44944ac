from enum import StrEnum

class MatchOverEventType(StrEnum):
    MATCH_OVER = "match_over"

    def __str__(self) -> str:
        return str(self.value)
