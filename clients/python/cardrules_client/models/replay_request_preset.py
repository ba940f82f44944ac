from enum import StrEnum

class ReplayRequestPreset(StrEnum):
    BRISCA = "brisca"
    STARGAMES = "stargames"
    TRADITIONAL = "traditional"

    def __str__(self) -> str:
        return str(self.value)
