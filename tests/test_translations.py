"""Translations read across messages, for the faults the native reviews found (issue #51).

The messages that name pieces are written once per set of pieces (fox and geese, Asalto's
officers and rebels, Bagh-Chal's tigers and goats), so one idea has several near-identical
messages. A wording fixed in one of them and left in its twins is the commonest fault the
reviews found; the first test finds it. The others each cover a kind of fault a review found
that a machine can see: a modal that turns "need not" into "must not", a plural verb in the
"one" form, a small letter where Danish and German want a capital, a word the glossary rules
out. Wording is for reviewers; these catch a fault coming back.
"""

import re
from collections import defaultdict
from gettext import NullTranslations

import pytest
from babel.messages.pofile import read_po

from site_builder import i18n
from site_builder.content import load_games
from site_builder.game_sentences import game_sentences

LOCALES = i18n.locales()[1:]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
APOSTROPHE = "\u2019"


def catalog(code: str):
    with i18n.po_path(code).open("rb") as f:
        return read_po(f, locale=code)


def template():
    with i18n.POT.open("rb") as f:
        return read_po(f)


def forms(message) -> tuple[str, ...]:
    string = message.string
    return tuple(string) if isinstance(string, tuple | list) else (string,)


# --- sibling messages ------------------------------------------------------------------------

# The pieces of each set as the English says them: fox side and geese side, one and many. A
# sentence about one piece and one about many are not siblings (the verb agrees).
ENGLISH_PIECES = {
    "F": r"fox|officer|tiger",
    "Fs": r"foxes|officers|tigers",
    "G": r"goose|rebel|goat",
    "Gs": r"geese|rebels|goats",
}
# Each language's words for the pieces, in the forms its catalog uses (locales/GLOSSARY.md):
# a form the glossary rules out (nb *gåsa*, *geiten*) is left in the text and so stands out.
PIECES = {
    "sv": (
        r"räv(en|ar|arna|ens|arnas)?|officer(en|are|arna|arnas|ens|ares)?|tiger(n|ns)?"
        r"|tigrar(na|nas)?",
        r"gås(en|ens)?|gäss(en|ens)?|rebell(en|er|erna|ernas|ens)?|get(en|ens|ter|terna|ternas)?",
    ),
    "de": (
        r"fuchs(es)?|füchse[n]?|offizier(e|en|s)?|tiger[ns]?",
        r"gans|gänse[n]?|rebell(en)?|ziege[n]?",
    ),
    "fi": (r"(kett|ketu)\w*|upseer\w*|tiiker\w*", r"hanh\w*|kapinalli\w*|vuoh\w*"),
    "nb": (
        r"rev(en|er|ene|ens|enes)?|offiser(en|er|ene|ens|enes)?|tiger(en|ens)?|tigre(ne|r|nes)?",
        r"gås(en|ens)?|gjess(ene|enes)?|opprører(en|e|ne|nes|ens)?|geit(a|er|ene|enes)?",
    ),
    "da": (
        r"ræv(en|e|ene|ens|enes)?|officer(en|er|erne|ens|ernes)?|tiger(en|ens)?|tigre(ne|nes)?",
        r"gås(en|ens)?|gæs(sene|senes)?|oprører(en|e|ne|nes|ens)?|ged(en|er|erne|ernes|ens)?",
    ),
    "is": (
        r"ref(ur|urinn|inn|num|s|sins|ir|irnir|i|ina|um|unum|a|anna)?|liðsforingj?\w*"
        r"|tígrisdýr\w*",
        r"gæs\w*|uppreisnarm\w*|geit\w*",
    ),
    "fr": (r"renards?|officiers?|tigres?", r"oies?|rebelles?|chèvres?"),
    "nl": (r"vos(sen)?|officier(en)?|tijgers?", r"gans|ganzen|rebel(len)?|geit(en)?"),
    "pl": (
        r"lis(a|em|y|ów|ami|owi|ie|om|ach)?|oficer\w*|tygrys\w*",
        r"gęś|gęs\w*|buntowni\w*|koz\w*|kóz",
    ),
}
# Words that change with the gender or number of the piece beside them, each group read as
# one word: they are grammar, not wording.
AGREEMENT: dict[str, list[tuple[str, ...]]] = {
    "sv": [("en", "ett"), ("den", "det"), ("ingen", "inget"), ("vilken", "vilket")],
    "de": [
        ("der", "die", "das", "den", "dem", "des"),
        ("ein", "eine", "einen", "einem", "einer", "eines"),
        ("kein", "keine", "keinen", "keinem", "keiner"),
        ("er", "sie", "es", "ihn", "ihm", "ihr"),
        ("markierten", "markierte"),
        ("seine", "ihre"),
    ],
    "fi": [],
    "nb": [("en", "ei", "et", "én", "ett"), ("den", "det")],
    "da": [("en", "et", "én", "ét"), ("den", "det")],
    "is": [
        ("hann", "hún", "það", "þeir", "þær", "þau"),
        ("hans", "hennar", "þess", "þeirra"),
        ("honum", "henni", "því"),
        ("einn", "ein", "eitt", "einum", "einni", "einu", "eina", "einan"),
        ("enginn", "engin", "ekkert"),
        ("merktan", "merkta", "merkt"),
        ("drepinn", "drepin", "drepið", "drepnir", "drepnar"),
        ("annar", "önnur", "annað", "annan"),
        ("fáir", "fáar", "fá"),
    ],
    "fr": [
        ("du", "de la", "des", "de le"),
        ("au", "à la", "aux", "à le"),
        ("le", "la", "les"),
        ("un", "une"),
        ("il", "elle", "ils", "elles", "lui", "eux"),
        ("seul", "seule", "seuls", "seules"),
        ("aucun", "aucune"),
        ("marqué", "marquée"),
        ("pris", "prise", "prises"),
        ("restant", "restante", "restants", "restantes"),
    ],
    "nl": [("de", "het"), ("hij", "zij", "ze", "het"), ("die", "dat"), ("zijn", "haar")],
    "pl": [
        ("pierwszy", "pierwsza", "pierwsze", "pierwsi"),
        ("żaden", "żadna", "żadne"),
        ("jednym", "jedną"),
        ("nim", "nią"),
        ("zbity", "zbita", "zbite", "zbici"),
    ],
}
# Sibling messages whose wording differs on purpose, in every language or in one, and why.
WORDED_APART_EVERYWHERE = {
    "Your move, with the Fs.": "for fox and geese the status line says what to do (move a "
    "fox); for the other sets it names the side, since a goat turn may place or step "
    "(locales/GLOSSARY.md)",
}
WORDED_APART_EVERYWHERE["Your move, with the Gs."] = WORDED_APART_EVERYWHERE[
    "Your move, with the Fs."
]
WORDED_APART: dict[tuple[str, str], str] = {}


