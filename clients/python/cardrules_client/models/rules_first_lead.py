from enum import StrEnum

class RulesFirstLead(StrEnum):
    AFTER_DEALER = "after_dealer"
    CALLER = "caller"

    def __str__(self) -> str:
        return str(self.value)
