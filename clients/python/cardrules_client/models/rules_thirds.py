from enum import StrEnum

class RulesThirds(StrEnum):
    ROUND_PER_SIDE = "round_per_side"
    TRUNCATE_PER_SIDE = "truncate_per_side"

    def __str__(self) -> str:
        return str(self.value)
