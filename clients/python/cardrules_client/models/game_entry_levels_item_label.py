from enum import StrEnum

class GameEntryLevelsItemLabel(StrEnum):
    BEGINNER = "beginner"
    CASUAL = "casual"
    EXPERT = "expert"

    def __str__(self) -> str:
        return str(self.value)
