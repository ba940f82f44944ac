from enum import StrEnum

class RedealEventType(StrEnum):
    REDEAL = "redeal"

    def __str__(self) -> str:
        return str(self.value)
