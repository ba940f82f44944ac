from enum import StrEnum

class PartnerRevealedEventType(StrEnum):
    PARTNER_REVEALED = "partner_revealed"

    def __str__(self) -> str:
        return str(self.value)
