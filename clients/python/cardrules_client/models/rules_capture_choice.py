from enum import StrEnum

class RulesCaptureChoice(StrEnum):
    FEWEST_CARDS = "fewest_cards"
    FREE = "free"
    MOST_CARDS = "most_cards"

    def __str__(self) -> str:
        return str(self.value)
