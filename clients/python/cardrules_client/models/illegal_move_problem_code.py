from enum import StrEnum

class IllegalMoveProblemCode(StrEnum):
    ILLEGAL_MOVE = "illegal_move"

    def __str__(self) -> str:
        return str(self.value)
