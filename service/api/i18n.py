"""Localized texts of the API: problem titles and details, illegal-move reasons, rule options, presets, games.

Pure functions of a language string; the HTTP layer picks the language with
``request.accept_languages.best_match(SUPPORTED, default="en")``. Every table row holds one text per language
in the order of ``SUPPORTED``; English is the fallback for anything else.
"""

from __future__ import annotations

from collections.abc import Mapping

from service.engine.games import OPTIONS, PRESETS

SUPPORTED: tuple[str, ...] = ("en", "it", "es", "sv", "cs", "da")

Texts = tuple[str, str, str, str, str, str]
"""One text per language, in the order of ``SUPPORTED``."""

_GENERIC_TITLE: Texts = ("Error", "Errore", "Error", "Fel", "Chyba", "Fejl")

_TITLES: dict[str, Texts] = {
    "bad_request": (
        "Bad request", "Richiesta non valida", "Solicitud incorrecta",
        "Felaktig begäran", "Chybný požadavek", "Ugyldig anmodning",
    ),
    "invalid_json": (
        "Invalid JSON", "JSON non valido", "JSON no válido",
        "Ogiltig JSON", "Neplatný JSON", "Ugyldig JSON",
    ),
    "validation_error": (
        "Validation failed", "Convalida non riuscita", "Error de validación",
        "Valideringen misslyckades", "Ověření se nezdařilo", "Valideringen mislykkedes",
    ),
    "unsupported_media_type": (
        "Unsupported media type", "Tipo di contenuto non supportato", "Tipo de contenido no admitido",
        "Medietypen stöds inte", "Nepodporovaný typ obsahu", "Medietypen understøttes ikke",
    ),
    "not_found": (
        "Not found", "Non trovato", "No encontrado",
        "Hittades inte", "Nenalezeno", "Ikke fundet",
    ),
    "method_not_allowed": (
        "Method not allowed", "Metodo non consentito", "Método no permitido",
        "Metoden är inte tillåten", "Metoda není povolena", "Metoden er ikke tilladt",
    ),
    "payload_too_large": (
        "Payload too large", "Richiesta troppo grande", "Solicitud demasiado grande",
        "Begäran är för stor", "Požadavek je příliš velký", "Anmodningen er for stor",
    ),
    "unknown_game": (
        "Unknown game", "Gioco sconosciuto", "Juego desconocido",
        "Okänt spel", "Neznámá hra", "Ukendt spil",
    ),
    "invalid_card": (
        "Invalid card", "Carta non valida", "Carta no válida",
        "Ogiltigt kort", "Neplatná karta", "Ugyldigt kort",
    ),
    "invalid_rules": (
        "Invalid rules", "Regole non valide", "Reglas no válidas",
        "Ogiltiga regler", "Neplatná pravidla", "Ugyldige regler",
    ),
    "invalid_state": (
        "Invalid state", "Stato non valido", "Estado no válido",
        "Ogiltigt spelläge", "Neplatný stav hry", "Ugyldig spilstilling",
    ),
    "duplicate_card": (
        "Duplicate card", "Carta duplicata", "Carta duplicada",
        "Dubblerat kort", "Duplicitní karta", "Dubleret kort",
    ),
    "missing_cards": (
        "Missing cards", "Carte mancanti", "Faltan cartas",
        "Kort saknas", "Chybějící karty", "Manglende kort",
    ),
    "card_count": (
        "Wrong number of cards", "Numero di carte errato", "Número de cartas incorrecto",
        "Fel antal kort", "Nesprávný počet karet", "Forkert antal kort",
    ),
    "invalid_seat": (
        "Invalid seat", "Posto non valido", "Asiento no válido",
        "Ogiltig spelarplats", "Neplatné místo hráče", "Ugyldig spillerplads",
    ),
    "invalid_hand_sizes": (
        "Impossible hand sizes", "Numero di carte in mano impossibile", "Número de cartas en mano imposible",
        "Omöjligt antal kort på hand", "Nemožný počet karet v ruce", "Umuligt antal kort på hånden",
    ),
    "invalid_stock_size": (
        "Impossible stock size", "Numero di carte nel mazzo impossibile",
        "Número de cartas en el mazo imposible",
        "Omöjligt antal kort i talongen", "Nemožný počet karet v talónu", "Umuligt antal kort i bunken",
    ),
    "invalid_last_capturer": (
        "Invalid last capturer", "Autore dell'ultima presa non valido",
        "Último jugador en llevarse cartas no válido",
        "Ogiltig uppgift om vem som tog sist", "Neplatný hráč, který bral naposledy",
        "Ugyldig spiller med seneste fangst",
    ),
    "invalid_trick": (
        "Invalid trick", "Mano non valida", "Baza no válida",
        "Ogiltigt stick", "Neplatný štych", "Ugyldigt stik",
    ),
    "invalid_piles": (
        "Invalid piles", "Mazzetti delle prese non validi", "Montones de cartas ganadas no válidos",
        "Ogiltiga högar med tagna kort", "Neplatné hromádky získaných karet",
        "Ugyldige bunker med fangne kort",
    ),
    "invalid_match": (
        "Invalid match", "Partita non valida", "Partida no válida",
        "Ogiltigt parti", "Neplatná partie", "Ugyldigt parti",
    ),
    "invalid_turn": (
        "Wrong turn", "Turno errato", "Turno incorrecto",
        "Fel tur", "Chybný tah na řadě", "Forkert tur",
    ),
    "invalid_trump": (
        "Wrong trump suit", "Seme di briscola errato", "Palo de triunfo incorrecto",
        "Fel trumffärg", "Chybná trumfová barva", "Forkert trumffarve",
    ),
    "game_mismatch": (
        "Game mismatch", "Gioco non corrispondente", "El juego no coincide",
        "Spelet stämmer inte", "Hra neodpovídá", "Spillet stemmer ikke",
    ),
    "illegal_move": (
        "Illegal move", "Mossa non consentita", "Jugada no permitida",
        "Otillåtet drag", "Nepovolený tah", "Ulovligt træk",
    ),
    "round_not_over": (
        "Round not over", "Smazzata non finita", "La ronda no ha terminado",
        "Rundan är inte slut", "Kolo neskončilo", "Runden er ikke slut",
    ),
    "match_over": (
        "Match over", "Partita finita", "La partida ha terminado",
        "Partiet är över", "Partie skončila", "Partiet er slut",
    ),
    "session_not_found": (
        "Session not found", "Sessione non trovata", "Sesión no encontrada",
        "Sessionen hittades inte", "Relace nenalezena", "Sessionen blev ikke fundet",
    ),
    "precondition_required": (
        "Precondition required", "Precondizione richiesta", "Se requiere una condición previa",
        "Förhandsvillkor krävs", "Vyžadována předběžná podmínka", "Forudsætning påkrævet",
    ),
    "precondition_failed": (
        "Precondition failed", "Precondizione non soddisfatta", "Condición previa no cumplida",
        "Förhandsvillkoret uppfylldes inte", "Předběžná podmínka nesplněna",
        "Forudsætningen blev ikke opfyldt",
    ),
    "store_unavailable": (
        "Session store unavailable", "Archivio delle sessioni non disponibile",
        "Almacén de sesiones no disponible", "Sessionslagret är inte tillgängligt",
        "Úložiště relací není dostupné", "Sessionslageret er ikke tilgængeligt",
    ),
    "rate_limited": (
        "Too many requests", "Troppe richieste", "Demasiadas solicitudes",
        "För många förfrågningar", "Příliš mnoho požadavků", "For mange anmodninger",
    ),
    "internal_error": (
        "Internal server error", "Errore interno del server", "Error interno del servidor",
        "Internt serverfel", "Interní chyba serveru", "Intern serverfejl",
    ),
}

