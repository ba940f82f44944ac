from enum import StrEnum

class RulesDealerBonus(StrEnum):
    OFF = "off"
    STARGAMES = "stargames"
    TRADITIONAL = "traditional"

    def __str__(self) -> str:
        return str(self.value)
