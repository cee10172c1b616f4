"""Catan in words: the island and the players on the board (the text twin of its picture), a
seat's hand, development cards, rates and trade in its panel, the events (a stolen card read
as "you" by thief and victim), the reveal of every hand and hidden card, the rules.

Every fact comes from a view — the public view on the board, the reader's own view in their
panel — so a card's kind reaches only those who may know it. Places are named as the picture
labels them: hexes by letter, corners by number, edges by their two corners (``12-17``), each
also by a hex and a direction (``J n``).
"""

from __future__ import annotations

from typing import Any

from games.catan.board import (
    CORNER_DIRECTIONS,
    CORNER_HEXES,
    EDGE_CORNERS,
    EDGE_DIRECTIONS,
    HEX_CORNERS,
    HEX_EDGES,
    HEX_LABELS,
    corner_label,
    edge_label,
)
from games.catan.cards import COLOURS, COSTS, RESOURCES, kind_of
from games.catan.views import CatanView, HexView, PlayerView, TradeView
from games.core import Event, Outcome, Prompt
from tables.cards import Card
from tables.games.catan.picture import catan_picture
from tables.i18n import t
from tables.pictures import BoardPicture
from tables.service import LiveMatch
from tables.text import Text, bold, lines, number, words
from tables.words import Words

PREFIX = "catan."
RESOURCE_ICONS = {"brick": "🧱", "lumber": "🪵", "wool": "🐑", "grain": "🌾", "ore": "🪨"}
COLOUR_ICONS = {"red": "🔴", "blue": "🔵", "white": "⚪", "orange": "🟠"}
DEVELOPMENT_ICONS = {"knight": "⚔️", "victory": "⭐", "road_building": "🛣️",
                     "year_of_plenty": "🎁", "monopoly": "💰"}
SEAT_PARAMS = {"seat", "previous", "thief", "victim", "partner", "lacking_seat", "proposer"}
CARD_PARAMS = {"gains", "give", "want", "get", "lacking"}
PIECE_ICONS = {"settlement": "🏠", "city": "🏙️", "road": "🛣️", "development": "🃏"}
# Private events read by their two seats as their own ("you steal", "steals from you").
READER_EVENTS = {"catan.event.stolen"}