# Details. Codes without a row keep the engine's English message, which names the field, option or JSON
# syntax error at fault. Placeholders are the params each code documents; ``illegal_move`` shows the reason's
# own text.
_DETAILS: dict[str, Texts] = {
    "validation_error": (
        "One or more fields failed validation; see 'errors'.",
        "Uno o più campi non sono validi; vedi 'errors'.",
        "Uno o más campos no son válidos; consulte 'errors'.",
        "Ett eller flera fält är ogiltiga; se 'errors'.",
        "Jedno nebo více polí je neplatných; viz 'errors'.",
        "Et eller flere felter er ugyldige; se 'errors'.",
    ),
    "unsupported_media_type": (
        "The request body must be application/json.",
        "Il corpo della richiesta deve essere application/json.",
        "El cuerpo de la solicitud debe ser application/json.",
        "Begärans innehåll måste vara application/json.",
        "Tělo požadavku musí být typu application/json.",
        "Anmodningens indhold skal være application/json.",
    ),
    "not_found": (
        "Nothing exists at this address.",
        "A questo indirizzo non c'è nulla.",
        "No existe nada en esta dirección.",
        "Det finns ingenting på den här adressen.",
        "Na této adrese nic neexistuje.",
        "Der findes intet på denne adresse.",
    ),
    "method_not_allowed": (
        "The method {method} is not allowed here.",
        "Il metodo {method} non è consentito qui.",
        "El método {method} no está permitido aquí.",
        "Metoden {method} är inte tillåten här.",
        "Metoda {method} zde není povolena.",
        "Metoden {method} er ikke tilladt her.",
    ),
    "payload_too_large": (
        "The request body exceeds the limit of {limit} bytes.",
        "Il corpo della richiesta supera il limite di {limit} byte.",
        "El cuerpo de la solicitud supera el límite de {limit} bytes.",
        "Begärans innehåll överskrider gränsen på {limit} byte.",
        "Tělo požadavku překračuje limit {limit} bajtů.",
        "Anmodningens indhold overskrider grænsen på {limit} bytes.",
    ),
    "unknown_game": (
        "The game '{game}' does not exist; see /v1/games.",
        "Il gioco '{game}' non esiste; vedi /v1/games.",
        "El juego '{game}' no existe; consulte /v1/games.",
        "Spelet '{game}' finns inte; se /v1/games.",
        "Hra '{game}' neexistuje; viz /v1/games.",
        "Spillet '{game}' findes ikke; se /v1/games.",
    ),
    "invalid_card": (
        "'{value}' is not a card code (rank 1-10 then D, C, S or B, e.g. '7D').",
        "'{value}' non è un codice di carta (valore 1-10 seguito da D, C, S o B, ad es. '7D').",
        "'{value}' no es un código de carta (valor 1-10 seguido de D, C, S o B, p. ej. '7D').",
        "'{value}' är ingen kortkod (valör 1-10 följd av D, C, S eller B, t.ex. '7D').",
        "'{value}' není kód karty (hodnota 1-10 a za ní D, C, S nebo B, např. '7D').",
        "'{value}' er ikke en kortkode (værdi 1-10 efterfulgt af D, C, S eller B, f.eks. '7D').",
    ),
    "duplicate_card": (
        "The card {card} appears more than once.",
        "La carta {card} compare più di una volta.",
        "La carta {card} aparece más de una vez.",
        "Kortet {card} förekommer mer än en gång.",
        "Karta {card} se vyskytuje vícekrát.",
        "Kortet {card} forekommer mere end én gang.",
    ),
    "missing_cards": (
        "Number of cards missing from the state: {count}.",
        "Numero di carte mancanti nello stato: {count}.",
        "Número de cartas que faltan en el estado: {count}.",
        "Antal kort som saknas i spelläget: {count}.",
        "Počet karet chybějících ve stavu hry: {count}.",
        "Antal kort, der mangler i spilstillingen: {count}.",
    ),
    "game_mismatch": (
        "Expected the game {expected}, got {got}.",
        "Era atteso il gioco {expected}, ricevuto {got}.",
        "Se esperaba el juego {expected} y se recibió {got}.",
        "Spelet {expected} väntades, men {got} kom.",
        "Očekávána hra {expected}, obdržena {got}.",
        "Spillet {expected} var forventet, men {got} blev modtaget.",
    ),
    "illegal_move": (
        "The rules forbid this move: {reason}",
        "Le regole non consentono questa mossa: {reason}",
        "Las reglas no permiten esta jugada: {reason}",
        "Reglerna tillåter inte detta drag: {reason}",
        "Pravidla tento tah nepovolují: {reason}",
        "Reglerne tillader ikke dette træk: {reason}",
    ),
    "round_not_over": (
        "The round is not over yet.",
        "La smazzata non è ancora finita.",
        "La ronda todavía no ha terminado.",
        "Rundan är inte slut än.",
        "Kolo ještě neskončilo.",
        "Runden er ikke slut endnu.",
    ),
    "match_over": (
        "The match is over: start a new match instead of another round.",
        "La partita è finita: iniziane una nuova invece di un'altra smazzata.",
        "La partida ha terminado: empiece una nueva en lugar de otra ronda.",
        "Partiet är över: starta ett nytt parti i stället för en ny runda.",
        "Partie skončila: místo dalšího kola začněte novou partii.",
        "Partiet er slut: start et nyt parti i stedet for en ny runde.",
    ),
    "session_not_found": (
        "No session has this id; it may have expired or been deleted.",
        "Nessuna sessione ha questo id; potrebbe essere scaduta o stata eliminata.",
        "Ninguna sesión tiene este id; puede haber caducado o haberse eliminado.",
        "Ingen session har detta id; den kan ha gått ut eller tagits bort.",
        "Žádná relace nemá toto id; mohla vypršet nebo být smazána.",
        "Ingen session har dette id; den kan være udløbet eller slettet.",
    ),
    "precondition_required": (
        "This request needs an If-Match header with the session's ETag.",
        "Questa richiesta richiede un'intestazione If-Match con l'ETag della sessione.",
        "Esta solicitud necesita una cabecera If-Match con el ETag de la sesión.",
        "Den här begäran kräver ett If-Match-huvud med sessionens ETag.",
        "Tento požadavek vyžaduje hlavičku If-Match s ETagem relace.",
        "Denne anmodning kræver en If-Match-header med sessionens ETag.",
    ),
    "precondition_failed": (
        "The session has changed since this version: fetch it again and retry.",
        "La sessione è cambiata rispetto a questa versione: rileggila e riprova.",
        "La sesión ha cambiado desde esta versión: vuelva a obtenerla e inténtelo de nuevo.",
        "Sessionen har ändrats sedan denna version: hämta den igen och försök på nytt.",
        "Relace se od této verze změnila: načtěte ji znovu a opakujte pokus.",
        "Sessionen er ændret siden denne version: hent den igen, og prøv igen.",
    ),
    "store_unavailable": (
        "The session store cannot be reached; try again later.",
        "L'archivio delle sessioni non è raggiungibile; riprova più tardi.",
        "No se puede acceder al almacén de sesiones; inténtelo más tarde.",
        "Sessionslagret går inte att nå; försök igen senare.",
        "Úložiště relací není dostupné; zkuste to později.",
        "Sessionslageret kan ikke nås; prøv igen senere.",
    ),
    "rate_limited": (
        "Too many requests; wait a moment and try again.",
        "Troppe richieste; attendi un momento e riprova.",
        "Demasiadas solicitudes; espere un momento e inténtelo de nuevo.",
        "För många förfrågningar; vänta en stund och försök igen.",
        "Příliš mnoho požadavků; chvíli počkejte a zkuste to znovu.",
        "For mange anmodninger; vent et øjeblik, og prøv igen.",
    ),
    "internal_error": (
        "An unexpected error occurred.",
        "Si è verificato un errore imprevisto.",
        "Se ha producido un error inesperado.",
        "Ett oväntat fel inträffade.",
        "Došlo k neočekávané chybě.",
        "Der opstod en uventet fejl.",
    ),
}

