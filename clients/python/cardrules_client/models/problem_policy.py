from enum import StrEnum

class ProblemPolicy(StrEnum):
    CLIENT = "client"
    COSTLY = "costly"

    def __str__(self) -> str:
        return str(self.value)