class CatanWords(Words):
    game = "catan"
    colour = 0xC0782A

    # -- names -----------------------------------------------------------------------------
    def sep(self, locale: str | None) -> Text:
        """What separates the items of a list (", " in English, "、" in Chinese)."""
        return t("catan.list", locale)

    def resource(self, kind: str, locale: str | None) -> Text:
        return t(f"catan.resource.{kind}", locale)

    def terrain(self, terrain: str, locale: str | None) -> Text:
        return t(f"catan.terrain.{terrain}", locale)

    def development(self, kind: str, locale: str | None) -> Text:
        return t(f"catan.development.{kind}", locale)

    def colour_name(self, seat: int, locale: str | None) -> Text:
        return t(f"catan.colour.{COLOURS[seat]}", locale)

    def player(self, live: LiveMatch, seat: int) -> Text:
        """A seat's name behind its colour: "🔴 Alice"."""
        if not 0 <= seat < len(COLOURS):
            return self.seat_name(live, seat)
        return words(COLOUR_ICONS[COLOURS[seat]] + " ") + self.seat_name(live, seat)

    def players(self, live: LiveMatch, seats: list[int], locale: str | None) -> Text:
        return self.sep(locale).join(self.player(live, s) for s in seats) or \
            t("catan.nobody", locale)

    def cards(self, counts: dict[str, int], locale: str | None) -> Text:
        """Resource cards by kind: "2 🧱 brick, 1 🪨 ore" (nothing: "no cards")."""
        parts = [t("catan.cards_of", locale, n=n, icon=RESOURCE_ICONS[kind],
                   resource=self.resource(kind, locale))
                 for kind in RESOURCES if (n := counts.get(kind, 0))]
        return self.sep(locale).join(parts) or t("catan.no_cards", locale)

    def icons(self, counts: dict[str, int]) -> str:
        """Resource cards as icons: "🧱🧱🪨"."""
        return "".join(RESOURCE_ICONS[kind] * counts.get(kind, 0) for kind in RESOURCES)

    def hex_name(self, view: CatanView | None, h: int, locale: str | None) -> Text:
        """A hex by its letter, terrain and number: "E · fields 9"."""
        if view is None or not 0 <= h < len(view.island.hexes):
            return words(HEX_LABELS[h] if 0 <= h < len(HEX_LABELS) else "?")
        found: HexView = view.island.hexes[h]
        terrain = self.terrain(found.terrain, locale)
        if found.number is None:
            return t("catan.hex_plain", locale, letter=found.label, terrain=terrain)
        return t("catan.hex", locale, letter=found.label, terrain=terrain,
                 token=found.number)

    @staticmethod
    def corner_names(corner: int) -> str:
        """A corner's hex names: "E se · F sw · J n"."""
        return " · ".join(f"{HEX_LABELS[h]} {CORNER_DIRECTIONS[HEX_CORNERS[h].index(corner)]}"
                          for h in CORNER_HEXES[corner])

    @staticmethod
    def edge_names(edge: int) -> str:
        a, b = EDGE_CORNERS[edge]
        return " · ".join(f"{HEX_LABELS[h]} {EDGE_DIRECTIONS[HEX_EDGES[h].index(edge)]}"
                          for h in sorted(set(CORNER_HEXES[a]) & set(CORNER_HEXES[b]))
                          if edge in HEX_EDGES[h])

    def corner_place(self, corner: int, locale: str | None) -> Text:
        return t("catan.place.corner", locale, name=corner_label(corner),
                 names=words(self.corner_names(corner)))

    def edge_place(self, edge: int, locale: str | None) -> Text:
        return t("catan.place.edge", locale, name=edge_label(edge),
                 names=words(self.edge_names(edge)))

    def public_view(self, live: LiveMatch) -> CatanView | None:
        if live.state is None:
            return None
        found = live.game.view(live.state, None)
        return found if isinstance(found, CatanView) else None

    def param_text(self, live: LiveMatch, name: str, value: Any, locale: str | None) -> Text:
        if value is None and name in SEAT_PARAMS:
            return t("catan.nobody", locale)
        if name in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            return self.player(live, value)
        if name in CARD_PARAMS and isinstance(value, dict):
            return self.cards(value, locale)
        if name == "resource" and isinstance(value, str) and value in RESOURCES:
            return words(RESOURCE_ICONS[value] + " ") + self.resource(value, locale)
        if name == "corner" and isinstance(value, int):
            return words(corner_label(value))
        if name == "edge" and isinstance(value, int):
            return words(edge_label(value))
        if name == "hex" and isinstance(value, int):
            return self.hex_name(self.public_view(live), value, locale)
        if name == "development" and isinstance(value, str):
            return self.development(value, locale)
        return super().param_text(live, name, value, locale)

    # -- events ----------------------------------------------------------------------------
    def event_line(self, live: LiveMatch, event: Event, locale: str | None) -> Text:
        if not event.key.startswith(PREFIX):  # the platform's own (a seat changes hands)
            return super().event_line(live, event, locale)
        name = event.key.removeprefix("catan.event.")
        params = dict(event.params)
        text = self.params_text(live, params, locale)
        if name == "rolled":
            dice = params.get("dice") or [0, 0]
            return t("catan.event.rolled", locale, seat=text["seat"], first=dice[0],
                     second=dice[1], total=params.get("total", 0))
        if name == "produced":
            return self._produced(live, params, locale)
        if name in ("discard_asked", "discarded"):
            return self._discards(live, name, params, locale)
        if name in ("settlement", "road"):
            how = params.get("how", "built")
            return t(f"catan.event.{name}_{how}", locale, **text)
        if name == "stolen":
            return t("catan.event.stolen", locale, **text)
        if name == "discard_chosen":
            counts: dict[str, int] = {}
            for card in params.get("cards") or []:
                counts[kind_of(card)] = counts.get(kind_of(card), 0) + 1
            return t("catan.event.discard_chosen", locale, seat=text["seat"],
                     cards=self.cards(counts, locale))
        if name == "trade_offered":
            return self._offered(live, params, locale)
        if name == "trade_answered":
            answer = params.get("answer", "decline")
            return t(f"catan.event.trade_{answer}", locale, **text)
        if name == "trade_closed":
            reason = params.get("reason", "withdrawn")
            return t(f"catan.event.trade_closed_{reason}", locale, **text)
        if name == "bank_trade":
            return t("catan.event.bank_trade", locale, seat=text["seat"],
                     given=params.get("given", 4),
                     give=self.param_text(live, "resource", params.get("give"), locale),
                     get=self.param_text(live, "resource", params.get("get"), locale))
        if name == "trade_refused":
            return t("catan.event.trade_refused", locale, **text)
        if name == "monopoly":
            taken = params.get("taken") or {}
            return t("catan.event.monopoly", locale, seat=text["seat"],
                     resource=text["resource"], count=params.get("total", 0),
                     from_whom=self._per_seat(live, taken, locale))
        if name == "longest_road" and params.get("seat") is None:
            return t("catan.event.longest_road_set_aside", locale, **text)
        if name == "won":
            hidden = params.get("hidden", 0)
            key = "catan.event.won_hidden" if hidden else "catan.event.won"
            return t(key, locale, seat=text["seat"], points=params.get("points", 0),
                     count=hidden)
        return t(f"catan.event.{name}", locale, **text)

    def reader_event_line(self, live: LiveMatch, event: Event, seat: int,
                          locale: str | None) -> Text:
        """A stolen card as its thief and its victim read it ("you"); the other private
        events (a development card drawn, a discard chosen) read as the table's line."""
        if event.key in READER_EVENTS:
            params = event.params
            resource = self.param_text(live, "resource", params.get("resource"), locale)
            if params.get("thief") == seat:
                return t("catan.event.you_stole", locale, resource=resource,
                         victim=self.player(live, params["victim"]))
            if params.get("victim") == seat:
                return t("catan.event.stolen_from_you", locale, resource=resource,
                         thief=self.player(live, params["thief"]))
        return self.event_line(live, event, locale)

    def _per_seat(self, live: LiveMatch, counts: dict[str, int], locale: str | None) -> Text:
        return self.sep(locale).join(
            t("catan.per_seat", locale, seat=self.player(live, int(s)), n=n)
            for s, n in counts.items()) or t("catan.nobody", locale)

    def _produced(self, live: LiveMatch, params: dict[str, Any], locale: str | None) -> Text:
        gains: dict[str, dict[str, int]] = params.get("gains") or {}
        parts = [t("catan.gain", locale, seat=self.player(live, int(s)),
                   cards=self.cards(g, locale)) for s, g in gains.items()]
        roll = params.get("number", 0)
        line = t("catan.event.produced", locale, roll=roll, gains=words("; ").join(parts)) \
            if parts else t("catan.event.produced_nothing", locale, roll=roll)
        short = params.get("shortages") or []
        if short:
            line += " " + t("catan.event.bank_short", locale, resources=self.sep(locale).join(
                self.resource(k, locale) for k in short))
        if params.get("robbed_hex") is not None:
            line += " " + t("catan.event.robber_blocks", locale,
                            hex=self.param_text(live, "hex", params["robbed_hex"], locale))
        return line

    def _discards(self, live: LiveMatch, name: str, params: dict[str, Any],
                  locale: str | None) -> Text:
        if name == "discard_asked":
            counts: dict[str, int] = params.get("counts") or {}
            return t("catan.event.discard_asked", locale,
                     who=self._per_seat(live, counts, locale))
        given: dict[str, dict[str, int]] = params.get("discards") or {}
        return t("catan.event.discarded", locale, who=words("; ").join(
            t("catan.gain", locale, seat=self.player(live, int(s)), cards=self.cards(g, locale))
            for s, g in given.items()))

    def offer_text(self, live: LiveMatch, give: dict[str, int], want: dict[str, int],
                   locale: str | None) -> Text:
        """What an offer trades, from the proposer's side ("2 🧱 brick for 1 🪨 ore")."""
        if not give:
            return t("catan.offer.wants", locale, want=self.cards(want, locale))
        if not want:
            return t("catan.offer.gives", locale, give=self.cards(give, locale))
        return t("catan.offer.terms", locale, give=self.cards(give, locale),
                 want=self.cards(want, locale))

    def _offered(self, live: LiveMatch, params: dict[str, Any], locale: str | None) -> Text:
        to = params.get("to")
        terms = self.offer_text(live, params.get("give") or {}, params.get("want") or {},
                                locale)
        seat = self.player(live, params["seat"])
        if to:
            return t("catan.event.trade_offered_to", locale, seat=seat, terms=terms,
                     to=self.players(live, [int(s) for s in to], locale))
        return t("catan.event.trade_offered", locale, seat=seat, terms=terms)

    # -- prompts ---------------------------------------------------------------------------
    def prompt_line(self, live: LiveMatch, view: Any, prompt: Prompt, locale: str | None
                    ) -> Text:
        stage = prompt.kind.removeprefix("catan.prompt.")
        params = prompt.params
        seat = self.player(live, prompt.seat)
        if stage == "place_settlement":
            return t("catan.prompt.place_settlement", locale, seat=seat,
                     round=params.get("round", 1))
        if stage == "place_road":
            corner = params.get("corner")
            return t("catan.prompt.place_road", locale, seat=seat,
                     corner=corner_label(corner) if isinstance(corner, int) else "?")
        if stage == "free_roads":
            return t("catan.prompt.free_roads", locale, seat=seat, count=params.get("roads", 1))
        if stage == "discard":
            return t("catan.prompt.discard", locale, seat=seat, count=params.get("count", 0))
        if stage == "trade_answer":
            return t("catan.prompt.trade_answer", locale, seat=seat,
                     proposer=self.player(live, params.get("proposer", 0)),
                     terms=self.offer_text(live, params.get("give") or {},
                                           params.get("want") or {}, locale))
        if stage == "main" and params.get("offer") is not None:
            return t("catan.prompt.main_offer", locale, seat=seat)
        return t(f"catan.prompt.{stage}", locale, seat=seat)

    # -- the board -------------------------------------------------------------------------
    def title(self, view: CatanView, locale: str | None) -> Text:
        if view.phase == "setup":
            return t("catan.board.title_setup", locale)
        return t("catan.board.title", locale, turn=view.turn)

    def status_line(self, live: LiveMatch, view: CatanView, locale: str | None, *,
                    icons: bool = True) -> Text:
        """What the table is doing now, in one line (the picture's too, whose font has no
        colour icons: ``icons=False``)."""
        name = self.player if icons else self.seat_name
        seat = name(live, view.current)
        if view.phase == "over":
            winner = view.winner if view.winner is not None else view.current
            return t("catan.status.over", locale, seat=name(live, winner))
        if view.phase == "setup":
            key = "catan.status.setup_settlement" if view.stage == "place_settlement" \
                else "catan.status.setup_road"
            return t(key, locale, seat=seat, round=view.setup_round or 1)
        if view.stage == "discard":
            return t("catan.status.discard", locale, seat=seat)
        if view.stage == "free_roads":
            return t("catan.status.free_roads", locale, seat=seat, count=view.free_roads)
        return t(f"catan.status.{view.stage}", locale, seat=seat)

    def dice_line(self, live: LiveMatch, view: CatanView, locale: str | None) -> Text | None:
        if view.dice is None:
            return None
        return t("catan.board.dice", locale, first=view.dice[0], second=view.dice[1],
                 total=sum(view.dice))

    def board_card(self, live: LiveMatch, view: Any, locale: str | None) -> Card:
        assert isinstance(view, CatanView)
        card = Card(title=self.title(view, locale), colour=self.colour)
        rows = [self.status_line(live, view, locale)]
        dice = self.dice_line(live, view, locale)
        if dice is not None:
            rows.append(dice)
        rows.append(t("catan.board.robber", locale,
                      hex=self.hex_name(view, view.robber, locale)))
        rows.append(t("catan.board.bank", locale, cards=words(" · ").join(
            words(RESOURCE_ICONS[k] + " ") + number(view.bank[k]) for k in RESOURCES),
            count=view.development_left))
        rows.append(self.awards_line(live, view, locale))
        if view.phase != "over":
            rows.append(t("catan.board.how", locale))
        card.description = lines(rows)[:4000]
        card.add_field(name=t("catan.board.players", locale, points=view.points_to_win),
                       value=lines(self.player_line(live, view, p, locale)
                                   for p in view.players)[:1024], inline=False)
        if view.trade is not None:
            card.add_field(name=t("catan.board.trade", locale),
                           value=self.trade_text(live, view.trade, locale)[:1024],
                           inline=False)
        if view.discard is not None:
            card.add_field(name=t("catan.board.seven", locale), value=t(
                "catan.board.discards", locale,
                who=self._per_seat(live, {str(s): n for s, n in view.discard.counts.items()},
                                   locale))[:1024], inline=False)
        card.add_field(name=t("catan.board.pieces", locale),
                       value=self.pieces_text(live, view, locale)[:1024], inline=False)
        card.add_field(name=t("catan.board.island", locale),
                       value=self.island_text(view, locale)[:1024], inline=False)
        return card

    def awards_line(self, live: LiveMatch, view: CatanView, locale: str | None) -> Text:
        road = t("catan.board.longest_road", locale,
                 seat=self.player(live, view.longest_road),
                 length=view.players[view.longest_road].road_length) \
            if view.longest_road is not None else t("catan.board.longest_road_none", locale)
        army = t("catan.board.largest_army", locale,
                 seat=self.player(live, view.largest_army),
                 knights=view.players[view.largest_army].knights) \
            if view.largest_army is not None else t("catan.board.largest_army_none", locale)
        return road + words(" · ") + army

    def player_line(self, live: LiveMatch, view: CatanView, p: PlayerView,
                    locale: str | None) -> Text:
        marks = []
        if p.longest_road:
            marks.append("🛣️")
        if p.largest_army:
            marks.append("⚔️")
        points = view.final.points.get(p.seat, p.points) if view.final is not None else p.points
        line = t("catan.board.player", locale, seat=self.player(live, p.seat),
                 points=points, cards=p.cards, development=p.development,
                 knights=p.knights, road=p.road_length)
        turn = words("▶ " if p.seat == view.current and view.phase != "over" else "")
        return turn + line + words("" if not marks else " " + "".join(marks))

    def pieces_text(self, live: LiveMatch, view: CatanView, locale: str | None) -> Text:
        """Every piece on the island, by player: the picture's text twin."""
        rows = []
        for p in view.players:
            parts: list[Text] = []
            if p.settlements:
                parts.append(words(PIECE_ICONS["settlement"] + " " + ", ".join(
                    corner_label(c) for c in p.settlements)))
            if p.cities:
                parts.append(words(PIECE_ICONS["city"] + " " + ", ".join(
                    corner_label(c) for c in p.cities)))
            if p.roads:
                parts.append(words(PIECE_ICONS["road"] + " " + ", ".join(
                    edge_label(e) for e in p.roads)))
            if p.harbours:
                parts.append(words("⚓ ") + words(", ").join(
                    self.harbour_name(k, locale) for k in p.harbours))
            rows.append(self.player(live, p.seat) + words(": ") + (
                words(" · ").join(parts) or t("catan.board.no_pieces", locale)))
        return lines(rows)

    def harbour_name(self, kind: str, locale: str | None) -> Text:
        if kind in RESOURCES:
            return t("catan.harbour.special", locale, icon=RESOURCE_ICONS[kind],
                     resource=self.resource(kind, locale))
        return t("catan.harbour.generic", locale)

    def island_text(self, view: CatanView, locale: str | None) -> Text:
        """The hexes (letter, terrain, number) and the harbours (rate, corners) in words."""
        hexes = words(" · ").join(
            words(h.label + " ") + self.terrain(h.terrain, locale)
            + words(f" {h.number}" if h.number else "")
            for h in view.island.hexes)
        harbours = words(" · ").join(
            self.harbour_name(h.kind, locale)
            + words(f" {corner_label(h.corners[0])}/{corner_label(h.corners[1])}")
            for h in view.island.harbours)
        return hexes + words("\n⚓ ") + harbours

    def trade_text(self, live: LiveMatch, trade: TradeView, locale: str | None) -> Text:
        rows = [t("catan.trade.offer", locale, seat=self.player(live, trade.proposer),
                   terms=self.offer_text(live, trade.give, trade.want, locale),
                   to=t("catan.trade.to_all", locale) if trade.to_all
                   else self.players(live, trade.asked, locale))]
        for seat, answer in trade.answers.items():
            who = self.player(live, seat)
            if answer.answer == "counter":
                rows.append(t("catan.trade.counter", locale, seat=who,
                              terms=self.offer_text(live, answer.give, answer.want, locale)))
            else:
                rows.append(t(f"catan.trade.{answer.answer}", locale, seat=who))
        if trade.waiting:
            rows.append(t("catan.trade.waiting", locale,
                          seats=self.players(live, trade.waiting, locale)))
        return lines(rows)

    def board_picture(self, live: LiveMatch, view: Any, locale: str | None
                      ) -> BoardPicture | None:
        assert isinstance(view, CatanView)
        return catan_picture(self, live, view, locale)

    # -- private -----------------------------------------------------------------------------
    def panel_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None) -> Card:
        assert isinstance(view, CatanView)
        me = view.me
        card = Card(title=t("catan.panel.title", locale, seat=self.player(live, seat),
                            colour=self.colour_name(seat, locale)), colour=self.colour)
        rows = [self.status_line(live, view, locale)]
        if me is not None:
            rows.append(t("catan.panel.points", locale, points=me.points,
                          target=view.points_to_win, count=me.hidden_points)
                        if me.hidden_points else
                        t("catan.panel.points_plain", locale, points=me.points,
                          target=view.points_to_win))
        card.description = lines(rows)
        if me is None:
            return card
        total = sum(me.counts.values())
        card.add_field(name=t("catan.panel.hand", locale, count=total),
                       value=words(" · ").join(
                           words(RESOURCE_ICONS[k] + " ") + self.resource(k, locale)
                           + words(" ") + bold(number(me.counts.get(k, 0)))
                           for k in RESOURCES),
                       inline=False)
        if me.must_discard:
            chosen: dict[str, int] = {}
            for c in me.discard or []:
                chosen[kind_of(c)] = chosen.get(kind_of(c), 0) + 1
            value = t("catan.panel.discard_chosen", locale, cards=self.cards(chosen, locale)) \
                if me.discard is not None else t("catan.panel.discard_none", locale)
            card.add_field(name=t("catan.panel.discard", locale, count=me.must_discard),
                           value=value, inline=False)
        developments = [
            words(DEVELOPMENT_ICONS.get(d.kind, "🃏") + " ") + self.development(d.kind, locale)
            + (words(" ") + t("catan.panel.new", locale) if d.new else words(""))
            for d in me.development]
        card.add_field(name=t("catan.panel.development", locale),
                       value=lines(developments)[:1024] or t("catan.panel.none", locale),
                       inline=False)
        if view.trade is not None:
            card.add_field(name=t("catan.board.trade", locale),
                           value=self.trade_text(live, view.trade, locale)[:1024],
                           inline=False)
        card.add_field(name=t("catan.panel.rates", locale), value=words(" · ").join(
            words(f"{RESOURCE_ICONS[k]} {me.rates[k]}:1") for k in RESOURCES), inline=False)
        card.add_field(name=t("catan.panel.costs", locale), value=lines(
            words(PIECE_ICONS[item] + " ") + t(f"catan.piece.{item}", locale)
            + words(": " + self.icons(COSTS[item]))
            for item in ("road", "settlement", "city", "development")), inline=False)
        card.set_footer(text=t("catan.panel.footer", locale))
        return card

    def opening_card(self, live: LiveMatch, view: Any, seat: int, locale: str | None) -> Card:
        assert isinstance(view, CatanView)
        card = self.panel_card(live, view, seat, locale)
        card.title = t("catan.opening.title", locale, colour=self.colour_name(seat, locale))
        card.description = (card.description or words("")) + words("\n\n") + t(
            "catan.opening.note", locale, count=len(view.players),
            first=self.player(live, view.first), points=view.points_to_win)
        return card

    def reveal_card(self, live: LiveMatch, view: Any, outcome: Outcome, locale: str | None
                    ) -> Card:
        assert isinstance(view, CatanView)
        card = Card(title=t("catan.reveal.title", locale), colour=self.colour)
        final = view.final
        winner = outcome.winners[0] if outcome.winners else None
        card.description = t("catan.reveal.winner", locale, seat=self.player(live, winner),
                             points=int(outcome.scores.get(winner, 0))) \
            if winner is not None else t("catan.reveal.no_winner", locale)
        ranked = sorted(outcome.scores.items(), key=lambda kv: (-kv[1], kv[0]))
        for seat, score in ranked:
            details = outcome.details.get(seat, {})
            parts = [t(f"catan.reveal.{item}", locale, points=f"{details[item]:g}")
                     for item in ("settlements", "cities", "longest_road", "largest_army",
                                  "victory_cards") if details.get(item)]
            rows = [words(" + ").join(parts) or number(0)]
            if final is not None:
                rows.append(t("catan.reveal.hand", locale,
                              cards=self.cards(final.hands.get(seat, {}), locale)))
                held = [self.development(kind_of(c), locale)
                        for c in final.development.get(seat, [])]
                rows.append(t("catan.reveal.development", locale,
                              cards=self.sep(locale).join(held) or t("catan.panel.none",
                                                                     locale)))
            crown = "👑 " if seat in outcome.winners else ""
            card.add_field(name=t("catan.reveal.row", locale, crown=crown,
                                  seat=self.player(live, seat), points=int(score))[:256],
                           value=lines(rows)[:1024], inline=False)
        return card

    def option_lines(self, options: dict[str, Any], locale: str | None) -> list[Text]:
        found: list[Text] = []
        if options.get("board") == "beginner":
            found.append(t("catan.option.board.beginner", locale))
        points = options.get("points_to_win")
        if points is not None and points != 10:
            found.append(t("catan.option.points_to_win.number", locale, value=points))
        if options.get("friendly_robber"):
            found.append(t("catan.option.friendly_robber", locale))
        offers = options.get("trade_offers")
        if offers is not None and offers != 5:
            found.append(t("catan.option.trade_offers.number", locale, value=offers))
        return found


WORDS = CatanWords()