# Illegal-move reasons (API.md, Moves; RULES.md sections 3-6).
_REASONS: dict[str, Texts] = {
    "card_not_in_hand": (
        "{card} is not in the hand of the player to act.",
        "{card} non è nella mano del giocatore di turno.",
        "{card} no está en la mano del jugador que tiene el turno.",
        "{card} finns inte på handen hos spelaren som står på tur.",
        "{card} není v ruce hráče, který je na řadě.",
        "{card} er ikke på hånden hos den spiller, der er i tur.",
    ),
    "capture_not_on_table": (
        "{card} is not on the table.",
        "{card} non è in tavola.",
        "{card} no está en la mesa.",
        "{card} ligger inte på bordet.",
        "{card} neleží na stole.",
        "{card} ligger ikke på bordet.",
    ),
    "wrong_sum": (
        "Wrong sum with {card}: {total} instead of {expected}.",
        "Somma sbagliata con {card}: {total} invece di {expected}.",
        "Suma incorrecta con {card}: {total} en lugar de {expected}.",
        "Fel summa med {card}: {total} i stället för {expected}.",
        "Nesprávný součet s kartou {card}: {total} místo {expected}.",
        "Forkert sum med {card}: {total} i stedet for {expected}.",
    ),
    "must_take_single_card": (
        "{card} must take exactly one card of the same rank: {options}.",
        "{card} deve prendere una sola carta dello stesso valore: {options}.",
        "{card} debe llevarse una sola carta del mismo valor: {options}.",
        "{card} måste ta exakt ett kort av samma valör: {options}.",
        "{card} musí vzít právě jednu kartu stejné hodnoty: {options}.",
        "{card} skal tage præcis ét kort af samme værdi: {options}.",
    ),
    "must_capture": (
        "Capturing is compulsory: {card} may not be laid on the table.",
        "La presa è obbligatoria: {card} non può essere calata in tavola.",
        "Es obligatorio llevarse cartas: {card} no se puede dejar en la mesa.",
        "Det är obligatoriskt att ta kort: {card} får inte läggas ut på bordet.",
        "Brát karty je povinné: {card} nelze odložit na stůl.",
        "Fangst er obligatorisk: {card} må ikke lægges på bordet.",
    ),
    "must_take_more_cards": (
        "These rules require the capture that takes the most cards.",
        "Queste regole impongono la presa con più carte.",
        "Estas reglas exigen la jugada que se lleva más cartas.",
        "Enligt dessa regler måste man ta så många kort som möjligt.",
        "Podle těchto pravidel je nutné vzít co nejvíce karet.",
        "Efter disse regler skal man tage så mange kort som muligt.",
    ),
    "must_take_fewer_cards": (
        "These rules require the capture that takes the fewest cards.",
        "Queste regole impongono la presa con meno carte.",
        "Estas reglas exigen la jugada que se lleva menos cartas.",
        "Enligt dessa regler måste man ta så få kort som möjligt.",
        "Podle těchto pravidel je nutné vzít co nejméně karet.",
        "Efter disse regler skal man tage så få kort som muligt.",
    ),
    "ace_takes_all": (
        "An ace played when no ace is on the table takes the whole table.",
        "Un asso calato quando in tavola non ci sono assi prende tutta la tavola.",
        "Un as jugado cuando no hay ningún as en la mesa se lleva toda la mesa.",
        "Ett ess som spelas när inget ess ligger på bordet tar alla kort på bordet.",
        "Eso zahrané, když na stole žádné eso neleží, bere všechny karty ze stolu.",
        "Et es, der spilles, når der ikke ligger et es på bordet, fanger alle kort på bordet.",
    ),
    "ambiguous_capture": (
        "{card} can capture in {count} ways: name the cards in 'capture'.",
        "{card} può prendere in {count} modi: indica le carte in 'capture'.",
        "{card} puede llevarse cartas de {count} maneras: indique las cartas en 'capture'.",
        "{card} kan ta kort på {count} sätt: ange korten i 'capture'.",
        "{card} může brát více způsoby (celkem {count}): uveďte karty v 'capture'.",
        "{card} kan fange på {count} måder: angiv kortene i 'capture'.",
    ),
    "round_over": (
        "The round is over: no more cards can be played.",
        "La smazzata è finita: non si possono giocare altre carte.",
        "La ronda ha terminado: no se pueden jugar más cartas.",
        "Rundan är slut: inga fler kort kan spelas.",
        "Kolo skončilo: další karty už nelze zahrát.",
        "Runden er slut: der kan ikke spilles flere kort.",
    ),
    "exchange_off": (
        "These rules do not allow exchanging the trump card.",
        "Queste regole non consentono di scambiare la briscola.",
        "Estas reglas no permiten cambiar la carta de triunfo.",
        "Dessa regler tillåter inte att trumfkortet byts ut.",
        "Tato pravidla nepovolují výměnu trumfové karty.",
        "Disse regler tillader ikke, at trumfkortet byttes.",
    ),
    "exchange_not_in_hand": (
        "{card} is not in the hand of the player to act, so it cannot be exchanged.",
        "{card} non è nella mano del giocatore di turno e non può essere scambiata.",
        "{card} no está en la mano del jugador que tiene el turno y no se puede cambiar.",
        "{card} finns inte på handen hos spelaren som står på tur och kan inte bytas.",
        "{card} není v ruce hráče, který je na řadě, a nelze ji vyměnit.",
        "{card} er ikke på hånden hos den spiller, der er i tur, og kan ikke byttes.",
    ),
    "exchange_not_allowed": (
        "{card} may not be exchanged for the trump card {trump_card}.",
        "{card} non può essere scambiata con la briscola {trump_card}.",
        "{card} no se puede cambiar por la carta de triunfo {trump_card}.",
        "{card} får inte bytas mot trumfkortet {trump_card}.",
        "{card} nelze vyměnit za trumfovou kartu {trump_card}.",
        "{card} må ikke byttes med trumfkortet {trump_card}.",
    ),
    "exchange_stock_empty": (
        "The stock is empty: the trump card can no longer be exchanged.",
        "Il mazzo è finito: la briscola non può più essere scambiata.",
        "El mazo se ha agotado: la carta de triunfo ya no se puede cambiar.",
        "Talongen är slut: trumfkortet kan inte längre bytas.",
        "Talón je prázdný: trumfovou kartu už nelze vyměnit.",
        "Bunken er brugt op: trumfkortet kan ikke længere byttes.",
    ),
    "exchange_not_trump": (
        "{card} is not a trump.",
        "{card} non è una briscola.",
        "{card} no es un triunfo.",
        "{card} är inte trumf.",
        "{card} není trumf.",
        "{card} er ikke trumf.",
    ),
    "move_kind": (
        "This kind of move does not exist in this game.",
        "Questo tipo di mossa non esiste in questo gioco.",
        "Este tipo de jugada no existe en este juego.",
        "Den här typen av drag finns inte i det här spelet.",
        "Tento druh tahu v této hře neexistuje.",
        "Denne type træk findes ikke i dette spil.",
    ),
}

