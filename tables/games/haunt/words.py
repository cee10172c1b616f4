"""Haunt (Marrowgate House) in words: the explorers, the house and the last rolls on the board;
one's own choices in a seat's panel; after the haunt, the traitor's tome in the traitor's panel
alone and the heroes' secret in the heroes' panels.

Everything carried lies open; the hidden things are the decks' order and the two books. The
public view holds neither book, and a seat's own view holds only its own (``SeatView.book``),
so the board cannot leak one and each panel shows what its reader may read.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from games.core import Event, Outcome, Prompt
from games.haunt.catalog import catalog
from games.haunt.schema import Haunt, SpecialAction
from games.haunt.schema import Text as Content
from games.haunt.views import ExplorerView, PublicView, SeatView
from tables.cards import Card
from tables.games.haunt.picture import house_picture
from tables.i18n import normalize_locale, t
from tables.pictures import BoardPicture
from tables.service import LiveMatch
from tables.text import EMPTY, Text, bold, card, number, words
from tables.words import Words

# The engine's names, held here so the catalog keys built from them are known to be used.
TRAITS = ("might", "speed", "sanity", "knowledge")
FLOORS = ("upper", "ground", "basement")
DIRECTIONS = ("N", "E", "S", "W")
DECKS = ("omen", "item", "event")
DAMAGE_KINDS = ("physical", "mental")
SIDES = ("traitor", "heroes", "alone")
END_REASONS = ("goal", "all_dead", "heroes_goal", "traitor_goal", "deadline")
PROMPT_KINDS = ("choose_explorer", "turn", "turn_room", "face_event", "steal", "take_damage",
                "monster")
EVENT_NAMES = ("explorer_chosen", "turn", "moved", "held_back", "room_placed", "room_discarded",
               "no_room_fits", "deck_empty", "card_gained", "card_used", "given", "dropped",
               "stolen", "event", "event_ignored", "roll", "room_action", "trait_up",
               "trait_down", "damage", "died", "haunt_roll", "revealed", "tome", "secret",
               "special", "escaped", "attack", "attack_roll", "attack_tie", "monster_turn",
               "monster_moves", "monster_moved", "monster_attack", "monster_stunned",
               "monster_recovers", "over", "room_turned")
SEAT_PARAMS = {"seat", "to", "from", "revealer", "traitor"}
ROOM_PARAMS = {"room", "haunt_room"}
LABEL_LIMIT = 80
FIELD_LIMIT = 1024
ROLLS_SHOWN = 6


def content(text: Content, locale: str | None) -> Text:
    """A content text (a room's, a card's, a haunt's) in the reader's language: our words."""
    return words(text.zh_CN if normalize_locale(locale) == "zh_CN" else text.en)


def cut(text: Text, limit: int = LABEL_LIMIT) -> Text:
    return text.cut(limit)


class HauntWords(Words):
    game = "haunt"
    colour = 0x4B2E5C

    # -- names -----------------------------------------------------------------------------
    def sep(self, locale: str | None) -> Text:
        return t("haunt.list", locale)

    def room(self, room_id: str | None, locale: str | None) -> Text:
        if not room_id:
            return t("haunt.nowhere", locale)
        return card(content(catalog().room(room_id).name, locale))

    def card(self, card_id: str, locale: str | None) -> Text:
        return card(content(catalog().card(card_id).name, locale))

    def cards(self, card_ids: list[str], locale: str | None) -> Text:
        return self.sep(locale).join(self.card(c, locale) for c in card_ids) or \
            t("haunt.nothing", locale)

    def trait(self, trait: str, locale: str | None) -> Text:
        return t(f"haunt.trait.{trait}", locale)

    def roll_kind(self, trait: str, locale: str | None) -> Text:
        """What a roll was for: a trait, or the haunt roll."""
        return self.trait(trait, locale) if trait in TRAITS else t("haunt.board.haunt_roll", locale)

    def explorer(self, explorer_id: str, locale: str | None) -> Text:
        return card(content(catalog().explorer(explorer_id).name, locale))

    def characters(self) -> list[str]:
        """The explorers: the house's own, named in its content rather than the catalogs."""
        return [explorer.id for explorer in catalog().explorers]

    def character_name(self, character: str, locale: str | None) -> str:
        return self.explorer(character, locale).plain

    def haunt(self, view: PublicView) -> Haunt | None:
        return catalog().haunt(view.haunt) if view.haunt else None

    def line_context(self, live: LiveMatch) -> Hashable:
        # Monsters and special actions are named by the haunt, which begins during play.
        return super().line_context(live), getattr(live.state, "haunt", None)

    def haunt_of(self, live: LiveMatch) -> Haunt | None:
        haunt_id = getattr(live.state, "haunt", None)
        return catalog().haunt(haunt_id) if haunt_id else None

    def monster(self, live: LiveMatch, piece: str, locale: str | None) -> Text:
        """A monster piece (``ghoul-2``) or kind (``ghoul``) by its haunt's name for it."""
        haunt = self.haunt_of(live)
        for kind in haunt.monsters if haunt else ():
            if piece == kind.id:
                return card(content(kind.name, locale))
            if piece.startswith(f"{kind.id}-") and piece[len(kind.id) + 1:].isdigit():
                return card(content(kind.name, locale)) + words(f" {piece[len(kind.id) + 1:]}")
        return words(piece)

    def special(self, live: LiveMatch, action_id: str, locale: str | None) -> Text:
        found = self._special(live, action_id)
        return content(found.name, locale) if found else words(action_id)

    def _special(self, live: LiveMatch, action_id: str) -> SpecialAction | None:
        haunt = self.haunt_of(live)
        if haunt is None:
            return None
        books = [haunt.secret] + ([haunt.tome] if haunt.tome else [])
        return next((a for b in books for a in b.actions if a.id == action_id), None)

    def who(self, live: LiveMatch, who: str, locale: str | None) -> Text:
        """A roller or a target: ``seat:<n>`` or a monster."""
        if who.startswith("seat:") and who[5:].isdigit():
            return self.seat_name(live, int(who[5:]))
        return self.monster(live, who, locale)

    def over_line(self, live: LiveMatch, winners: list[int], locale: str | None) -> Text:
        """The end of the game: who won, or that every side lost."""
        if not winners:
            return t("haunt.board.over_nobody", locale)
        return t("haunt.board.over" + self.one(winners), locale,
                 winners=self.names(live, winners, locale))

    @staticmethod
    def one(winners: list[int] | tuple[int, ...]) -> str:
        """The key's refinement for a lone winner ("ivy wins", "ivy and zoe win")."""
        return "_one" if len(winners) == 1 else ""

    def names(self, live: LiveMatch, seats: list[int], locale: str | None) -> Text:
        return self.sep(locale).join(self.seat_name(live, s) for s in seats) or \
            t("haunt.nobody", locale)

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> Text:
        if value is None:
            return t("haunt.nobody", locale)
        if isinstance(value, bool):
            return t("config.yes" if value else "config.no", locale)
        if name in SEAT_PARAMS | {"target"} and isinstance(value, int):
            return self.seat_name(live, value)
        if name in {"target", "who"} and isinstance(value, str):
            return self.who(live, value, locale)
        if name == "winners" and isinstance(value, list):
            return self.names(live, [int(s) for s in value], locale)
        if name in ROOM_PARAMS and isinstance(value, str):
            return self.room(value, locale)
        if name == "card" and isinstance(value, str):
            return self.card(value, locale)
        if name == "event" and isinstance(value, str):
            return content(catalog().event(value).name, locale)
        if name == "explorer" and isinstance(value, str):
            return self.explorer(value, locale)
        if name == "haunt" and isinstance(value, str):
            return content(catalog().haunt(value).title, locale)
        if name == "trait" and value in TRAITS:
            return self.trait(value, locale)
        if name == "floor" and value in FLOORS:
            return t(f"haunt.floor.{value}", locale)
        if name == "deck" and value in DECKS:
            return t(f"haunt.deck.{value}", locale)
        if name == "kind" and value in DAMAGE_KINDS:
            return t(f"haunt.damage_kind.{value}", locale)
        if name in {"direction", "doors"}:
            found = [value] if isinstance(value, str) else list(value)
            return self.sep(locale).join(t(f"haunt.direction.{d}", locale) for d in found
                                         if d in DIRECTIONS)
        if name == "dice" and isinstance(value, list):
            return words(" ".join(str(d) for d in value) or "—")
        if name == "monster" and isinstance(value, str):
            return self.monster(live, value, locale)
        if name == "action" and isinstance(value, str):
            return self.special(live, value, locale)
        return super().param_text(live, name, value, locale)

    # -- events ----------------------------------------------------------------------------
    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        name = event.key.removeprefix("haunt.")
        if not event.key.startswith("haunt.") or name not in EVENT_NAMES:
            return super().event_line(live, event, locale)
        params = dict(event.params)
        if name in {"tome", "secret"}:
            # Addressed to the book's readers only; the id itself is never shown.
            return t(f"haunt.{name}", locale)
        text = self.params_text(live, params, locale)
        if name == "haunt_roll" and "started" in params:
            key = "haunt.event.haunt_roll_started" if params["started"] \
                else "haunt.event.haunt_roll_quiet"
            return t(key, locale, **text)
        if name in {"room_action", "special"} and "success" in params:
            return t(f"haunt.event.{name}_passed" if params["success"]
                     else f"haunt.event.{name}_failed", locale, **text)
        if name == "room_placed" and params.get("seat") is None:
            return t("haunt.event.stair_placed", locale, **text)
        if name == "revealed" and params.get("traitor") is None:
            return t("haunt.event.revealed_no_traitor", locale, **text)
        if name == "over":
            reason = params.get("reason")
            why = t(f"haunt.reason.{reason}", locale) if reason in END_REASONS else EMPTY
            if not params.get("winners"):
                # Nobody met a win condition: every side loses.
                return t("haunt.over_nobody", locale, why=why)
            return t(f"haunt.{name}" + self.one(params["winners"]), locale,
                     winners=text.get("winners", EMPTY), why=why)
        if name == "attack" and params.get("ranged"):
            return t("haunt.event.attack_ranged", locale, **text)
        return t(f"haunt.{name}", locale, **text)

    # -- prompts ---------------------------------------------------------------------------
    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None) -> Text:
        kind = prompt.kind if prompt.kind in PROMPT_KINDS else "turn"
        params: dict[str, Text] = {"seat": self.seat_name(live, prompt.seat)}
        if kind == "monster" and isinstance(view, PublicView) and view.monsters_acting:
            params["monster"] = self.monster(live, view.monsters_acting, locale)
            params["moves"] = number(view.monster_moves_left)
        return t(f"haunt.prompt.{kind}", locale, **params)

    # -- the board ---------------------------------------------------------------------------
    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("haunt.board.title", locale, round=view.round),
                              colour=self.colour)
        card.description = words("\n").join(self._summary(live, view, locale))
        card.add_field(name=t("haunt.board.explorers", locale),
                        value=cut(words("\n").join(self._explorer_line(live, view, e, locale)
                                            for e in view.explorers), FIELD_LIMIT),
                        inline=False)
        card.add_field(name=t("haunt.board.house", locale),
                        value=cut(self._house_text(live, view, locale), FIELD_LIMIT),
                        inline=False)
        if view.haunt is not None:
            card.add_field(name=t("haunt.board.haunt", locale),
                            value=cut(self._haunt_text(live, view, locale), FIELD_LIMIT),
                            inline=False)
        if view.rolls:
            card.add_field(name=t("haunt.board.rolls", locale),
                            value=cut(self._rolls_text(live, view, locale), FIELD_LIMIT),
                            inline=False)
        return card

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        """The house drawn floor by floor from the public view (no book is in it)."""
        assert isinstance(view, PublicView)
        return house_picture(self, live, view, locale)

    def _summary(self, live: LiveMatch, view: PublicView, locale: str | None) -> list[Text]:
        if view.winners is not None:
            return [self.over_line(live, view.winners, locale)]
        lines: list[Text] = []
        if view.phase == "choose":
            lines.append(t("haunt.board.choosing", locale,
                           name=self.seat_name(live, view.current)))
        elif view.monsters_acting:
            lines.append(t("haunt.board.monsters_turn", locale,
                           monster=self.monster(live, view.monsters_acting, locale),
                           moves=view.monster_moves_left))
        else:
            lines.append(t("haunt.board.turn", locale, name=self.seat_name(live, view.current)))
        if view.haunt is None:
            lines.append(t("haunt.board.omens", locale, omens=view.omens_drawn))
        if view.event_pending:
            lines.append(t("haunt.board.event_pending", locale,
                           event=content(catalog().event(view.event_pending).name, locale)))
        return lines

    def _explorer_line(self, live: LiveMatch, view: PublicView, e: ExplorerView,
                       locale: str | None) -> Text:
        name = self.seat_name(live, e.seat)
        if not e.explorer:
            return t("haunt.board.unchosen", locale, name=name)
        head = t("haunt.board.explorer", locale, name=name,
                 explorer=self.explorer(e.explorer, locale), room=self.room(e.room, locale))
        marks: list[Text | str] = []
        if e.seat == view.current and view.winners is None and not view.monsters_acting:
            marks.append("▶")
        if e.side in SIDES:
            marks.append(t(f"haunt.side.{e.side}", locale))
        if not e.alive:
            marks.append(t("haunt.board.dead", locale))
        elif e.escaped:
            marks.append(t("haunt.board.escaped", locale))
        traits = words(" ").join(t("haunt.board.trait", locale, trait=self.trait(tr, locale),
                                   value=e.traits[tr].value)
                                 for tr in TRAITS if tr in e.traits)
        line = words(" · ").join([head, *marks])
        return line + words("\n　") + traits + " · " + self.cards(e.cards, locale)

    def _house_text(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        lines = []
        for floor in FLOORS:
            rooms = [r for r in view.rooms if r.floor == floor]
            if not rooms:
                continue
            lines.append(t("haunt.board.floor", locale, floor=t(f"haunt.floor.{floor}", locale),
                           rooms=self.sep(locale).join(self.room(r.id, locale)
                                                       for r in rooms)))
        piles = [t("haunt.board.pile", locale, room=self.room(room, locale),
                   cards=self.cards(cards, locale)) for room, cards in view.piles.items() if cards]
        lines.extend(piles)
        lines.append(t("haunt.board.rooms_left", locale, rooms=view.rooms_left))
        return words("\n").join(lines)

    def _haunt_text(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        haunt = self.haunt(view)
        assert haunt is not None
        lines = [bold(content(haunt.title, locale)) + " — " + content(haunt.story, locale)]
        if view.traitor is not None:
            lines.append(t("haunt.board.traitor", locale,
                           name=self.seat_name(live, view.traitor),
                           room=self.room(view.haunt_room, locale)))
        else:
            lines.append(t("haunt.board.no_traitor", locale,
                           room=self.room(view.haunt_room, locale)))
        lines.append(t("haunt.board.deadline", locale, round=haunt.deadline))
        for side, count in sorted(view.progress.items()):
            if side in SIDES:
                lines.append(t("haunt.board.progress", locale,
                               side=t(f"haunt.side.{side}", locale), count=count))
        for m in view.monsters:
            state = t("haunt.board.stunned", locale) if m.stunned else EMPTY
            line = t("haunt.board.monster", locale, monster=self.monster(live, m.id, locale),
                     room=self.room(m.room, locale), state=state)
            lines.append(line[:len(line.plain.rstrip())])
        return words("\n").join(lines)

    def _rolls_text(self, live: LiveMatch, view: PublicView, locale: str | None) -> Text:
        return words("\n").join(
            t("haunt.board.roll", locale, who=self.who(live, r.who, locale),
              trait=self.roll_kind(r.trait, locale),
              dice=words(" ".join(str(d) for d in r.dice) or "—"), total=r.total)
            for r in view.rolls[-ROLLS_SHOWN:])

    # -- private -----------------------------------------------------------------------------
    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                    ) -> Card:
        assert isinstance(view, SeatView)
        me = view.explorers[seat]
        shown = Card(title=t("haunt.panel.title", locale,
                                      name=self.seat_name(live, seat)), colour=self.colour)
        shown.description = self._explorer_line(live, view, me, locale)
        for card_id in me.cards:
            held = catalog().card(card_id)
            shown.add_field(name=cut(card(content(held.name, locale)), 256),
                            value=cut(content(held.text, locale), FIELD_LIMIT), inline=False)
        if view.book is not None:
            book = catalog().book(view.book)
            title = "haunt.panel.tome" if view.book.startswith("tome-") else "haunt.panel.secret"
            shown.add_field(name=t(title, locale),
                            value=cut(content(book.text, locale), FIELD_LIMIT), inline=False)
        shown.set_footer(text=t("haunt.panel.footer", locale))
        return shown

    def opening_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None
                      ) -> Card:
        card = self.panel_card(live, view, seat, locale)
        card.title = t("haunt.opening.title", locale)
        house = catalog().house
        card.description = bold(content(house.name, locale)) + " — " + \
            content(house.story, locale) + words("\n\n") + (card.description or EMPTY)
        return card

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                     ) -> Card:
        assert isinstance(view, PublicView)
        card = Card(title=t("haunt.reveal.title", locale), colour=self.colour)
        haunt = self.haunt(view)
        lines = [t("haunt.reveal.winners", locale,
                   winners=self.names(live, sorted(outcome.winners), locale))
                 if outcome.winners else t("haunt.board.over_nobody", locale)]
        if haunt is not None:
            lines.append(bold(content(haunt.title, locale)))
            if haunt.tome is not None:
                lines.append(t("haunt.reveal.tome", locale, text=content(haunt.tome.text, locale)))
            lines.append(t("haunt.reveal.secret", locale, text=content(haunt.secret.text, locale)))
        card.description = cut(words("\n").join(lines), 4000)
        for seat, _ in sorted(outcome.scores.items(), key=lambda kv: (-kv[1], kv[0])):
            crown = "👑 " if seat in outcome.winners else ""
            card.add_field(name=cut(crown + self.seat_name(live, seat), 256),
                            value=self._explorer_line(live, view, view.explorers[seat], locale)
                            [:FIELD_LIMIT], inline=False)
        return card

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        lines = []
        if options.get("haunts"):
            lines.append(t("haunt.option.haunts", locale, haunts=self.sep(locale).join(
                content(catalog().haunt(h).title, locale) for h in options["haunts"])))
        if options.get("played"):
            lines.append(t("haunt.option.played", locale, haunts=self.sep(locale).join(
                content(catalog().haunt(h).title, locale) for h in options["played"])))
        if options.get("choose_another") is False:
            lines.append(t("haunt.option.keep_repeats", locale))
        if options.get("bot_level", "normal") != "normal":
            lines.append(t(f"haunt.option.bot_level.{options['bot_level']}", locale))
        return lines


WORDS = HauntWords()
