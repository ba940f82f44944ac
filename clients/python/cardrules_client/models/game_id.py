from enum import StrEnum

class GameId(StrEnum):
    BRISCA = "brisca"
    BRISCOLA = "briscola"
    BRISCOLA_CHIAMATA = "briscola_chiamata"
    CIRULLA = "cirulla"
    ESCOBA = "escoba"
    SCOPA = "scopa"
    SCOPONE = "scopone"
    TRESSETTE = "tressette"

    def __str__(self) -> str:
        return str(self.value)