# Rule options (RULES.md sections 3-6); a "game.option" row overrides the shared row for that game.
_OPTIONS: dict[str, Texts] = {
    "capture_choice": (
        "Which capture a player may make when several sets of cards are possible: free (any), most_cards or "
        "fewest_cards.",
        "Quale presa si può fare quando sono possibili più combinazioni: free (qualsiasi), most_cards (più "
        "carte) o fewest_cards (meno carte).",
        "Qué cartas se puede llevar un jugador cuando hay varias combinaciones: free (cualquiera), "
        "most_cards (más cartas) o fewest_cards (menos cartas).",
        "Vilka kort en spelare får ta när flera kombinationer är möjliga: free (valfritt), most_cards (flest "
        "kort) eller fewest_cards (minst antal kort).",
        "Které karty smí hráč vzít, když je možných více kombinací: free (libovolné), most_cards (nejvíce "
        "karet) nebo fewest_cards (nejméně karet).",
        "Hvilken fangst en spiller må lave, når flere kombinationer er mulige: free (frit valg), most_cards "
        "(flest kort) eller fewest_cards (færrest kort).",
    ),
    "capture_obligation": (
        "Compulsory capture: any_card (a player who can capture with any card in hand must capture) or "
        "played_card (only a played card that can capture must capture).",
        "Presa obbligatoria: any_card (chi può prendere con una qualsiasi carta in mano deve prendere) o "
        "played_card (deve prendere solo la carta giocata che può prendere).",
        "Obligación de llevarse cartas: any_card (quien pueda llevarse cartas con cualquier carta de la mano "
        "debe hacerlo) o played_card (solo debe hacerlo la carta jugada que puede llevarse cartas).",
        "Tvång att ta kort: any_card (en spelare som kan ta kort med något av sina kort måste ta) eller "
        "played_card (bara ett spelat kort som kan ta kort måste ta).",
        "Povinnost brát: any_card (hráč, který může brát kteroukoli kartou z ruky, musí brát) nebo "
        "played_card (brát musí jen zahraná karta, která brát může).",
        "Tvungen fangst: any_card (en spiller, der kan fange med et hvilket som helst kort på hånden, skal "
        "fange) eller played_card (kun et spillet kort, der kan fange, skal fange).",
    ),
    "escoba.capture_obligation": (
        "Compulsory capture: none (a player may always lay a card), played_card (a played card that can make "
        "15 must capture) or any_card (a player who can make 15 with any card must capture).",
        "Presa obbligatoria: none (si può sempre calare una carta), played_card (la carta giocata che può "
        "fare 15 deve prendere) o any_card (chi può fare 15 con una qualsiasi carta deve prendere).",
        "Obligación de llevarse cartas: none (siempre se puede dejar una carta en la mesa), played_card (la "
        "carta jugada que puede sumar 15 debe llevarse cartas) o any_card (quien pueda sumar 15 con "
        "cualquier carta debe hacerlo).",
        "Tvång att ta kort: none (en spelare får alltid lägga ut ett kort), played_card (ett spelat kort som "
        "kan bilda 15 måste ta) eller any_card (en spelare som kan bilda 15 med något kort måste ta).",
        "Povinnost brát: none (hráč smí vždy odložit kartu), played_card (zahraná karta, která může utvořit "
        "15, musí brát) nebo any_card (hráč, který může utvořit 15 kteroukoli kartou, musí brát).",
        "Tvungen fangst: none (en spiller må altid lægge et kort), played_card (et spillet kort, der kan "
        "danne 15, skal fange) eller any_card (en spiller, der kan danne 15 med et hvilket som helst kort, "
        "skal fange).",
    ),
    "last_play_sweep_counts": (
        "Whether a sweep made with the very last card of the round scores a point.",
        "Se una scopa fatta con l'ultima carta della smazzata vale un punto.",
        "Si una escoba hecha con la última carta de la ronda vale un punto.",
        "Om det ger en poäng att tömma bordet med rundans allra sista kort.",
        "Zda se počítá bod za sebrání všech karet ze stolu poslední kartou kola.",
        "Om en fejning med rundens allersidste kort giver point.",
    ),
    "opening_kings_redeal": (
        "Three or four kings among the four opening table cards void the deal, which is redone.",
        "Tre o quattro re tra le quattro carte iniziali in tavola annullano la distribuzione, che si rifà.",
        "Tres o cuatro reyes entre las cuatro cartas iniciales de la mesa anulan el reparto, que se repite.",
        "Tre eller fyra kungar bland de fyra första korten på bordet gör given ogiltig, och korten ges om.",
        "Tři nebo čtyři králové mezi čtyřmi úvodními kartami na stole ruší rozdání, které se opakuje.",
        "Tre eller fire konger blandt de fire første bordkort gør givningen ugyldig, og der gives igen.",
    ),
    "primiera_missing_suit": (
        "Primiera when suits are missing: fewer_suits_loses (a side with cards in fewer suits loses to one "
        "with more) or cannot_score (a side without all four suits cannot take the point).",
        "Primiera con semi mancanti: fewer_suits_loses (chi ha carte in meno semi perde contro chi ne ha di "
        "più) o cannot_score (chi non ha tutti e quattro i semi non può prendere il punto).",
        "Primera con palos que faltan: fewer_suits_loses (quien tiene cartas de menos palos pierde frente a "
        "quien tiene más) o cannot_score (quien no tiene los cuatro palos no puede ganar el punto).",
        "Primiera när färger saknas: fewer_suits_loses (den som har kort i färre färger förlorar mot den som "
        "har fler) eller cannot_score (den som saknar någon av de fyra färgerna kan inte få poängen).",
        "Primera při chybějících barvách: fewer_suits_loses (kdo má karty v méně barvách, prohrává proti "
        "tomu, kdo jich má více) nebo cannot_score (kdo nemá všechny čtyři barvy, nemůže bod získat).",
        "Primiera ved manglende kulører: fewer_suits_loses (en side med kort i færre kulører taber til en "
        "side med flere) eller cannot_score (en side uden alle fire kulører kan ikke få pointet).",
    ),
    "primiera_rule": (
        "How the primiera point is decided: classic (the best card of each suit) or most_sevens (the most "
        "sevens).",
        "Come si assegna il punto della primiera: classic (la carta migliore di ogni seme) o most_sevens (il "
        "maggior numero di sette).",
        "Cómo se decide el punto de la primera: classic (la mejor carta de cada palo) o most_sevens (más "
        "sietes).",
        "Hur primierapoängen avgörs: classic (det bästa kortet i varje färg) eller most_sevens (flest "
        "sjuor).",
        "Jak se rozhoduje bod za primeru: classic (nejlepší karta každé barvy) nebo most_sevens (nejvíce "
        "sedmiček).",
        "Hvordan primiera-pointet afgøres: classic (det bedste kort i hver kulør) eller most_sevens (flest "
        "syvere).",
    ),
    "re_bello": (
        "The king of coins (re bello) scores one point.",
        "Il re di denari (re bello) vale un punto.",
        "El rey de oros (re bello) vale un punto.",
        "Kungen i guldmynt (re bello) ger en poäng.",
        "Král mincí (re bello) přináší jeden bod.",
        "Kongen i mønter (re bello) giver ét point.",
    ),
    "rosmarino": (
        "The fante of swords (rosmarino) scores one point.",
        "Il fante di spade (rosmarino) vale un punto.",
        "La sota de espadas (rosmarino) vale un punto.",
        "Knekten i svärd (rosmarino) ger en poäng.",
        "Kluk mečů (rosmarino) přináší jeden bod.",
        "Knægten i sværd (rosmarino) giver ét point.",
    ),
    "napola": (
        "Ace, two and three of coins (napola): off, length (3 points plus one for each further consecutive "
        "coin) or fixed3 (always 3 points).",
        "Asso, due e tre di denari (napola): off, length (3 punti più uno per ogni altro denaro consecutivo) "
        "o fixed3 (sempre 3 punti).",
        "As, dos y tres de oros (napola): off, length (3 puntos más uno por cada oro consecutivo siguiente) "
        "o fixed3 (siempre 3 puntos).",
        "Ess, två och tre i guldmynt (napola): off, length (3 poäng plus en för varje ytterligare guldmynt i "
        "följd) eller fixed3 (alltid 3 poäng).",
        "Eso, dvojka a trojka mincí (napola): off, length (3 body a jeden za každou další navazující minci) "
        "nebo fixed3 (vždy 3 body).",
        "Es, 2 og 3 i mønter (napola): off, length (3 point plus ét for hver yderligere mønt i træk) eller "
        "fixed3 (altid 3 point).",
    ),
    "asso_piglia_tutto": (
        "An ace played when no ace is on the table captures the whole table (asso piglia tutto).",
        "Un asso calato quando in tavola non ci sono assi prende tutta la tavola (asso piglia tutto).",
        "Un as jugado cuando no hay ningún as en la mesa se lleva toda la mesa (asso piglia tutto).",
        "Ett ess som spelas när inget ess ligger på bordet tar alla kort på bordet (asso piglia tutto).",
        "Eso zahrané, když na stole žádné eso neleží, bere všechny karty ze stolu (asso piglia tutto).",
        "Et es, der spilles, når der ikke ligger et es på bordet, fanger alle kort på bordet (asso piglia "
        "tutto).",
    ),
    "apt_sweep_counts": (
        "Whether an ace that takes the whole table scores a sweep.",
        "Se l'asso che prende tutta la tavola vale una scopa.",
        "Si el as que se lleva toda la mesa cuenta como escoba.",
        "Om ett ess som tar alla kort på bordet räknas som scopa.",
        "Zda se eso, které bere všechny karty ze stolu, počítá jako scopa.",
        "Om et es, der fanger alle kort på bordet, tæller som scopa.",
    ),
    "target": (
        "Points that win the match.",
        "Punti necessari per vincere la partita.",
        "Puntos necesarios para ganar la partida.",
        "Poäng som krävs för att vinna partiet.",
        "Počet bodů potřebný k vítězství v partii.",
        "Antal point, der skal til for at vinde partiet.",
    ),
    "scopone_deal": (
        "The deal: 9+4 (nine cards each, four on the table) or 10+0 (ten cards each, an empty table).",
        "La distribuzione: 9+4 (nove carte a testa, quattro in tavola) o 10+0 (dieci carte a testa, tavola "
        "vuota).",
        "El reparto: 9+4 (nueve cartas por jugador, cuatro en la mesa) o 10+0 (diez cartas por jugador, mesa "
        "vacía).",
        "Given: 9+4 (nio kort var, fyra på bordet) eller 10+0 (tio kort var, tomt bord).",
        "Rozdání: 9+4 (každý devět karet, čtyři na stůl) nebo 10+0 (každý deset karet, prázdný stůl).",
        "Givningen: 9+4 (ni kort til hver, fire på bordet) eller 10+0 (ti kort til hver, tomt bord).",
    ),
    "dealer_bonus": (
        "The dealer's bonus for the four opening table cards: stargames (sum 15: 1 escoba, 20: 2), "
        "traditional (15: 1, 30: 2) or off.",
        "Bonus del mazziere per le quattro carte iniziali in tavola: stargames (somma 15: 1 escoba, 20: 2), "
        "traditional (15: 1, 30: 2) o off.",
        "Bonificación del repartidor por las cuatro cartas iniciales de la mesa: stargames (suma 15: 1 "
        "escoba, 20: 2), traditional (15: 1, 30: 2) o ninguna (off).",
        "Kortgivarens bonus för de fyra första korten på bordet: stargames (summa 15: 1 escoba, 20: 2), "
        "traditional (15: 1, 30: 2) eller off.",
        "Bonus předáka za čtyři úvodní karty na stole: stargames (součet 15: 1 escoba, 20: 2), traditional "
        "(15: 1, 30: 2) nebo off.",
        "Giverens bonus for de fire første bordkort: stargames (sum 15: 1 escoba, 20: 2), traditional (15: "
        "1, 30: 2) eller off.",
    ),
    "fourth_point": (
        "What decides the fourth round point: primiera or most_sevens (the most sevens).",
        "Che cosa assegna il quarto punto: primiera o most_sevens (il maggior numero di sette).",
        "Qué decide el cuarto punto: primiera (la primera) o most_sevens (más sietes).",
        "Vad som avgör den fjärde poängen: primiera eller most_sevens (flest sjuor).",
        "Co rozhoduje o čtvrtém bodu: primiera (primera) nebo most_sevens (nejvíce sedmiček).",
        "Hvad der afgør det fjerde point: primiera eller most_sevens (flest syvere).",
    ),
    "trump_exchange": (
        "Exchanging a trump for the face-up trump card: off, seven_and_two (the 7 for an ace, a three or a "
        "face card, the 2 for a 4 to 7) or two_only (the 2 for any trump card).",
        "Scambio con la briscola scoperta: off, seven_and_two (il 7 per un asso, un tre o una figura, il 2 "
        "per un 4, 5, 6 o 7) o two_only (il 2 per qualsiasi briscola).",
        "Cambio de la carta de triunfo: off, seven_and_two (el 7 por un as, un tres o una figura; el 2 por "
        "un 4, 5, 6 o 7) o two_only (el 2 por cualquier triunfo).",
        "Byte mot det uppvända trumfkortet: off, seven_and_two (7:an mot ess, 3:a eller klätt kort, 2:an mot "
        "4, 5, 6 eller 7) eller two_only (2:an mot vilket trumfkort som helst).",
        "Výměna za otočenou trumfovou kartu: off, seven_and_two (sedmička za eso, trojku nebo figuru, "
        "dvojka za čtyřku až sedmičku) nebo two_only (dvojka za jakoukoli trumfovou kartu).",
        "Bytte med det vendte trumfkort: off, seven_and_two (7'eren for et es, en 3'er eller et billedkort, "
        "2'eren for en 4'er til 7'er) eller two_only (2'eren for et hvilket som helst trumfkort).",
    ),
    "three_player_removed_card": (
        "The two taken out of the deck when three play (2D, 2C, 2S or 2B).",
        "Il due tolto dal mazzo quando si gioca in tre (2D, 2C, 2S o 2B).",
        "El dos que se retira de la baraja cuando juegan tres (2D, 2C, 2S o 2B).",
        "Den tvåa som tas bort ur leken när tre spelar (2D, 2C, 2S eller 2B).",
        "Dvojka, která se při hře tří hráčů vyřadí z balíčku (2D, 2C, 2S nebo 2B).",
        "Den toer, der tages ud af kortspillet, når tre spiller (2D, 2C, 2S eller 2B).",
    ),
    "rounds_to_win": (
        "Rounds a side must win to win the match.",
        "Numero di smazzate da vincere per aggiudicarsi la partita.",
        "Número de rondas que hay que ganar para llevarse la partida.",
        "Antal rundor som krävs för att vinna partiet.",
        "Počet kol, která je nutné vyhrát k vítězství v partii.",
        "Antal runder, der skal vindes for at vinde partiet.",
    ),
}

