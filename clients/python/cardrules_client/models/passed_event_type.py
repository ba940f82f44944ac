from enum import StrEnum

class PassedEventType(StrEnum):
    PASSED = "passed"

    def __str__(self) -> str:
        return str(self.value)
