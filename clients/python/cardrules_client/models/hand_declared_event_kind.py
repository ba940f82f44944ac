from enum import StrEnum

class HandDeclaredEventKind(StrEnum):
    THREE_OF_A_KIND = "three_of_a_kind"
    UNDER_TEN = "under_ten"

    def __str__(self) -> str:
        return str(self.value)