# Presets (RULES.md section 7), one row per "game.preset"; Scopone shares Scopa's rows.
_SCOPA_STARGAMES: Texts = (
    "StarGames rules: capturing is compulsory with any card; a side with cards in fewer suits loses the "
    "primiera.",
    "Regole StarGames: la presa è obbligatoria con qualsiasi carta; chi ha carte in meno semi perde la "
    "primiera.",
    "Reglas de StarGames: es obligatorio llevarse cartas con cualquier carta; quien tiene cartas de menos "
    "palos pierde la primera.",
    "StarGames-regler: man måste ta kort om något kort på handen kan ta; den som har kort i färre färger "
    "förlorar primieran.",
    "Pravidla StarGames: brát je povinné kteroukoli kartou; kdo má karty v méně barvách, prohrává primeru.",
    "StarGames-regler: fangst er obligatorisk med ethvert kort; en side med kort i færre kulører taber "
    "primiera.",
)
_SCOPA_TRADITIONAL: Texts = (
    "The common published rules: only a played card that can capture must capture; a side without all four "
    "suits cannot win the primiera.",
    "Regole tradizionali: deve prendere solo la carta giocata che può prendere; chi non ha tutti e quattro i "
    "semi non può vincere la primiera.",
    "Reglas tradicionales: solo debe llevarse cartas la carta jugada que puede hacerlo; quien no tiene los "
    "cuatro palos no puede ganar la primera.",
    "Traditionella regler: bara ett spelat kort som kan ta kort måste ta; den som saknar någon av de fyra "
    "färgerna kan inte vinna primieran.",
    "Tradiční pravidla: brát musí jen zahraná karta, která brát může; kdo nemá všechny čtyři barvy, nemůže "
    "primeru vyhrát.",
    "Traditionelle regler: kun et spillet kort, der kan fange, skal fange; en side uden alle fire kulører "
    "kan ikke vinde primiera.",
)
_PRESETS: dict[str, Texts] = {
    "scopa.stargames": _SCOPA_STARGAMES,
    "scopone.stargames": _SCOPA_STARGAMES,
    "scopa.traditional": _SCOPA_TRADITIONAL,
    "scopone.traditional": _SCOPA_TRADITIONAL,
    "escoba.stargames": (
        "StarGames rules: dealer's bonus 15: 1 escoba, 20: 2; the primiera is the fourth point.",
        "Regole StarGames: bonus del mazziere 15: 1 escoba, 20: 2; il quarto punto è la primiera.",
        "Reglas de StarGames: bonificación del repartidor 15: 1 escoba, 20: 2; el cuarto punto es la "
        "primera.",
        "StarGames-regler: kortgivarens bonus 15: 1 escoba, 20: 2; den fjärde poängen är primiera.",
        "Pravidla StarGames: bonus předáka 15: 1 escoba, 20: 2; čtvrtým bodem je primera.",
        "StarGames-regler: giverens bonus 15: 1 escoba, 20: 2; det fjerde point er primiera.",
    ),
    "escoba.traditional": (
        "The common published rules: dealer's bonus 15: 1 escoba, 30: 2; the most sevens is the fourth "
        "point.",
        "Regole tradizionali: bonus del mazziere 15: 1 escoba, 30: 2; il quarto punto va a chi ha più sette.",
        "Reglas tradicionales: bonificación del repartidor 15: 1 escoba, 30: 2; el cuarto punto es para "
        "quien tiene más sietes.",
        "Traditionella regler: kortgivarens bonus 15: 1 escoba, 30: 2; den fjärde poängen går till den som "
        "har flest sjuor.",
        "Tradiční pravidla: bonus předáka 15: 1 escoba, 30: 2; čtvrtý bod získá ten, kdo má nejvíce "
        "sedmiček.",
        "Traditionelle regler: giverens bonus 15: 1 escoba, 30: 2; det fjerde point går til den, der har "
        "flest syvere.",
    ),
    "briscola.stargames": (
        "StarGames rules: the 7 and the 2 of trumps may be exchanged for the face-up trump card.",
        "Regole StarGames: il 7 e il 2 di briscola si possono scambiare con la briscola scoperta.",
        "Reglas de StarGames: el 7 y el 2 de triunfo se pueden cambiar por la carta de triunfo.",
        "StarGames-regler: 7:an och 2:an i trumf får bytas mot det uppvända trumfkortet.",
        "Pravidla StarGames: trumfovou sedmičku a dvojku lze vyměnit za otočenou trumfovou kartu.",
        "StarGames-regler: trumf-7'eren og trumf-2'eren må byttes med det vendte trumfkort.",
    ),
    "briscola.traditional": (
        "The common published rules: no trump exchange.",
        "Regole tradizionali: nessuno scambio della briscola.",
        "Reglas tradicionales: sin cambio de la carta de triunfo.",
        "Traditionella regler: inget byte av trumfkortet.",
        "Tradiční pravidla: bez výměny trumfové karty.",
        "Traditionelle regler: intet bytte af trumfkortet.",
    ),
    "briscola.brisca": (
        "Spanish Brisca: the 7 and the 2 of trumps may be exchanged; Spanish card names.",
        "Brisca spagnola: il 7 e il 2 di briscola si possono scambiare; nomi delle carte spagnole.",
        "Brisca española: el 7 y el 2 de triunfo se pueden cambiar; nombres de la baraja española.",
        "Spansk Brisca: 7:an och 2:an i trumf får bytas; spanska kortnamn.",
        "Španělská Brisca: trumfovou sedmičku a dvojku lze vyměnit; španělské názvy karet.",
        "Spansk Brisca: trumf-7'eren og trumf-2'eren må byttes; spanske kortnavne.",
    ),
}