def english_pattern(message) -> str:
    """The English with the pieces and placeholders masked: the plural form where there is one,
    since the messages of a set with one piece (the fox) have both and the others one."""
    text = message.id[1] if isinstance(message.id, tuple) else message.id
    text = re.sub(r"(?<=s)'(?!\w)|'s\b", "'", text)
    for mask, words in ENGLISH_PIECES.items():
        text = re.sub(rf"\b({words})\b", mask, text, flags=re.IGNORECASE)
    return PLACEHOLDER.sub("%", text)


def context_kind(context: str | None) -> str:
    """A message's context without the game it names: "asalto rule aspect" is a row heading
    like "rule aspect"; a game or the hint is no kind of its own."""
    if context is None:
        return ""
    for game in ("asalto", "bagh-chal", "fox-and-geese", "two-foxes", "large-cross", "hint"):
        context = context.removeprefix(game).strip()
    return context


def wording(code: str, text: str) -> str:
    """A translation with its pieces masked and the words that agree with them folded."""
    fox, goose = PIECES[code]
    text = text.lower()
    text = re.sub(rf"(?<!\w)({fox})(?!\w)", "F", text, flags=re.IGNORECASE)
    text = re.sub(rf"(?<!\w)({goose})(?!\w)", "G", text, flags=re.IGNORECASE)
    text = PLACEHOLDER.sub("%", text)
    text = text.replace("'", APOSTROPHE)
    if code == "fr":  # elided articles as the full word: "l'officier" reads "le officier"
        text = re.sub(rf"(?<!\w)(l|d|qu|j){APOSTROPHE}", r"\1e ", text)
    for group in AGREEMENT[code]:
        words = "|".join(
            re.escape(w) + ("" if w.endswith(APOSTROPHE) else r"(?!\w)")
            for w in sorted(group, key=len, reverse=True)
        )
        text = re.sub(rf"(?<!\w)(?:{words})", group[0], text)
    return text


def sibling_groups() -> dict[tuple[str, str], list]:
    groups = defaultdict(list)
    for message in template():
        if message.id:
            groups[(context_kind(message.context), english_pattern(message))].append(message)
    return {key: group for key, group in groups.items() if len(group) > 1}


