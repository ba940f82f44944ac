from enum import StrEnum

class PointsUnit(StrEnum):
    CARD_POINTS = "card_points"
    POINTS = "points"
    ROUND_POINTS = "round_points"

    def __str__(self) -> str:
        return str(self.value)
