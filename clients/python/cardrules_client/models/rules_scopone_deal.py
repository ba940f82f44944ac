from enum import StrEnum

class RulesScoponeDeal(StrEnum):
    VALUE_0 = "9+4"
    VALUE_1 = "10+0"

    def __str__(self) -> str:
        return str(self.value)