def worded_apart(code: str) -> dict[str, list[str]]:
    """The sibling groups whose translations in ``code`` are not worded alike."""
    translations = catalog(code)
    found = {}
    for (_, pattern), group in sibling_groups().items():
        # The last form: the plural, or the only one.
        texts = [forms(translations.get(m.id, m.context))[-1] for m in group]
        if len({wording(code, t) for t in texts}) > 1:
            found[pattern] = texts
    return found


@pytest.mark.parametrize("code", LOCALES)
def test_sibling_messages_are_worded_alike(code):
    """Messages that say the same thing of different pieces (the English differs only in the
    pieces) say it with the same words in every language, unless WORDED_APART says why not."""
    found = worded_apart(code)
    problems = [
        f"{pattern!r}:\n" + "\n".join(f"    {t}" for t in texts)
        for pattern, texts in found.items()
        if (code, pattern) not in WORDED_APART and pattern not in WORDED_APART_EVERYWHERE
    ]
    assert not problems, "\n".join(problems)
    stale = [p for (c, p) in WORDED_APART if c == code and p not in found]
    stale += [p for p in WORDED_APART_EVERYWHERE if p not in found]
    assert not stale, f"worded alike now, so no longer an exception: {stale}"


@pytest.mark.parametrize("code", LOCALES)
def test_a_sentence_reused_in_a_longer_message_is_translated_alike(code):
    """A whole sentence that is a message of its own and also part of a longer one ("The game
    is over." and "The game is over. Start a new one to play again.") reads the same in both:
    the other sibling a fix must reach."""
    translations = catalog(code)
    messages = [m for m in template() if m.id and isinstance(m.id, str)]
    sentences = [m for m in messages if m.id.endswith(".") and len(m.id.split()) >= 4]
    problems = []
    for short in sentences:
        said = forms(translations.get(short.id, short.context))[0]
        for long in messages:
            if long is short or long.context != short.context or short.id not in long.id:
                continue
            within = forms(translations.get(long.id, long.context))[0]
            if said not in within:
                problems.append(f"{short.id!r}: {said!r} is not in {within!r}")
    assert not problems, "\n".join(problems)


# --- kinds of fault ------------------------------------------------------------------------

# "Need not" / "never has to": with a negation these modals forbid, which says the opposite
# (a tiger "må aldri slå" in Norwegian may never capture). The glossary's words: sv *behöver
# inte*, nb *trenger ikke* / *er ikke nødt til*, da *behøver ikke*, de *muss nicht*, fr *n'est
# pas tenu de*, nl *hoeft niet*, pl *nie musi*, is *þarf ekki*, fi *ei tarvitse*.
NEED_NOT = re.compile(r"\b(never|not|n't) (has|have|needs?) to\b|\bneed not\b", re.IGNORECASE)
FORBIDS = {
    "sv": r"\b(får|må) (inte|aldrig)\b",
    "de": r"\b(darf|dürfen) (nicht|nie|niemals)\b",
    "fi": r"\b(ei|eivät) saa\b",
    "nb": r"\bmå (ikke|aldri)\b",
    "da": r"\b(skal|må) (ikke|aldrig)\b",
    "is": r"\b(má|mega) (ekki|aldrei)\b",
    "fr": r"\b(doit|doivent) (pas|jamais)\b",
    "nl": r"\b(mag|mogen) (niet|nooit)\b",
    "pl": r"\b(nie wolno|nie może|nie mogą)\b",
}


@pytest.mark.parametrize("code", LOCALES)
def test_need_not_is_never_said_as_must_not(code):
    translations = catalog(code)
    problems = []
    for message in template():
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        if not message.id or not NEED_NOT.search(english):
            continue
        problems += [
            f"{english[:60]!r}: {m.group()!r} forbids, in {text!r}"
            for text in forms(translations.get(message.id, message.context))
            if (m := re.search(FORBIDS[code], text, re.IGNORECASE))
        ]
    assert not problems, "\n".join(problems)


# The verbs that agree with a plural subject, in the languages whose verbs agree in number.
PLURAL_VERBS = {
    "de": r"sind|waren|haben|hatten|können|konnten|werden|wurden|dürfen",
    "fi": r"ovat|olivat|voivat",
    "is": r"eru|voru|geta|gátu|hafa|höfðu|verða|mega",
    "fr": r"sont|ont|peuvent|étaient",
    "nl": r"zijn|waren|hebben|kunnen|worden",
    "pl": r"są|mogą|zostały|zostali",
}
ENGLISH_PLURAL_VERB = re.compile(r"\b(are|were|have|win|can|cannot|do|could)\b")
# A subject whose head is a plural comparative with the noun in it, the number standing alone
# after "than" (is *Færri gæsir en %(num)s eru eftir*): the verb agrees with the head, plural
# whatever the number.
PLURAL_HEAD = {"is": r"\b[Ff](?:æ|l)rri \w+ en %\(num\)s\b"}


