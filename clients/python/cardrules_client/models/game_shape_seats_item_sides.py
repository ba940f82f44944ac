from enum import StrEnum

class GameShapeSeatsItemSides(StrEnum):
    ALONE = "alone"
    FIXED = "fixed"
    HIDDEN = "hidden"

    def __str__(self) -> str:
        return str(self.value)
