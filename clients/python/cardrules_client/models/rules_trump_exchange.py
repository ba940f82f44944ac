from enum import StrEnum

class RulesTrumpExchange(StrEnum):
    OFF = "off"
    SEVEN_AND_TWO = "seven_and_two"
    TWO_ONLY = "two_only"

    def __str__(self) -> str:
        return str(self.value)
