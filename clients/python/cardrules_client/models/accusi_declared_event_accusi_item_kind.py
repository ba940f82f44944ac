from enum import StrEnum

class AccusiDeclaredEventAccusiItemKind(StrEnum):
    FOUR = "four"
    NAPOLETANA = "napoletana"
    THREE = "three"

    def __str__(self) -> str:
        return str(self.value)
