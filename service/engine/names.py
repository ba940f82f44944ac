"""Display names of the 40 cards in each deck style and language (docs/api.md, Cards; docs/rules.md, The deck).

The deck style only changes the names, never the codes or the rules. Vocabulary for Swedish, Czech and Danish
follows the seed rule texts (Guldmynt / Ruter, mince / kára, mønter / ruder, Knekt, Kluk, Knægt, ...).
"""

from __future__ import annotations

from pathlib import Path

from .cards import DECK, SUITS, Card, Suit

DATA = Path(__file__).resolve().parents[1] / "i18n" / "card-names.tsv"
"""The names, as data (one tab-separated row per kind, deck style and language; the file explains itself),
read once at import."""


def _load() -> dict[tuple[str, str, str], tuple[str, ...]]:
    rows: dict[tuple[str, str, str], tuple[str, ...]] = {}
    for number, line in enumerate(DATA.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        kind, deck, language, *names = line.split("\t")
        if not names or (kind, deck, language) in rows:
            raise ValueError(f"{DATA.name}:{number}: a row without names, or a repeated row")
        rows[kind, deck, language] = tuple(names)
    return rows


_ROWS = _load()
LANGUAGES: tuple[str, ...] = tuple(language for kind, _, language in _ROWS if kind == "numbers")
DECK_STYLES: tuple[str, ...] = tuple(dict.fromkeys(deck for kind, deck, _ in _ROWS if kind == "faces"))


def _table(kind: str, size: int) -> dict[tuple[str, str], tuple[str, ...]]:
    """Every (deck style, language) row of one kind, each with ``size`` names."""
    table = {(deck, language): names for (found, deck, language), names in _ROWS.items() if found == kind}
    wrong = [key for key, names in table.items() if len(names) != size]
    if wrong:
        raise ValueError(f"{DATA.name}: {kind} needs {size} names in {wrong}")
    return table


_NUMBERS: dict[str, tuple[str, ...]] = {
    language: names for (_, language), names in _table("numbers", 7).items()
}
_FACES = _table("faces", 3)
_SUITS = _table("suits", 4)
# Czech names a card "<rank> <suit in the genitive plural>": "Sedmička mincí", "Dáma srdcí".
_CZECH_GENITIVE: dict[str, tuple[str, ...]] = {
    deck: names for (deck, _), names in _table("genitive", 4).items()
}
# Swedish and Danish card players name the suit first ("hjärter dam", "spar es"), the rank in lower case.
_PATTERNS: dict[str, str] = {language: names[0] for (_, language), names in _table("pattern", 1).items()}
_MISSING = [
    f"{deck}/{language}"
    for deck in DECK_STYLES
    for language in LANGUAGES
    if (deck, language) not in _FACES or (deck, language) not in _SUITS or language not in _PATTERNS
]
if _MISSING or set(_CZECH_GENITIVE) != set(DECK_STYLES):
    raise ValueError(f"{DATA.name}: names missing for {_MISSING or 'the Czech genitives'}")


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


def deck_names(deck: str = "italian", language: str = "en") -> dict[str, str]:
    """Every card's name in a deck style and language, by code, in the canonical order of the deck: the table a
    frontend labels cards from before it has met them."""
    return {card.code: card_name(card, deck, language) for card in DECK}


def rank_names(deck: str = "italian", language: str = "en") -> dict[str, str]:
    """The names of the ranks 1..10 in a deck style and language, by rank (as text: JSON object keys)."""
    return {str(rank): rank_name(rank, deck, language) for rank in range(1, 11)}


def suit_names(deck: str = "italian", language: str = "en") -> dict[str, str]:
    """The names of the suits in a deck style and language, by suit letter (D, C, S, B)."""
    return {suit.value: suit_name(suit, deck, language) for suit in SUITS}
