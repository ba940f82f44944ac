from enum import StrEnum

class TableEventType(StrEnum):
    TABLE = "table"

    def __str__(self) -> str:
        return str(self.value)
