from enum import StrEnum

class RulesCappotto(StrEnum):
    DOUBLE = "double"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
