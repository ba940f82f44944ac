from enum import StrEnum

class RulesCaptureObligation(StrEnum):
    ANY_CARD = "any_card"
    NONE = "none"
    PLAYED_CARD = "played_card"

    def __str__(self) -> str:
        return str(self.value)
