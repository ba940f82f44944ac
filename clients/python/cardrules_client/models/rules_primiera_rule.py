from enum import StrEnum

class RulesPrimieraRule(StrEnum):
    CLASSIC = "classic"
    MOST_SEVENS = "most_sevens"

    def __str__(self) -> str:
        return str(self.value)
