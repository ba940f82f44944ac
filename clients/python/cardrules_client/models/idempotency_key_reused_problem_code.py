from enum import StrEnum

class IdempotencyKeyReusedProblemCode(StrEnum):
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"

    def __str__(self) -> str:
        return str(self.value)
