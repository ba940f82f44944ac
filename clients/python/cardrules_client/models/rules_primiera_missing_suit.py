from enum import StrEnum

class RulesPrimieraMissingSuit(StrEnum):
    CANNOT_SCORE = "cannot_score"
    FEWER_SUITS_LOSES = "fewer_suits_loses"

    def __str__(self) -> str:
        return str(self.value)
