from enum import StrEnum

class CardNamesLanguage(StrEnum):
    CS = "cs"
    DA = "da"
    EN = "en"
    ES = "es"
    IT = "it"
    SV = "sv"

    def __str__(self) -> str:
        return str(self.value)
