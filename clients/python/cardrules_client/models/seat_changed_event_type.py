from enum import StrEnum

class SeatChangedEventType(StrEnum):
    SEAT_CHANGED = "seat_changed"

    def __str__(self) -> str:
        return str(self.value)
