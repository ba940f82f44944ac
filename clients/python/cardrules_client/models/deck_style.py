from enum import StrEnum

class DeckStyle(StrEnum):
    FRENCH = "french"
    ITALIAN = "italian"
    SPANISH = "spanish"

    def __str__(self) -> str:
        return str(self.value)
