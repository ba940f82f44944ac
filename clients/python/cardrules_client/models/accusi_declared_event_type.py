from enum import StrEnum

class AccusiDeclaredEventType(StrEnum):
    ACCUSI_DECLARED = "accusi_declared"

    def __str__(self) -> str:
        return str(self.value)
