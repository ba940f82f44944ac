from enum import StrEnum

class TableCollectedEventType(StrEnum):
    TABLE_COLLECTED = "table_collected"

    def __str__(self) -> str:
        return str(self.value)
