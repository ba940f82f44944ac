from enum import StrEnum

class DealRequestPreset(StrEnum):
    BRISCA = "brisca"
    STARGAMES = "stargames"
    TRADITIONAL = "traditional"

    def __str__(self) -> str:
        return str(self.value)
