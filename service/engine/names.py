"""Display names of the 40 cards in each deck style and language (API.md, Cards; RULES.md section 1).

The deck style only changes the names, never the codes or the rules. Vocabulary for Swedish, Czech and Danish
follows the seed rule texts (Guldmynt / Ruter, mince / kára, mønter / ruder, Knekt, Kluk, Knægt, ...).
"""

from __future__ import annotations

from .cards import SUITS, Card, Suit

LANGUAGES: tuple[str, ...] = ("en", "it", "es", "sv", "cs", "da")
DECK_STYLES: tuple[str, ...] = ("italian", "spanish", "french")

_Numbers = tuple[str, str, str, str, str, str, str]
_Faces = tuple[str, str, str]
_Suits = tuple[str, str, str, str]

# Ranks 1..7 are the same in every pack of a language.
_NUMBERS: dict[str, _Numbers] = {
    "en": ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven"),
    "it": ("Asso", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette"),
    "es": ("As", "Dos", "Tres", "Cuatro", "Cinco", "Seis", "Siete"),
    "sv": ("Ess", "Två", "Tre", "Fyra", "Fem", "Sex", "Sju"),
    "cs": ("Eso", "Dvojka", "Trojka", "Čtyřka", "Pětka", "Šestka", "Sedmička"),
    "da": ("Es", "To", "Tre", "Fire", "Fem", "Seks", "Syv"),
}

# Ranks 8, 9, 10 per (deck, language): fante / sota / jack, cavallo / caballo / queen, re / rey / king.
_FACES: dict[tuple[str, str], _Faces] = {
    ("italian", "en"): ("Fante", "Cavallo", "King"),
    ("spanish", "en"): ("Sota", "Caballo", "Rey"),
    ("french", "en"): ("Jack", "Queen", "King"),
    ("italian", "it"): ("Fante", "Cavallo", "Re"),
    ("spanish", "it"): ("Fante", "Cavallo", "Re"),
    ("french", "it"): ("Fante", "Donna", "Re"),
    ("italian", "es"): ("Sota", "Caballo", "Rey"),
    ("spanish", "es"): ("Sota", "Caballo", "Rey"),
    ("french", "es"): ("Jota", "Reina", "Rey"),
    ("italian", "sv"): ("Knekt", "Riddare", "Kung"),
    ("spanish", "sv"): ("Knekt", "Riddare", "Kung"),
    ("french", "sv"): ("Knekt", "Dam", "Kung"),
    ("italian", "cs"): ("Kluk", "Jezdec", "Král"),
    ("spanish", "cs"): ("Kluk", "Jezdec", "Král"),
    ("french", "cs"): ("Kluk", "Dáma", "Král"),
    ("italian", "da"): ("Knægt", "Rytter", "Konge"),
    ("spanish", "da"): ("Knægt", "Rytter", "Konge"),
    ("french", "da"): ("Knægt", "Dame", "Konge"),
}

# Suits in the order of ``SUITS``: coins (D), cups (C), swords (S), batons (B).
_SUITS: dict[tuple[str, str], _Suits] = {
    ("italian", "en"): ("Coins", "Cups", "Swords", "Batons"),
    ("spanish", "en"): ("Coins", "Cups", "Swords", "Clubs"),
    ("french", "en"): ("Diamonds", "Hearts", "Spades", "Clubs"),
    ("italian", "it"): ("Denari", "Coppe", "Spade", "Bastoni"),
    ("spanish", "it"): ("Denari", "Coppe", "Spade", "Bastoni"),
    ("french", "it"): ("Quadri", "Cuori", "Picche", "Fiori"),
    ("italian", "es"): ("Oros", "Copas", "Espadas", "Bastos"),
    ("spanish", "es"): ("Oros", "Copas", "Espadas", "Bastos"),
    ("french", "es"): ("Diamantes", "Corazones", "Picas", "Tréboles"),
    ("italian", "sv"): ("Guldmynt", "Bägare", "Svärd", "Träpåkar"),
    ("spanish", "sv"): ("Guldmynt", "Bägare", "Svärd", "Träpåkar"),
    ("french", "sv"): ("Ruter", "Hjärter", "Spader", "Klöver"),
    ("italian", "cs"): ("Mince", "Číše", "Meče", "Hole"),
    ("spanish", "cs"): ("Mince", "Číše", "Meče", "Hole"),
    ("french", "cs"): ("Kára", "Srdce", "Piky", "Trefy"),
    ("italian", "da"): ("Mønter", "Bægre", "Sværd", "Stokke"),
    ("spanish", "da"): ("Mønter", "Bægre", "Sværd", "Stokke"),
    ("french", "da"): ("Ruder", "Hjerter", "Spar", "Klør"),
}

# Czech names a card "<rank> <suit in the genitive plural>": "Sedmička mincí", "Dáma srdcí".
_CZECH_GENITIVE: dict[str, _Suits] = {
    "italian": ("mincí", "číší", "mečů", "holí"),
    "spanish": ("mincí", "číší", "mečů", "holí"),
    "french": ("kár", "srdcí", "piků", "tref"),
}

# How a language puts rank and suit together; Swedish and Danish card players name the suit first
# ("hjärter dam", "spar es"), so the rank is written in lower case there.
_PATTERNS: dict[str, str] = {
    "en": "{rank} of {suit}",
    "it": "{rank} di {suit}",
    "es": "{rank} de {suit}",
    "sv": "{suit} {rank_lower}",
    "cs": "{rank} {suit_genitive}",
    "da": "{suit} {rank_lower}",
}


def language_of(language: str | None) -> str:
    """The supported language for a tag such as ``"sv"`` or ``"it-IT"``; English for anything else."""
    primary = (language or "").strip().lower().replace("_", "-").split("-")[0]
    return primary if primary in LANGUAGES else "en"


def deck_style_of(deck: str | None) -> str:
    """The deck style named by ``deck``; the Italian pack for anything unknown."""
    style = (deck or "").strip().lower()
    return style if style in DECK_STYLES else "italian"


def rank_name(rank: object, deck: str = "italian", language: str = "en") -> str:
    """The name of a rank (1 ace .. 10 re / rey / king) in a deck style and language."""
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 10:
        raise ValueError(f"rank must be an integer from 1 to 10, not {rank!r}")
    language = language_of(language)
    if rank <= 7:
        return _NUMBERS[language][rank - 1]
    return _FACES[deck_style_of(deck), language][rank - 8]


def suit_name(suit: Suit | str, deck: str = "italian", language: str = "en") -> str:
    """The name of a suit (a ``Suit`` or its letter D, C, S, B) in a deck style and language."""
    return _SUITS[deck_style_of(deck), language_of(language)][SUITS.index(Suit(suit))]


def card_name(card: Card, deck: str = "italian", language: str = "en") -> str:
    """The display name of a card, e.g. "Seven of Coins", "Sette di Denari", "Ruter sju"."""
    deck, language = deck_style_of(deck), language_of(language)
    rank = rank_name(card.rank, deck, language)
    name = _PATTERNS[language].format(
        rank=rank,
        rank_lower=rank.lower(),
        suit=suit_name(card.suit, deck, language),
        suit_genitive=_CZECH_GENITIVE[deck][SUITS.index(card.suit)],
    )
    return name[0].upper() + name[1:]