_GAMES: dict[str, Texts] = {
    "scopa": ("Scopa", "Scopa", "Scopa", "Scopa", "Scopa", "Scopa"),
    "scopone": ("Scopone", "Scopone", "Scopone", "Scopone", "Scopone", "Scopone"),
    "escoba": ("Escoba", "Escoba", "Escoba", "Escoba", "Escoba", "Escoba"),
    "briscola": ("Briscola", "Briscola", "Brisca", "Briscola", "Briscola", "Briscola"),
    "brisca": ("Brisca", "Brisca", "Brisca", "Brisca", "Brisca", "Brisca"),
}
_GAME_ALIASES: dict[str, str] = {"brisca": "briscola"}

PROBLEM_CODES: tuple[str, ...] = tuple(_TITLES)
REASONS: tuple[str, ...] = tuple(_REASONS)


class _Params(dict[str, str]):
    """Format parameters that leave an unknown ``{placeholder}`` as it is, and note it, instead of raising."""

    def __init__(self, values: dict[str, str]) -> None:
        super().__init__(values)
        self.missing: set[str] = set()

    def __missing__(self, key: str) -> str:
        self.missing.add(key)
        return "{" + key + "}"


def _display(value: object) -> str:
    """A param as text: lists are joined with commas, a nested list (one capture set) with '+'."""
    if isinstance(value, list | tuple):
        return ", ".join(
            "+".join(map(str, item)) if isinstance(item, list | tuple) else str(item) for item in value
        )
    return str(value)


