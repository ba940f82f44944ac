from enum import StrEnum

class ReadyzResponse200SessionsBackend(StrEnum):
    MEMORY = "memory"
    REDIS = "redis"
    SQLITE = "sqlite"

    def __str__(self) -> str:
        return str(self.value)
