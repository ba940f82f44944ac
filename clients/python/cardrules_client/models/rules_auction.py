from enum import StrEnum

class RulesAuction(StrEnum):
    POINTS_ONLY = "points_only"
    RANKS_THEN_POINTS = "ranks_then_points"

    def __str__(self) -> str:
        return str(self.value)
