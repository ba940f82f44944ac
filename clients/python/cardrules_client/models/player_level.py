from enum import StrEnum

class PlayerLevel(StrEnum):
    GREEDY = "greedy"
    RANDOM = "random"
    STRONG = "strong"

    def __str__(self) -> str:
        return str(self.value)
