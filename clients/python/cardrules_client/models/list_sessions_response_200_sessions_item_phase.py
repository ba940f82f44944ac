from enum import StrEnum

class ListSessionsResponse200SessionsItemPhase(StrEnum):
    MATCH_OVER = "match_over"
    PLAYING = "playing"
    ROUND_OVER = "round_over"

    def __str__(self) -> str:
        return str(self.value)
