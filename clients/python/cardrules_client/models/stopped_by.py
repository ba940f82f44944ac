from enum import StrEnum

class StoppedBy(StrEnum):
    ONE_PLY = "one_ply"
    RANDOM = "random"
    SINGLE_MOVE = "single_move"
    SOLVED = "solved"
    TIME = "time"
    WORK = "work"

    def __str__(self) -> str:
        return str(self.value)
