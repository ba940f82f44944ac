from enum import IntEnum

class HandDeclaredEventPoints(IntEnum):
    VALUE_3 = 3
    VALUE_10 = 10

    def __str__(self) -> str:
        return str(self.value)
