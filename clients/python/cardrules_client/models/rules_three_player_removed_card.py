from enum import StrEnum

class RulesThreePlayerRemovedCard(StrEnum):
    VALUE_0 = "2D"
    VALUE_1 = "2C"
    VALUE_2 = "2S"
    VALUE_3 = "2B"

    def __str__(self) -> str:
        return str(self.value)
