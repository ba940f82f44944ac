from enum import StrEnum

class SeatReissuedEventType(StrEnum):
    SEAT_REISSUED = "seat_reissued"

    def __str__(self) -> str:
        return str(self.value)
