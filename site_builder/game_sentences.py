"""The sentences that name a game: a whole message for each game, with the game's id as context.

A game's name is not put into a shared frame ("Rules of %(name)s"): the frame around it
depends on the name. German writes „Regeln des Spiels Fuchs und Gänse“ but „Regeln des
Belagerungsspiels (Asalto)“, since *Belagerungsspiel* is a common noun that takes the case
itself (locales/GLOSSARY.md); a frame can do only one of the two. So each game has its own
sentences, and each language words them as it must. A frame with a colon ("%(name)s: rules")
puts the name in no case and stays shared.

The play page gets its sentences from here too (templates/play.html), so that they have one
home.
"""

from gettext import NullTranslations


def game_sentences(game_id: str, tr: NullTranslations) -> dict[str, str]:
    """The sentences that name the game ``game_id``, in the language of ``tr``.

    Keys: ``play`` (a link or title: play the game), ``rules_of`` (a link to its rules),
    ``what_is`` (the rules page's heading), ``start_position`` (the start diagram's title),
    ``puzzles_about`` (the puzzles page's description), ``open_page`` (a button that opens a
    link on the game's play page), ``invite`` and ``shared`` (what goes with a shared link).
    The game the others are compared with also has ``variant_of``, ``relative_of`` and
    ``changes_from``."""
    if game_id == "fox-and-geese":
        return {
            "play": tr.pgettext("fox-and-geese", "Play Fox and Geese"),
            "rules_of": tr.pgettext("fox-and-geese", "Rules of Fox and Geese"),
            "what_is": tr.pgettext("fox-and-geese", "What is Fox and Geese?"),
            "start_position": tr.pgettext("fox-and-geese", "Start position of Fox and Geese"),
            "puzzles_about": tr.pgettext(
                "fox-and-geese",
                "Puzzles from real games of Fox and Geese: find the one move that wins by force.",
            ),
            "open_page": tr.pgettext("fox-and-geese", "Open it on the page of Fox and Geese"),
            "invite": tr.pgettext("fox-and-geese", "Your move in our game of Fox and Geese."),
            "shared": tr.pgettext("fox-and-geese", "A game of Fox and Geese, as it stands."),
            "variant_of": tr.pgettext("fox-and-geese", "A variant of Fox and Geese"),
            "relative_of": tr.pgettext("fox-and-geese", "A relative of Fox and Geese"),
            "changes_from": tr.pgettext("fox-and-geese", "Rule changes from Fox and Geese"),
        }
    if game_id == "two-foxes":
        return {
            "play": tr.pgettext("two-foxes", "Play Two Foxes (Halatafl)"),
            "rules_of": tr.pgettext("two-foxes", "Rules of Two Foxes (Halatafl)"),
            "what_is": tr.pgettext("two-foxes", "What is Two Foxes (Halatafl)?"),
            "start_position": tr.pgettext("two-foxes", "Start position of Two Foxes (Halatafl)"),
            "puzzles_about": tr.pgettext(
                "two-foxes",
                "Puzzles from real games of Two Foxes (Halatafl): find the one move that wins "
                "by force.",
            ),
            "open_page": tr.pgettext("two-foxes", "Open it on the page of Two Foxes (Halatafl)"),
            "invite": tr.pgettext("two-foxes", "Your move in our game of Two Foxes (Halatafl)."),
            "shared": tr.pgettext("two-foxes", "A game of Two Foxes (Halatafl), as it stands."),
        }
    if game_id == "large-cross":
        return {
            "play": tr.pgettext("large-cross", "Play Large Cross (Gåsetavl)"),
            "rules_of": tr.pgettext("large-cross", "Rules of Large Cross (Gåsetavl)"),
            "what_is": tr.pgettext("large-cross", "What is Large Cross (Gåsetavl)?"),
            "start_position": tr.pgettext(
                "large-cross", "Start position of Large Cross (Gåsetavl)"
            ),
            "puzzles_about": tr.pgettext(
                "large-cross",
                "Puzzles from real games of Large Cross (Gåsetavl): find the one move that wins "
                "by force.",
            ),
            "open_page": tr.pgettext(
                "large-cross", "Open it on the page of Large Cross (Gåsetavl)"
            ),
            "invite": tr.pgettext(
                "large-cross", "Your move in our game of Large Cross (Gåsetavl)."
            ),
            "shared": tr.pgettext("large-cross", "A game of Large Cross (Gåsetavl), as it stands."),
        }
    if game_id == "asalto":
        return {
            "play": tr.pgettext("asalto", "Play Asalto"),
            "rules_of": tr.pgettext("asalto", "Rules of Asalto"),
            "what_is": tr.pgettext("asalto", "What is Asalto?"),
            "start_position": tr.pgettext("asalto", "Start position of Asalto"),
            "puzzles_about": tr.pgettext(
                "asalto",
                "Puzzles from real games of Asalto: find the one move that wins by force.",
            ),
            "open_page": tr.pgettext("asalto", "Open it on the page of Asalto"),
            "invite": tr.pgettext("asalto", "Your move in our game of Asalto."),
            "shared": tr.pgettext("asalto", "A game of Asalto, as it stands."),
        }
    if game_id == "bagh-chal":
        return {
            "play": tr.pgettext("bagh-chal", "Play Bagh-Chal"),
            "rules_of": tr.pgettext("bagh-chal", "Rules of Bagh-Chal"),
            "what_is": tr.pgettext("bagh-chal", "What is Bagh-Chal?"),
            "start_position": tr.pgettext("bagh-chal", "Start position of Bagh-Chal"),
            "puzzles_about": tr.pgettext(
                "bagh-chal",
                "Puzzles from real games of Bagh-Chal: find the one move that wins by force.",
            ),
            "open_page": tr.pgettext("bagh-chal", "Open it on the page of Bagh-Chal"),
            "invite": tr.pgettext("bagh-chal", "Your move in our game of Bagh-Chal."),
            "shared": tr.pgettext("bagh-chal", "A game of Bagh-Chal, as it stands."),
        }
    raise ValueError(f"{game_id}: no sentences name this game (site_builder/game_sentences.py)")
