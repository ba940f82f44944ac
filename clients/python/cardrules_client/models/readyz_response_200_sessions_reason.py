from enum import StrEnum

class ReadyzResponse200SessionsReason(StrEnum):
    STORE_BUSY = "store_busy"
    STORE_CORRUPT = "store_corrupt"
    STORE_FULL = "store_full"
    STORE_UNAVAILABLE = "store_unavailable"

    def __str__(self) -> str:
        return str(self.value)
