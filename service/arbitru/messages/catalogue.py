"""Every message of Arbitru, English and Romanian side by side: one keyed table.

A key is the code an engine value carries (`MUST_PLAY_HIGHER_DIE` is `play.MUST_PLAY_HIGHER_DIE`,
cube reasons and rules problems by their own code), an HTTP problem (`problem.*`, `title.<status>`)
or, for marshmallow's own messages, marshmallow's English template itself (`Must be one of:
{choices}.`), so its messages are rendered from the template and parameters it formatted, never
parsed back from the finished sentence. Placeholders are `{name}`; both languages of a key name
the same ones (tests/messages checks). Parameters named `player`, `owner` and `starter` (a colour),
`point` (0 = off, 25 = bar) and `dice_word` (a count) of an engine value are put into words by
`arbitru.messages.say`.

Why one table rather than gettext catalogues (Babel): two languages, ~130 short texts, keys that
are codes rather than English source strings; a table needs no extraction or compile step, no
.mo files in the wheel, is type-checked, and the placeholder test reads it directly.
"""

from __future__ import annotations

from http import HTTPStatus

CATALOGUE: dict[str, dict[str, str]] = {
    # -- engine: cube reasons, rules/match/opening problems, opening results, words ---------------
    # -- cube reason codes (stable, returned as reason.code by POST /v1/cube) -----------------------
    "CUBE_DISABLED": {
        "en": "The doubling cube is not used under these rules.",
        "ro": "Cubul de dublare nu se folosește în aceste reguli.",
    },
    "CRAWFORD_GAME": {
        "en": "Nobody may double in the Crawford game.",
        "ro": "În jocul Crawford nu se poate dubla.",
    },
    "NOT_CUBE_OWNER": {
        "en": "Only the owner of the cube ({owner}) may double.",
        "ro": "Doar cel care deține cubul ({owner}) poate dubla.",
    },
    "MAX_CUBE_REACHED": {
        "en": "The cube cannot go above {max_cube}.",
        "ro": "Cubul nu poate depăși valoarea {max_cube}.",
    },
    "ALREADY_ROLLED": {
        "en": "The cube may be turned only before rolling the dice.",
        "ro": "Miza se poate dubla doar înainte de aruncarea zarurilor.",
    },
    "GAME_OVER": {
        "en": "The game is already over.",
        "ro": "Jocul s-a terminat deja.",
    },
    "BEAVERS_NOT_ALLOWED": {
        "en": "Beavers are not allowed under these rules.",
        "ro": "Redublarea imediată (beaver) nu este permisă în aceste reguli.",
    },
    "RACCOONS_NOT_ALLOWED": {
        "en": "Raccoons are not allowed under these rules.",
        "ro": "Răspunsul la beaver (raccoon) nu este permis în aceste reguli.",
    },
    "NO_BEAVERS_IN_MATCH": {
        "en": "Beavers and raccoons are never allowed in match play.",
        "ro": "Beaver și raccoon nu sunt permise niciodată într-o partidă pe puncte.",
    },
    "BEAVER_ANSWERS_DOUBLE": {
        "en": "A beaver can only answer a double.",
        "ro": "Un beaver poate răspunde doar unei dublări.",
    },
    "RACCOON_ANSWERS_BEAVER": {
        "en": "A raccoon can only answer a beaver.",
        "ro": "Un raccoon poate răspunde doar unui beaver.",
    },
    # -- validation problems (422 field messages) ----------------------------------------------------
    "unknown_option": {"en": "unknown option", "ro": "opțiune necunoscută"},
    "unknown_choice": {"en": "must be one of: {choices}", "ro": "trebuie să fie una dintre: {choices}"},
    "not_boolean": {"en": "must be true or false", "ro": "trebuie să fie true sau false"},
    "not_integer": {"en": "must be an integer", "ro": "trebuie să fie un număr întreg"},
    "only_hypergammon": {
        "en": "applies only to the hypergammon variant",
        "ro": "se aplică doar variantei hypergammon",
    },
    "max_cube_range": {
        "en": "must be a power of two from 1 to {limit}",
        "ro": "trebuie să fie o putere a lui doi între 1 și {limit}",
    },
    "automatic_doubles_range": {
        "en": "must be 0 or more, and automatic doubles must not take the cube above {max_cube}",
        "ro": "trebuie să fie cel puțin 0, iar dublările automate nu pot duce cubul peste {max_cube}",
    },
    "match_length_range": {
        "en": "must be from 0 (money game) to {limit}",
        "ro": "trebuie să fie între 0 (joc pe bani) și {limit}",
    },
    "ties_need_romanian": {
        "en": "applies only to the romanian opening (one die each can only tie by equal dice)",
        "ro": "se aplică doar deschiderii românești (cu un zar fiecare, egalitatea înseamnă zaruri egale)",
    },
    "option_requires": {
        "en": "needs the option '{requirement}' to be on",
        "ro": "necesită opțiunea '{requirement}' activată",
    },
    "cube_value": {
        "en": "must be a power of two from 1 to {max_cube}",
        "ro": "trebuie să fie o putere a lui doi între 1 și {max_cube}",
    },
    "cube_off": {
        "en": "must be 1: the cube is not used under these rules",
        "ro": "trebuie să fie 1: cubul nu se folosește în aceste reguli",
    },
    "owner_at_one": {
        "en": "a cube at 1 is centred: nobody has doubled yet",
        "ro": "un cub la 1 stă la mijloc: nimeni nu a dublat încă",
    },
    "score_below_length": {
        "en": "must be below the match length ({length})",
        "ro": "trebuie să fie mai mic decât lungimea partidei ({length})",
    },
    "score_not_negative": {"en": "must not be negative", "ro": "nu poate fi negativ"},
    "score_in_money": {
        "en": "a money game (length 0) has no match score",
        "ro": "un joc pe bani (lungime 0) nu are scor de partidă",
    },
    "crawford_in_money": {
        "en": "the Crawford game exists only in a match",
        "ro": "jocul Crawford există doar într-o partidă pe puncte",
    },
    "crawford_one_away": {
        "en": "the Crawford game needs exactly one player 1 point away from winning the match",
        "ro": "jocul Crawford cere ca exact un jucător să fie la 1 punct de câștigarea partidei",
    },
    "crawford_rule_off": {
        "en": "the Crawford rule is off under these rules",
        "ro": "regula Crawford este dezactivată în aceste reguli",
    },
    "crawford_cube": {
        "en": "nobody doubles in the Crawford game: the cube stays centred at 1",
        "ro": "în jocul Crawford nu se dublează: cubul rămâne la mijloc, la 1",
    },
    "dice_count.standard": {
        "en": "in the standard opening each player rolls one die",
        "ro": "la deschiderea standard fiecare jucător aruncă un zar",
    },
    "dice_count.romanian": {
        "en": "in the romanian opening each player rolls two dice",
        "ro": "la deschiderea românească fiecare jucător aruncă două zaruri",
    },
    "opening_cube": {
        "en": "the cube is centred before the first roll of a game",
        "ro": "înainte de prima aruncare a jocului cubul stă la mijloc",
    },
    "die_range": {"en": "a die shows 1 to 6", "ro": "un zar arată de la 1 la 6"},
    "unknown_variant": {"en": "must be one of: {choices}", "ro": "trebuie să fie una dintre: {choices}"},
    # -- opening explanations ----------------------------------------------------------------------
    "opening_reroll": {
        "en": "Equal rolls: both players roll again.",
        "ro": "Aruncări egale: ambii jucători aruncă din nou.",
    },
    "opening_reroll_auto": {
        "en": "Equal rolls: both players roll again and the cube is turned to {value} (automatic double).",
        "ro": (
            "Aruncări egale: ambii jucători aruncă din nou, "
            "iar miza se dublează: cubul ajunge la {value} (dublare automată)."
        ),
    },
    "opening_starts": {
        "en": "{starter} starts and plays {dice}.",
        "ro": "Începe {starter} și joacă {dice}.",
    },
    "opening_starts_new_roll": {
        "en": "{starter} starts and rolls both dice again.",
        "ro": "Începe {starter} și aruncă din nou ambele zaruri.",
    },
    "opening_step.standard": {
        "en": "Each player rolls one die; the higher die starts and plays both dice (equal dice: again).",
        "ro": (
            "Fiecare jucător aruncă un zar; zarul mai mare începe și joacă ambele zaruri "
            "(zaruri egale: se aruncă din nou)."
        ),
    },
    "opening_step.romanian": {
        "en": "Each player rolls both dice; a double beats any non-double, else the higher total starts.",
        "ro": (
            "Fiecare jucător aruncă ambele zaruri; o dublă bate orice altă aruncare, "
            "altfel începe totalul mai mare."
        ),
    },
    # -- players and results -----------------------------------------------------------------------
    "white": {"en": "White", "ro": "Albul"},
    "black": {"en": "Black", "ro": "Negrul"},
    "centered": {"en": "nobody", "ro": "nimeni"},
    "result.single": {"en": "single game", "ro": "linie"},
    "result.gammon": {"en": "gammon", "ro": "marț"},
    "result.backgammon": {"en": "backgammon", "ro": "marț tehnic"},  # only when backgammons count
    # -- engine: checker-play reasons (judge), by `play.<CODE>` ------------------------------------
    "play.NOT_ON_BOARD": {
        "en": "point {point} is not on the board",
        "ro": "punctul {point} nu există pe tablă",
    },
    "play.MOVE_BACKWARDS": {
        "en": "{move} moves a checker backwards",
        "ro": "{move} mută un pul înapoi",
    },
    "play.NO_CHECKER_TO_MOVE": {
        "en": "{player} has no checker on {point} to move",
        "ro": "{player} nu are niciun pul de mutat pe {point}",
    },
    "play.MUST_ENTER_FROM_BAR": {
        "en": "{move} moves while a checker is on the bar",
        "ro": "{move} mută alt pul cât timp un pul stă pe bară (întâi intră pulurile de pe bară)",
    },
    "play.POINT_CLOSED": {
        "en": "point {point} is held by the opponent",
        "ro": "punctul {point} este poartă a adversarului (două sau mai multe puluri)",
    },
    "play.DICE_MISMATCH": {
        "en": "{move} does not match the dice left ({dice})",
        "ro": "{move} nu corespunde zarurilor rămase ({dice})",
    },
    "play.TOO_MANY_MOVES": {
        "en": "{move} needs a die, but the play has already used all of {roll}",
        "ro": "{move} cere un zar, dar mutarea a folosit deja toate zarurile din {roll}",
    },
    "play.BEAR_OFF_NOT_ALLOWED": {
        "en": "{move} bears off while a checker is outside the home board",
        "ro": "{move} scoate un pul cât timp un alt pul este în afara casei",
    },
    "play.BEAR_OFF_HIGHER_POINT_OCCUPIED": {
        "en": "a checker on a point above {point} must move before one bears off from {point}"
        " with a higher die ({die})",
        "ro": "cu un zar mai mare ({die}) se scoate de pe {point} doar după ce pulurile de pe"
        " punctele mai înalte s-au mutat",
    },
    "play.MUST_USE_ALL_DICE": {
        "en": "{roll} can be played with {longest} {dice_word}; the play uses {used}",
        "ro": "{roll} se poate juca cu {longest} {dice_word}; mutarea folosește {used}",
    },
    "play.MUST_PLAY_HIGHER_DIE": {
        "en": "only one die of {roll} can be played: it must be the {high}",
        "ro": "din {roll} se poate juca un singur zar: trebuie jucat {high}",
    },
    "play.WRONG_HIT": {
        "en": "{move}* marks a hit, but there is no blot of the opponent on {point}",
        "ro": "{move}* marchează o lovitură, dar pe {point} nu este niciun pul singur al adversarului",
    },
    "play.HIT_ON_THE_WAY": {
        "en": "{move} hits nothing, but a legal play moving these checkers hits on the way"
        " ({example}): write the stop where it hits",
        "ro": "{move} nu lovește nimic, dar o mutare legală cu aceleași puluri lovește pe drum"
        " ({example}): scrieți oprirea unde lovește",
    },
    "play.NOT_A_LEGAL_PLAY": {
        "en": "the play does not lead to the position of any legal play of {roll}",
        "ro": "mutarea nu duce la poziția niciunei mutări legale cu {roll}",
    },
    "play.REGROUPED": {
        "en": "{written} cannot be played as written with {roll}; taken as {play}, which leaves"
        " the same position",
        "ro": "{written} nu se poate juca așa cum e scrisă cu {roll}; luată drept {play}, care"
        " duce la aceeași poziție",
    },
    "dice.one": {"en": "die", "ro": "zar"},
    "list.or": {"en": "{rest} or {last}", "ro": "{rest} sau {last}"},
    "dice.many": {"en": "dice", "ro": "zaruri"},
    "point.bar": {"en": "bar", "ro": "bară"},
    "point.off": {"en": "off", "ro": "afară"},
    "point.n": {"en": "{n}", "ro": "punctul {n}"},
    # -- engine: board problems --------------------------------------------------------------------
    "board.slots": {"en": "a side needs 26 slots", "ro": "o parte are nevoie de 26 de poziții"},
    "board.negative": {"en": "must not be negative", "ro": "nu poate fi negativ"},
    "board.checker_count": {
        "en": "has {total} checkers; each side has exactly {checkers}",
        "ro": "are {total} puluri; fiecare parte are exact {checkers}",
    },
    "board.point_held_by_both": {
        "en": "white's point {white_point} (black's point {black_point}) is held by both sides",
        "ro": "punctul {white_point} al albului (punctul {black_point} al negrului) este ocupat"
        " de ambele părți",
    },
    "board.all_borne_off": {
        "en": "both sides have borne off every checker",
        "ro": "ambele părți au scos toate pulurile",
    },
    "board.both_dance": {
        "en": "both sides have checkers on the bar facing a closed board: no game reaches this",
        "ro": "ambele părți au puluri pe bară în fața unei case închise: niciun joc nu ajunge aici",
    },
    # -- the referee (arbitru.referee): key referee.<CODE>[.<case>]; `{reason}` quotes a ruling of the
    #    judge or the cube rules, already in words ------------------------------------------------
    "referee.MATCH_ALREADY_OVER": {
        "en": "game {game} is played after {winner} already won the match",
        "ro": "jocul {game} se joacă după ce {winner} a câștigat deja partida",
    },
    "referee.SCORE_MISMATCH": {
        "en": "game {game} starts at {written_0}-{written_1}, but the replay has {score_0}-{score_1}",
        "ro": "jocul {game} începe la {written_0}-{written_1}, dar reluarea dă {score_0}-{score_1}",
    },
    "referee.SCORE_MISMATCH.money": {
        "en": "game {game} starts at {written_0}-{written_1}, but the replay has {score_0}-{score_1}"
        " (a money session's running total)",
        "ro": "jocul {game} începe la {written_0}-{written_1}, dar reluarea dă {score_0}-{score_1}"
        " (totalul curent al unei sesiuni pe bani)",
    },
    "referee.ACTION_AFTER_GAME_OVER.result": {
        "en": "{player} acts after the game's result was written",
        "ro": "{player} joacă după ce rezultatul jocului a fost scris",
    },
    "referee.ACTION_AFTER_GAME_OVER": {
        "en": "game {game} is already over ({ended_by})",
        "ro": "jocul {game} s-a terminat deja ({ended_by})",
    },
    "referee.BAD_START_POSITION.set_pos": {
        "en": "Set Pos: {reason}",
        "ro": "Set Pos: {reason}",
    },
    "referee.BAD_START_POSITION.start_position": {
        "en": "start_position: {reason}",
        "ro": "start_position: {reason}",
    },
    "referee.BAD_START_POSITION": {
        "en": "the stated start position is not valid: {reason}",
        "ro": "poziția de început dată nu este validă: {reason}",
    },
    "referee.DOUBLE_NOT_ANSWERED.roll": {
        "en": "{player} rolls while the {offer} of {doubler} is not answered",
        "ro": "{player} aruncă zarurile înainte ca oferta ({offer}) lui {doubler} să primească răspuns",
    },
    "referee.DOUBLE_NOT_ANSWERED.double": {
        "en": "{player} doubles while the {offer} of {doubler} is not answered",
        "ro": "{player} dublează înainte ca oferta ({offer}) lui {doubler} să primească răspuns",
    },
    "referee.OPENING_ROLL_DOUBLET": {
        "en": "the opening roll {high}-{low} is a doublet; in a standard game the first roll never is",
        "ro": "aruncarea de deschidere {high}-{low} este o dublă; într-un joc standard prima aruncare"
        " nu este niciodată dublă",
    },
    "referee.OUT_OF_TURN.roll": {
        "en": "{player} rolls, but it is {turn}'s turn",
        "ro": "{player} aruncă zarurile, dar este rândul lui {turn}",
    },
    "referee.OUT_OF_TURN.before_opening": {
        "en": "{player} doubles before the opening roll",
        "ro": "{player} dublează înaintea aruncării de deschidere",
    },
    "referee.OUT_OF_TURN.double": {
        "en": "{player} doubles on {turn}'s turn",
        "ro": "{player} dublează când este rândul lui {turn}",
    },
    "referee.OUT_OF_TURN.own_offer": {
        "en": "{player} answers its own {offer}",
        "ro": "{player} răspunde propriei oferte ({offer})",
    },
    "referee.HIDDEN_PLAY": {
        "en": "the play of {player} is hidden ('{play}') and the game goes on",
        "ro": "mutarea lui {player} este ascunsă ('{play}') și jocul continuă",
    },
    "referee.ILLEGAL_PLAY_MARKED": {
        "en": "the transcript marks the {high}-{low} of {player} as an illegal play, not the play",
        "ro": "transcrierea marchează {high}-{low} al lui {player} drept mutare ilegală, nu mutarea",
    },
    "referee.BAD_NOTATION": {
        "en": "cannot read the play of {player}: {reason}",
        "ro": "mutarea lui {player} nu se poate citi: {reason}",
    },
    "referee.play": {
        "en": "{action}: {reason}",
        "ro": "{action}: {reason}",
    },
    "referee.MUST_USE_ALL_DICE.nothing": {
        "en": "{player} writes nothing for {high}-{low}, but a legal play exists (e.g. {example})",
        "ro": "{player} nu scrie nimic pentru {high}-{low}, dar există o mutare legală (de ex. {example})",
    },
    "referee.MUST_USE_ALL_DICE.cannot_move": {
        "en": "{player} writes 'Cannot Move' for {high}-{low}, but a legal play exists (e.g. {example})",
        "ro": "{player} scrie 'Cannot Move' pentru {high}-{low}, dar există o mutare legală"
        " (de ex. {example})",
    },
    "referee.impossible.HIT_CHECKER_NOT_ON_BAR": {
        "en": "{action}: {turn} has {count} checker(s) on the bar but moves others as though they had"
        " been removed (never condoned)",
        "ro": "{action}: {turn} are {count} pul(uri) pe bară, dar mută altele ca și cum ar fi fost"
        " scoase din joc (nu se iartă niciodată)",
    },
    "referee.impossible.MOVE_BACKWARDS": {
        "en": "{action}: {move} moves a checker backwards (never condoned)",
        "ro": "{action}: {move} mută un pul înapoi (nu se iartă niciodată)",
    },
    "referee.impossible.OPPONENT_CHECKER_MOVED": {
        "en": "{action}: {move} moves an opponent's checker ({turn} has none there) (never condoned)",
        "ro": "{action}: {move} mută un pul al adversarului ({turn} nu are niciunul acolo)"
        " (nu se iartă niciodată)",
    },
    "referee.impossible.NO_CHECKER_TO_MOVE": {
        "en": "{action}: {turn} has no checker on {point} (never condoned)",
        "ro": "{action}: {turn} nu are niciun pul pe {point} (nu se iartă niciodată)",
    },
    "referee.impossible.BEAR_OFF_NOT_ALLOWED": {
        "en": "{action}: {move} bears off while a checker of {turn} is outside the home board"
        " (never condoned)",
        "ro": "{action}: {move} scoate un pul cât timp un pul al lui {turn} este în afara casei"
        " (nu se iartă niciodată)",
    },
    "referee.impossible.POINT_CLOSED": {
        "en": "{action}: {move} lands on a point the opponent holds (never condoned)",
        "ro": "{action}: {move} ajunge pe o poartă a adversarului (nu se iartă niciodată)",
    },
    "referee.cube.double": {
        "en": "{player} may not double: {reason}",
        "ro": "{player} nu poate dubla: {reason}",
    },
    "referee.cube.answer": {
        "en": "{player} may not {answer}: {reason}",
        "ro": "{player} nu poate răspunde cu {answer}: {reason}",
    },
    "referee.CUBE_VALUE_MISMATCH.double": {
        "en": "the cube is at {cube}; a double takes it to {expected}, not {written}",
        "ro": "cubul este la {cube}; o dublare îl duce la {expected}, nu la {written}",
    },
    "referee.CUBE_VALUE_MISMATCH.answer": {
        "en": "a {answer} takes the cube to {expected}, not {written}",
        "ro": "un {answer} duce cubul la {expected}, nu la {written}",
    },
    "referee.NO_DOUBLE_TO_ANSWER": {
        "en": "{player} answers ({answer}) but nobody doubled",
        "ro": "{player} răspunde ({answer}), dar nimeni nu a dublat",
    },
    "referee.GAME_NOT_FINISHED": {
        "en": "game {game} ends without a result (no bear-off, drop or 'Wins' line)",
        "ro": "jocul {game} se încheie fără rezultat (nicio scoatere a tuturor pulurilor, niciun"
        " refuz, nicio linie 'Wins')",
    },
    "referee.MATCH_NOT_OVER": {
        "en": "'{written}', but the score is {score_0}-{score_1} in a {length}-point match",
        "ro": "'{written}', dar scorul este {score_0}-{score_1} într-o partidă la {length} puncte",
    },
    "referee.MATCH_NOT_OVER.money": {
        "en": "'{written}', but the score is {score_0}-{score_1} in a money session",
        "ro": "'{written}', dar scorul este {score_0}-{score_1} într-o sesiune pe bani",
    },
    "referee.WRONG_WINNER": {
        "en": "the transcript says {declared} won game {game}, the replay says {winner}",
        "ro": "transcrierea spune că {declared} a câștigat jocul {game}, reluarea spune {winner}",
    },
    "referee.WRONG_POINTS": {
        "en": "the transcript gives {declared} point(s) for game {game}; the replay gives {points}",
        "ro": "transcrierea dă {declared} punct(e) pentru jocul {game}; reluarea dă {points}",
    },
    "referee.WRONG_POINTS.needed": {
        "en": "the transcript gives {declared} point(s) for game {game}; the replay gives {points}"
        " (or {needed}, what {winner} needed)",
        "ro": "transcrierea dă {declared} punct(e) pentru jocul {game}; reluarea dă {points}"
        " (sau {needed}, cât îi mai trebuia lui {winner})",
    },
    "referee.WRONG_POINTS.resignation": {
        "en": "a resignation at cube {cube} is worth {possible} point(s), not {declared}",
        "ro": "un abandon la cubul {cube} valorează {possible} punct(e), nu {declared}",
    },
    "referee.WRONG_POINTS.resignation_needed": {
        "en": "a resignation at cube {cube} is worth {possible} point(s), not {declared}"
        " (nor capped at {needed}, what {winner} needed)",
        "ro": "un abandon la cubul {cube} valorează {possible} punct(e), nu {declared}"
        " (nici limitat la {needed}, cât îi mai trebuia lui {winner})",
    },
    # -- the command line (arbitru verify): its table and report -------------------------------
    "cli.valid": {"en": "valid", "ro": "valid"},
    "cli.invalid": {"en": "INVALID", "ro": "INVALID"},
    "cli.unreadable": {"en": "UNREADABLE", "ro": "ILIZIBIL"},
    "cli.file": {"en": "file", "ro": "fișier"},
    "cli.verdict": {"en": "verdict", "ro": "verdict"},
    "cli.games": {"en": "games", "ro": "jocuri"},
    "cli.score": {"en": "score", "ro": "scor"},
    "cli.first_error": {"en": "first error", "ro": "prima greșeală"},
    "cli.summary": {
        "en": "{valid} valid, {invalid} invalid, {unreadable} unreadable of {total}",
        "ro": "{valid} valide, {invalid} invalide, {unreadable} ilizibile din {total}",
    },
    "cli.report": {"en": "Match verification report", "ro": "Raport de verificare a partidelor"},
    "cli.game": {"en": "game", "ro": "jocul"},
    "cli.move": {"en": "move", "ro": "mutarea"},
    "cli.legal": {"en": "legal plays", "ro": "mutări legale"},
    # -- HTTP problem details -------------------------------------------------------------------
    "problem.invalid_field": {
        "en": "the request has {count} invalid field",
        "ro": "cererea are {count} câmp invalid",
    },
    "problem.invalid_fields": {
        "en": "the request has {count} invalid fields",
        "ro": "cererea are {count} câmpuri invalide",
    },
    "problem.fields_shown": {
        "en": "{detail} (first {count} fields shown)",
        "ro": "{detail} (sunt afișate primele {count} câmpuri)",
    },
    "problem.empty_body": {
        "en": "the request body is empty; send a JSON object",
        "ro": "corpul cererii este gol; trimiteți un obiect JSON",
    },
    "problem.unreachable_position": {
        "en": "the position is not one a game can reach",
        "ro": "poziția nu poate apărea într-un joc",
    },
    "problem.game_over_on_roll": {
        "en": "{color} has borne off all {checkers} checkers: the game is over and {turn} cannot be on roll",
        "ro": "{color} a scos toate cele {checkers} puluri: jocul s-a terminat și {turn} nu poate fi"
        " la mutare",
    },
    "problem.invalid_rules": {"en": "the rules are not valid", "ro": "regulile nu sunt valide"},
    "problem.excerpt_start": {
        "en": "the excerpt's start is not a score of this match",
        "ro": "începutul fragmentului nu este un scor al acestei partide",
    },
    "problem.not_json": {
        "en": "send the body as JSON with Content-Type: application/json",
        "ro": "trimiteți corpul ca JSON, cu Content-Type: application/json",
    },
    "problem.wrong_content_type": {
        "en": "expected Content-Type: application/json, got {got}",
        "ro": "se aștepta Content-Type: application/json, s-a primit {got}",
    },
    "problem.malformed_json": {
        "en": "the body is not valid JSON: {error}",
        "ro": "corpul nu este JSON valid: {error}",
    },
    "problem.not_found": {
        "en": "no resource at this URL; the API lives under /v1 (see /docs)",
        "ro": "nicio resursă la această adresă; API-ul este sub /v1 (vezi /docs)",
    },
    "problem.method_not_allowed": {
        "en": "this URL does not accept that method; the Allow header lists the ones it does",
        "ro": "această adresă nu acceptă metoda; antetul Allow le listează pe cele acceptate",
    },
    "problem.body_too_large": {
        "en": "the request body is larger than the limit",
        "ro": "corpul cererii depășește limita",
    },
    "problem.body_over_limit": {
        "en": "the request body is larger than the limit of {limit} bytes",
        "ro": "corpul cererii depășește limita de {limit} octeți",
    },
    "problem.internal": {
        "en": "the server failed to answer this request; the error has been logged",
        "ro": "serverul nu a putut răspunde acestei cereri; eroarea a fost înregistrată",
    },
    # -- marshmallow's messages, keyed by marshmallow's English template ---------------------------
    "Unknown field.": {"en": "Unknown field.", "ro": "Câmp necunoscut."},
    "Missing data for required field.": {
        "en": "Missing data for required field.",
        "ro": "Lipsește un câmp obligatoriu.",
    },
    "Not a valid integer.": {"en": "Not a valid integer.", "ro": "Nu este un număr întreg valid."},
    "Not a valid boolean.": {
        "en": "Not a valid boolean.",
        "ro": "Nu este o valoare booleană validă (true/false).",
    },
    "Not a valid string.": {"en": "Not a valid string.", "ro": "Nu este un șir de caractere valid."},
    "Not a valid list.": {"en": "Not a valid list.", "ro": "Nu este o listă validă."},
    "Invalid input type.": {"en": "Invalid input type.", "ro": "Tip de date invalid."},
    "Invalid value.": {"en": "Invalid value.", "ro": "Valoare invalidă."},
    "Field may not be null.": {"en": "Field may not be null.", "ro": "Câmpul nu poate fi null."},
    "Must be one of: {choices}.": {
        "en": "Must be one of: {choices}.",
        "ro": "Trebuie să fie una dintre: {choices}.",
    },
    "Must be greater than or equal to {min} and less than or equal to {max}.": {
        "en": "Must be greater than or equal to {min} and less than or equal to {max}.",
        "ro": "Trebuie să fie între {min} și {max}.",
    },
    "Must be greater than or equal to {min}.": {
        "en": "Must be greater than or equal to {min}.",
        "ro": "Trebuie să fie cel puțin {min}.",
    },
    "Must be less than or equal to {max}.": {
        "en": "Must be less than or equal to {max}.",
        "ro": "Trebuie să fie cel mult {max}.",
    },
    "Length must be {equal}.": {"en": "Length must be {equal}.", "ro": "Lungimea trebuie să fie {equal}."},
    "Longer than maximum length {max}.": {
        "en": "Longer than maximum length {max}.",
        "ro": "Mai lung decât lungimea maximă {max}.",
    },
    "Shorter than minimum length {min}.": {
        "en": "Shorter than minimum length {min}.",
        "ro": "Mai scurt decât lungimea minimă {min}.",
    },
    "Length must be between {min} and {max}.": {
        "en": "Length must be between {min} and {max}.",
        "ro": "Lungimea trebuie să fie între {min} și {max}.",
    },
}

# HTTP status titles: English is the standard phrase (http.HTTPStatus), Romanian beside it.
_TITLES_RO: dict[int, str] = {
    400: "Cerere greșită",
    404: "Resursă inexistentă",
    405: "Metodă nepermisă",
    413: "Conținut prea mare",
    415: "Tip de conținut nesuportat",
    422: "Conținut invalid",
    500: "Eroare internă a serverului",
}
CATALOGUE.update(
    {f"title.{status}": {"en": HTTPStatus(status).phrase, "ro": ro} for status, ro in _TITLES_RO.items()}
)
