from enum import StrEnum

class RulesNapola(StrEnum):
    FIXED3 = "fixed3"
    LENGTH = "length"
    OFF = "off"

    def __str__(self) -> str:
        return str(self.value)
