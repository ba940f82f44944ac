from enum import StrEnum

class RulesFourthPoint(StrEnum):
    MOST_SEVENS = "most_sevens"
    PRIMIERA = "primiera"

    def __str__(self) -> str:
        return str(self.value)
