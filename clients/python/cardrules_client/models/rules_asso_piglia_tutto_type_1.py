from enum import StrEnum

class RulesAssoPigliaTuttoType1(StrEnum):
    OFF = "off"
    ON = "on"

    def __str__(self) -> str:
        return str(self.value)
