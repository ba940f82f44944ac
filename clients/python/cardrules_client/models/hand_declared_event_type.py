from enum import StrEnum

class HandDeclaredEventType(StrEnum):
    HAND_DECLARED = "hand_declared"

    def __str__(self) -> str:
        return str(self.value)