@pytest.mark.parametrize("code", sorted(PLURAL_VERBS))
def test_the_one_form_of_a_count_has_no_plural_verb(code):
    """The first form of a plural message speaks of one ("1 liðsforingi"), so its verb is
    singular, unless the English one has a plural verb too ("the geese win in 1 move")."""
    translations = catalog(code)
    problems = []
    for message in template():
        if not isinstance(message.id, tuple) or ENGLISH_PLURAL_VERB.search(message.id[0]):
            continue
        one = forms(translations.get(message.id, message.context))[0]
        if code in PLURAL_HEAD and re.search(PLURAL_HEAD[code], one):
            continue
        if m := re.search(rf"\b({PLURAL_VERBS[code]})\b", one):
            problems.append(f"{message.id[0]!r}: {m.group()!r} in {one!r}")
    assert not problems, "\n".join(problems)


# Words that begin a fragment after a colon (a noun phrase, a list: "et kors med 33 punkter",
# "alle 9 Punkte"), which keeps its small letter even where the same word elsewhere begins a
# sentence.
FRAGMENT_STARTS = {
    "de": {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"}
    | {"alle", "jeder", "jede", "jedes", "kein", "keine"},
    "da": {"en", "et", "den", "det", "de", "alle", "hver", "ingen"},
}


@pytest.mark.parametrize("code", sorted(FRAGMENT_STARTS))
def test_a_sentence_after_a_colon_starts_as_the_catalog_starts_it(code):
    """German and Danish capitalise a full sentence after a colon (locales/GLOSSARY.md). A
    machine cannot tell a sentence from a fragment, but a word that starts a sentence after a
    colon with a capital somewhere in the catalog starts one everywhere: "vælg" after a colon
    where "Vælg" stands elsewhere is the slip."""
    after = re.compile(r":[ \u00a0]+([^\W\d_]\w*)((?: +[^\s.!?:;]+){2,})")
    seen = defaultdict(set)
    texts = []
    for message in catalog(code):
        for text in forms(message) if message.id else ():
            texts.append(text)
            for m in after.finditer(PLACEHOLDER.sub("d4", text)):
                seen[m.group(1).lower()].add(m.group(1)[0].isupper())
    problems = [
        f"{m.group(1)!r} after a colon in {text!r}"
        for text in texts
        for m in after.finditer(PLACEHOLDER.sub("d4", text))
        if m.group(1)[0].islower()
        and True in seen[m.group(1).lower()]
        and m.group(1) not in FRAGMENT_STARTS[code]
    ]
    assert not problems, "\n".join(problems)


def test_icelandic_a_comparative_subject_takes_a_plural_verb():
    """In *Færri en 4 gæsir eru eftir* the subject is the plural comparative *færri*, so the
    verb is plural whatever the number: *Færri en %(num)s gæs er eftir* (the one form, for 21,
    31 …) lets the verb agree with the counted noun instead. The one form puts the noun in the
    head (*Færri gæsir en %(num)s eru eftir*), which is plural on every reading."""
    problems = [
        f"{m.group()!r} in {text!r}"
        for message in catalog("is")
        for text in (forms(message) if message.id else ())
        for m in re.finditer(r"\b[Ff](?:æ|l)rri en \S+ \w+ (?:er|var|verður)\b", text)
    ]
    assert not problems, "\n".join(problems)


def test_icelandic_imperatives_take_tu_after_a_voiceless_stem():
    """*drep-* + *þú* is *dreptu* (as *leiktu*, *settu*), never *drepðu*: after p, k, s or t
    the clitic is -tu."""
    problems = [
        f"{m.group()!r} in {text!r}"
        for message in catalog("is")
        for text in (forms(message) if message.id else ())
        for m in re.finditer(r"\b\w*[pkst]ðu\b", text, re.IGNORECASE)
    ]
    assert not problems, "\n".join(problems)


# The glossary's word for trapping the fox side (the pieces cannot move), as each language
# inflects it: one word on the rules, the lessons, the puzzles and the hints.
TRAPPED = {
    "sv": r"stäng\w*\b[^.]*\bin\b|instängd",
    "de": r"einsperr|einzusperren|eingesperrt|sperr\w*\b[^.]*\bein\b",
    "fi": r"saar",
    "nb": r"steng\w*\b[^.]*\binne\b|innestengt",
    "da": r"spær\w*\b[^.]*\binde\b",
    "is": r"kró\w*\b[^.]*\binni\b|innikróa",
    "fr": r"enferm",
    "nl": r"sluit\w*\b[^.]*\bin\b|in te sluiten|ingesloten|insluit",
    "pl": r"osacz",
}


# "Trap" the verb; "a trap" (a snare) is another word.
TRAP = re.compile(r"(?<!\ba )\btrap(s|ped|ping)?\b", re.IGNORECASE)


@pytest.mark.parametrize("code", LOCALES)
def test_trapping_is_said_with_the_glossarys_word(code):
    translations = catalog(code)
    problems = []
    for message in template():
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        if not message.id or not TRAP.search(english):
            continue
        problems += [
            f"{english[:60]!r}: {text!r}"
            for text in forms(translations.get(message.id, message.context))
            if not re.search(TRAPPED[code], text, re.IGNORECASE)
        ]
    assert not problems, "\n".join(problems)


# Wordings a review replaced, with the glossary's reason: one coming back in a new message is
# the fault the review of 4 December found ten times.
RULED_OUT = {
    "de": [
        (
            r"\bPartie im Belagerungsspiel",
            "a game of the siege game is eine Partie des Belagerungsspiels, as in the puzzles text",
        ),
    ],
    "nb": [
        (r"\bgåsa\b", "the catalog's form is gåsen"),
        (r"\bgeiten\b", "the catalog's form is geita"),
        (r"\bhvem sin\b", "spoken Norwegian: hvem som skal trekke"),
        (r"\bBegge (revene|offiserene|tigrene) kan\b", "reads as both: Hver av … kan"),
    ],
    "da": [
        (r"\bvilkårlig", "et hvilket som helst tomt punkt"),
        (r"\bBegge (ræve|officerer|tigre)\w* må\b", "reads as both must: Hver af …"),
        (r"\bskraver", "the areas are a solid tint, not hatching: markerede"),
    ],
    "nl": [
        (r"\bom het andere punt\b", "two prepositions stacked: door elk tweede punt"),
        (r"\bgearceerd", "the areas are a solid tint, not hatching: gemarkeerd"),
    ],
    "fr": [(r"\bni pas ni saut\b", "ni se déplacer ni sauter")],
    "is": [
        (r"\bán refsingar(?! fyrir)", "the huff is named refsing fyrir vanrækt stökk"),
        (r"\bmeð sama leikmann á leik\b", "og sami leikmaður á leik"),
        (r"\bvanrækt dráp\b", "the rule has one name: vanrækt stökk"),
    ],
    "pl": [
        (r"\bna polu\b", "a point is punkt, not a chess square: na d4"),
        (
            r"\brusza(ją)? się\b[^.]*\bo (jeden )?krok",
            "movement in the rules is porusza się o krok; rusza się says only whether a piece "
            "can move",
        ),
        (r"\bkrok naraz\b", "a calque of 'at a time': za jednym razem"),
        (
            r"\bNie zostaw\b",
            "a negated perfective imperative warns against a slip; a puzzle's goal is said "
            "positively: Usuń z planszy wszystkich oficerów",
        ),
    ],
}


@pytest.mark.parametrize("code", sorted(RULED_OUT))
def test_no_wording_the_reviews_ruled_out_comes_back(code):
    problems = [
        f"{reason}: {m.group()!r} in {text!r}"
        for message in catalog(code)
        for text in (forms(message) if message.id else ())
        for pattern, reason in RULED_OUT[code]
        if (m := re.search(pattern, text))
    ]
    assert not problems, "\n".join(problems)


def test_every_game_has_its_own_sentences_that_name_it():
    """A page that names a game uses a sentence of that game (game_sentences.py), so the
    English sentence holds the game's name; the game the others are compared with has the
    lines that name it as their base."""
    games = load_games()
    bases = {g.compared_with for g in games if g.compared_with}
    for game in games:
        said = game_sentences(game.id, NullTranslations())
        assert {"play", "rules_of", "what_is", "start_position", "puzzles_about"} <= set(said)
        assert {"open_page", "invite", "shared"} <= set(said)
        if game.id in bases:
            assert {"variant_of", "relative_of", "changes_from"} <= set(said)
        for key, text in said.items():
            assert game.name in text, (game.id, key, text)
    with pytest.raises(ValueError, match="no-such-game"):
        game_sentences("no-such-game", NullTranslations())