def _format(template: str, params: Mapping[str, object] | None) -> str | None:
    """The template filled in; None when a param it names is missing, so the caller keeps its own message."""
    given = (params or {}).items()
    values = _Params({str(key): _display(value) for key, value in given if value is not None})
    text = template.format_map(values)
    return None if values.missing else text


def language_index(language: str | None) -> int:
    """Position of a language tag (``"sv"``, ``"it-IT"``) in ``SUPPORTED``; English for anything else."""
    primary = (language or "").strip().lower().replace("_", "-").split("-")[0]
    return SUPPORTED.index(primary) if primary in SUPPORTED else 0


def problem_text(
    code: str, language: str, params: Mapping[str, object] | None = None
) -> tuple[str, str | None]:
    """The localized ``title`` of a problem code and its ``detail``.

    The detail is None when the code has no template or ``params`` lack one the template needs: the caller
    then keeps the engine's English message. An ``illegal_move`` with a known ``reason`` gets that reason's
    text.
    """
    index = language_index(language)
    title = _TITLES.get(code, _GENERIC_TITLE)[index]
    reason = (params or {}).get("reason")
    if code == "illegal_move" and isinstance(reason, str) and reason in _REASONS:
        return title, reason_text(reason, language, params)
    template = _DETAILS.get(code)
    return title, None if template is None else _format(template[index], params)


def reason_text(reason: str, language: str, params: Mapping[str, object] | None = None) -> str | None:
    """The localized message of an illegal-move reason; None for an unknown reason or a missing param."""
    texts = _REASONS.get(reason)
    return None if texts is None else _format(texts[language_index(language)], params)


def _game(game: str) -> str:
    return _GAME_ALIASES.get(game, game)


def option_description(game: str, option: str, language: str) -> str | None:
    """One line describing a rule option of a game, or None when the game has no such option."""
    game = _game(game)
    if option not in {known.name for known in OPTIONS.get(game, ())}:
        return None
    texts = _OPTIONS.get(f"{game}.{option}") or _OPTIONS.get(option)
    return None if texts is None else texts[language_index(language)]


def preset_description(game: str, preset: str, language: str) -> str | None:
    """One line describing a preset of a game, or None when the game has no such preset."""
    game = _game(game)
    if preset not in PRESETS.get(game, {}):
        return None
    texts = _PRESETS.get(f"{game}.{preset}")
    return None if texts is None else texts[language_index(language)]


def game_title(game: str, language: str) -> str | None:
    """The name of a game as players of that language write it, or None for an unknown game."""
    texts = _GAMES.get(game)
    return None if texts is None else texts[language_index(language)]
