"""The card game's panels drawn from an observation: players, era, draft and trade, goals, hand,
log, end screen, rules.

Every function reads the engine's observation (``inca_core.cardgame.observe``) and builds DOM
nodes; none decides anything about the rules. Names go in as text only; card pictures are the
engine's SVG (``card_face``), which holds no text from players.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import dom

from games.cardgame.moments import LAST_TAKE
from inca_core.cardgame import targets, words
from inca_core.cardgame.cards import CARDS
from inca_core.cardgame.svg import SEAT_COLOURS, card_face

ERA_NAMES = ("I", "II", "III", "IV")
PHASES = (("lay", "Lay two cards"), ("take", "Take cards"), ("act", "Actions"),
          ("close", "Close Trade Agreements"))
SEAT_TYPE_NAMES = {"human": "person", "easy": "easy bot", "medium": "medium bot",
                   "hard": "hard bot", "random": "random bot"}
STEP_WORDS = {
    "terrace": "take the Terrace's action: a road, a temple stack or a hut (or nothing)",
    "road": "build a road", "stock": "stock a storage hut", "temple": "stack on a temple",
    "restrict": "place a Road Restriction", "build": "build a City or Colca",
}


def era_name(obs: dict) -> str:
    return f"Era {ERA_NAMES[obs['era'] - 1]}"


def swatch(seat: int, size: int = 26) -> Any:
    """The seat's token: its colour with its seat number on it (never colour alone)."""
    svg = dom.svg_el("svg", {"viewBox": "0 0 26 26", "width": size, "height": size,
                             "class": "swatch", "aria-hidden": "true", "focusable": "false"})
    svg.appendChild(dom.svg_el("circle", {"cx": 13, "cy": 13, "r": 12,
                                          "fill": SEAT_COLOURS[seat % 5], "stroke": "#1b1208"}))
    svg.appendChild(dom.svg_el("text", {"x": 13, "y": 17.5, "text-anchor": "middle",
                                        "font-size": 13, "font-weight": 700, "fill": "#fff"},
                               str(seat + 1)))
    return svg


def card_picture(card_id: str) -> Any:
    """The engine's drawing of one card, as a node."""
    holder = dom.el("span", cls="cg-face")
    holder.innerHTML = card_face(card_id)
    return holder


def title(card_id: str) -> str:
    """A card as a player tells it from the others (the engine's words, no id)."""
    return words.card_title(card_id)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_name(card_id: str) -> str:
    """A card's heading on its button: its name, else its kind (``Coast city``)."""
    card = CARDS[card_id]
    return card.name or _capital(words.card_kind(card_id))


def card_words(card_id: str) -> str:
    """What a card is and shows, in one line (its connectors are drawn on its picture)."""
    card = CARDS[card_id]
    if card.kind == "trade":
        return f"Trade Agreement: {card.text}"
    if card.kind == "work":
        return f"Extra Workforce: {card.text}"
    parts = [card.name or _capital(words.card_kind(card_id))]
    if card.fame:
        parts.append(f"fame {card.fame}")
    if card.temple:
        parts.append("a temple")
    if card.huts:
        parts.append("storage huts: " + ", ".join(card.huts))
    roads = sum(1 for n in card.conn if n)
    parts.append(f"{roads} road connector{'s' if roads != 1 else ''}")
    return "; ".join(parts)


# --- status and prompt ---------------------------------------------------------------------------


def _doing(obs: dict) -> str:
    phase = obs["phase"]
    if phase == "lay":
        return "lay two cards"
    if phase == "take":
        return "take a card"
    if obs["pending"]:
        return STEP_WORDS[obs["pending"][0][0]].split(":")[0]
    if phase == "close":
        return "take a free action"
    return "act"


def status_text(obs: dict, seats: tuple[str, ...], thinking: bool) -> str:
    """One line naming the player to move and the phase."""
    if obs["over"]:
        leader = obs["ranking"][0]
        places = obs.get("places") or list(range(len(obs["ranking"])))
        first = [s for s in obs["ranking"] if places[s] == places[leader]]
        if len(first) > 1:
            who = " and ".join(obs["names"][s] for s in first)
            return f"Game over: {who} share first place with {obs['scores'][leader]} VP"
        return f"Game over: {obs['names'][leader]} wins with {obs['scores'][leader]} VP"
    seat = obs["current_player"]
    name = obs["names"][seat]
    phase = "draft" if obs["phase"] in ("lay", "take") else dict(PHASES)[obs["phase"]].lower()
    where = f"{era_name(obs)}, {phase}"
    if seats[seat] != "human":
        doing = "is thinking" if thinking else "is to move"
        return f"{where}: {name} ({SEAT_TYPE_NAMES.get(seats[seat], seats[seat])}) {doing}"
    return f"{where}: {name} to {_doing(obs)}"


def prompt_text(obs: dict, selected: list[str], idle: str | None = None) -> str:
    """What the player to move is asked to do, in a sentence or two; ``idle``: the engine's
    word on why no City or Colca can be built now (``words.idle_note``)."""
    if obs["over"]:
        return "The game is over."
    phase = obs["phase"]
    if phase == "lay":
        chosen = " and ".join(map(title, selected)) if selected else "none yet"
        return ("Choose two cards of your hand to lay face down for the draft (chosen: "
                f"{chosen}). Nobody sees them until everyone has laid.")
    if phase == "take":
        if len(obs["pool"]) == 1:
            return "One laid card is left: it is yours, taken for you."
        return "Take one of the laid cards (Draft and trade panel). Taking goes round and back."
    if obs["pending"]:
        kind, _, times = obs["pending"][0]
        more = f" ({times} left)" if times > 1 else ""
        return f"Now {STEP_WORDS[kind]}{more}: click a highlighted place, or finish."
    start = ("Your Trade Agreement closed: you drew a card and may take one free action, or "
             "take none. " if phase == "close" else "")
    if idle and not selected:
        return f"{start}{idle}"
    if selected:
        card = CARDS[selected[0]]
        where = ("click a highlighted place on the table to build it, or " if card.is_place
                 else "")
        return f"{start}{_capital(title(selected[0]))} chosen: {where}use a button below."
    return (f"{start}Choose a card in your hand, then where to build it (highlighted) or what "
            "to do with it; or pass.")


def nothing_there(obs: dict, kind: str) -> str:
    """Why a click on the table acts on nothing (no action is meant there)."""
    if obs["phase"] in ("lay", "take"):
        return "during the draft, choose cards in your hand or among the laid cards."
    if kind == "cell":
        return "choose a City or Colca in your hand first, then a highlighted place."
    return "nothing to do there now."


# --- panels --------------------------------------------------------------------------------------


def players_panel(obs: dict, seats: tuple[str, ...], thinking: bool) -> list[Any]:
    """One list item per seat, in turn order from the first player."""
    items = []
    n = obs["players"]
    for position in range(n):
        seat = (obs["first"] + position) % n
        to_move = obs["current_player"] == seat
        kind = SEAT_TYPE_NAMES.get(seats[seat], seats[seat])
        who = f"seat {seat + 1} · {kind}" + (" · first player" if position == 0 else "")
        facts = [
            ("Supply", obs["supply"][seat]),
            ("Active Pool", obs["active"][seat]),
            ("on the table", obs["tokens_in_play"][seat]),
            ("hand", obs["hand_sizes"][seat]),
            ("Terraces", obs["terrace_counts"][seat]),
        ]
        stats = dom.el("div", cls="stats", children=[dom.el("span", who, cls="who")])
        stats.appendChild(_score_now(obs, seat))
        for label, value in facts:
            stats.appendChild(dom.el("span", children=[dom.el("b", str(value)),
                                                       dom.el("span", f" {label}")]))
        state = _seat_state(obs, seat)
        if state:
            stats.appendChild(dom.el("span", state, cls="cg-state"))
        name_row = dom.el("div", obs["names"][seat], cls="name")
        if to_move and seats[seat] != "human" and thinking:
            name_row.appendChild(dom.el("span", "  thinking…", cls="thinking"))
        items.append(dom.el(
            "li",
            cls="player to-move" if to_move else "player",
            attrs={"data-seat": seat, "aria-current": "true" if to_move else None},
            children=[swatch(seat), name_row, stats],
        ))
    return items


def _score_now(obs: dict, seat: int) -> Any:
    """The seat's score if the game ended now (the engine's ``score_now``): tokens on the table
    plus the goals met now where this player may see them."""
    live = obs["score_now"]
    tokens, goals, total = live["tokens"][seat], live["goals"][seat], live["total"][seat]
    if goals is None:
        detail = f" now: {tokens} on the table (goals hidden)"
    else:
        detail = f" now: {tokens} on the table + {goals} goals"
    return dom.el("span", cls="cg-score", attrs={"data-score": total},
                  children=[dom.el("b", f"{total} VP"), dom.el("span", detail)])


def _seat_state(obs: dict, seat: int) -> str:
    if obs["over"]:
        return f"{obs['scores'][seat]} VP"
    phase = obs["phase"]
    if phase == "lay":
        return "has laid" if obs["laid_counts"][seat] else "to lay"
    if phase == "act":
        if obs["passed"][seat]:
            return "passed"
        return f"{obs['done_actions'][seat]} action(s) this Era"
    return ""


def era_panel(obs: dict) -> list[Any]:
    """The four Eras with the current one, its phases, decks and Road Restrictions left."""
    track = dom.el("div", cls="era-track", attrs={"role": "list"})
    for i, name in enumerate(ERA_NAMES):
        era = i + 1
        current = era == obs["era"] and not obs["over"]
        done = era < obs["era"] or obs["over"]
        track.appendChild(dom.el(
            "span", f"Era {name}",
            cls="era-round current" if current else "era-round done" if done else "era-round",
            attrs={"role": "listitem", "aria-current": "step" if current else None,
                   "title": f"Era {name} deck: {obs['deck_sizes'][i]} cards"},
        ))
    out = [track]
    phases = dom.el("ol", cls="phase-list")
    order = [p for p, _ in PHASES]
    here = order.index(obs["phase"]) if obs["phase"] in order else len(order)
    for j, (_, label) in enumerate(PHASES):
        cls = "current" if j == here else "done" if j < here else None
        phases.appendChild(dom.el("li", label, cls=cls))
    out.append(phases)
    first = obs["names"][obs["first"]]
    deck = obs["deck_sizes"][obs["era"] - 1]
    out.append(dom.el("p", f"First player: {first}. {era_name(obs)} deck: {deck} cards; "
                           f"discard: {len(obs['discard'])}.", cls="note"))
    left = 5 - len(obs["restricted"])
    out.append(dom.el("p", f"Road Restriction tokens left: {left} of 5.", cls="note"))
    return out


def draft_panel(obs: dict, pool_legal: list[str], viewer: int | None) -> list[Any]:
    """The draft (who has laid, the laid cards to take) and the Trade Agreements in play."""
    names = obs["names"]
    out: list[Any] = []
    if obs["phase"] == "lay":
        waiting = [names[s] for s in obs["order"]]
        out.append(dom.el("p", "Laying two cards face down: " + (
            ", ".join(waiting) + " still to lay." if waiting else "everyone has laid.")))
        if viewer is not None and obs["laid"]:
            out.append(dom.el("p", "You laid " + " and ".join(map(title, obs["laid"])) +
                              " (hidden until everyone has laid).", cls="note"))
    elif obs["phase"] == "take":
        order = [names[s] for s in obs["order"]]
        out.append(dom.el("p", "Taking order: " + ", ".join(order) + "."))
    if obs["pool"]:
        cards = dom.el("ul", cls="hand cg-pool", attrs={"aria-label": "Laid cards to take"})
        for card in obs["pool"]:
            cards.appendChild(dom.el("li", children=[_card_button(card, card in pool_legal,
                                                                  False, "Take")]))
        out.append(cards)
    trades = obs["trades"]
    out.append(dom.el("h3", "Trade Agreements in play", cls="cg-sub"))
    if not trades:
        out.append(dom.el("p", "None.", cls="note"))
    for card, owner, slot, _tokens in trades:
        a, b = slot, (slot + 1) % obs["players"]
        out.append(dom.el("p", f"{_capital(title(card))} between {names[a]} and {names[b]} "
                               f"(played by {names[owner]}): {CARDS[card].text}", cls="note"))
    if obs["closing"]:
        out.append(dom.el("p", "Still to close: " + ", ".join(map(title, obs["closing"])) + ".",
                          cls="note"))
    return out


def goals_panel(obs: dict, viewer: int | None) -> list[Any]:
    """The viewer's own five Goal cards with their progress (nobody else's)."""
    if viewer is None:
        return [dom.el("p", "Goals are hidden.", cls="note")]
    lines = targets.goal_lines(obs, viewer)
    listing = dom.el("ul", cls="cg-goals")
    for line in lines:
        listing.appendChild(_goal_item(line, None, obs["over"]))
    total = obs["goal_scores"][str(viewer)]["total"]
    return [listing, dom.el("p", f"Your best three score {total} VP now.", cls="note")]


def _goal_item(line: dict, name: str | None = None, over: bool = False) -> Any:
    """One Goal card: its VP, condition, what its holder has and whether it scores; ``name``:
    whose it is (``None``: the viewer's own, "you")."""
    missed = "✗ not met" if over else "✗ not yet"
    mark = "★ scores" if line["scored"] else "✓ met" if line["met"] else missed
    holder = "you have" if name is None else f"{name} has"
    have = f" ({holder} {line['have']})" if line["have"] is not None else ""
    return dom.el(
        "li",
        attrs={"data-goal": line["id"], "data-met": "1" if line["met"] else "0",
               "data-scored": "1" if line["scored"] else "0"},
        cls="cg-goal met" if line["met"] else "cg-goal",
        children=[dom.el("b", f"{line['vp']} VP "),
                  dom.el("span", f"{line['text']}{have}. "),
                  dom.el("span", mark, cls="cg-mark")],
    )


def hand_panel(obs: dict, viewer: int | None, playable: list[str],
               selected: list[str]) -> list[Any]:
    """The viewer's hand, each card drawn with what it shows; chosen cards are pressed."""
    if viewer is None:
        return [dom.el("li", "Hands are hidden.", cls="note")]
    items = [dom.el("li", f"Hand of {obs['names'][viewer]}", cls="note")]
    for card in obs["hand"]:
        items.append(dom.el("li", children=[
            _card_button(card, card in playable, card in selected, "Choose")]))
    if not obs["hand"]:
        items.append(dom.el("li", "No cards.", cls="note"))
    if obs["terraces"]:
        items.append(dom.el("li", "Your Terraces: " + ", ".join(map(title, obs["terraces"])) + ".",
                            cls="note"))
    return items


def _card_button(card: str, legal: bool, pressed: bool, verb: str) -> Any:
    words = card_words(card)
    return dom.el(
        "button",
        cls="cg-card",
        attrs={"type": "button", "data-card": card, "data-legal": "1" if legal else None,
               "aria-pressed": "true" if pressed else "false", "title": words},
        children=[card_picture(card), dom.el("span", children=[
            dom.el("span", f"{verb} ", cls="sr-only"),
            dom.el("span", card_name(card), cls="card-name"),
            dom.el("span", ": ", cls="sr-only"),
            dom.el("span", _details(card, words), cls="card-effect")]),
            _card_zoom(card, words)],
    )


def _details(card: str, words: str) -> str:
    """The line under a card's name on its button: ``words`` without the name."""
    if CARDS[card].effect:
        return CARDS[card].text
    return words.partition("; ")[2] or words


def _card_zoom(card: str, words: str) -> Any:
    """The card drawn large with its words, shown while its button is hovered or focused (a
    tap focuses it on a phone); hidden from screen readers, which read the button's words."""
    return dom.el("span", cls="cg-zoom", attrs={"aria-hidden": "true"},
                  children=[card_picture(card), dom.el("span", words)])


def log_items(entries: list[dict], last_era: int | None,
              last_take: Callable[[dict], bool] = lambda entry: False) -> list[Any]:
    """List items for log ``entries``, with a heading whenever the Era changes; ``last_take``:
    whether an entry tells of the one laid card left, taken without a choice (said so)."""
    items = []
    for entry in entries:
        if entry["era"] != last_era:
            last_era = entry["era"]
            items.append(dom.el("li", f"Era {ERA_NAMES[last_era - 1]}", cls="round"))
        text = entry["text"]
        if last_take(entry):
            text += " " + LAST_TAKE
        items.append(dom.el("li", text))
    return items


# --- end screen ----------------------------------------------------------------------------------


def ranking_panel(obs: dict) -> tuple[list[Any], str]:
    """The final ranking with each score's two parts, and a sentence on any tie-break."""
    items = []
    for seat in obs["ranking"]:
        goals = obs["goal_scores"][str(seat)]["total"]
        tokens = obs["tokens_in_play"][seat]
        items.append(dom.el("li", attrs={"data-seat": seat}, children=[
            swatch(seat, 18),
            dom.el("span", f" {obs['names'][seat]}: {obs['scores'][seat]} VP "
                           f"({tokens} tokens on the table + {goals} from goals)"),
        ]))
    notes = []
    places = obs.get("places") or list(range(len(obs["ranking"])))
    ranking = obs["ranking"]
    for place in sorted(set(places)):
        tied = [s for s in ranking if places[s] == place]
        if len(tied) > 1:
            who = " and ".join(obs["names"][s] for s in tied)
            notes.append(f"{who} have {obs['scores'][tied[0]]} VP each and share place "
                         f"{place + 1}.")
    for a, b in pairwise(ranking):
        if obs["scores"][a] == obs["scores"][b] and places[a] != places[b]:
            notes.append(f"{obs['names'][a]} and {obs['names'][b]} both have "
                         f"{obs['scores'][a]} VP; {obs['names'][a]} ranks ahead.")
    if not notes:
        notes.append("No tie: the most VP wins.")
    return items, " ".join([*notes, obs["tie_rule"]])


def breakdown_parts(obs: dict) -> list[Any]:
    """VP by source and player, then every player's five Goal cards one by one."""
    seats = obs["ranking"]
    names = obs["names"]
    head = dom.el("tr", children=[dom.el("th", "Source", attrs={"scope": "col"})] + [
        dom.el("th", names[s], attrs={"scope": "col"}) for s in seats])
    rows = [head]
    sources = (("Tokens on the table (1 VP each)", lambda s: obs["tokens_in_play"][s]),
               ("Best three goals", lambda s: obs["goal_scores"][str(s)]["total"]))
    for label, value in sources:
        rows.append(dom.el("tr", children=[dom.el("th", label, attrs={"scope": "row"})] + [
            dom.el("td", str(value(s))) for s in seats]))
    rows.append(dom.el("tr", cls="total", children=[
        dom.el("th", "Total", attrs={"scope": "row"})] + [
        dom.el("td", str(obs["scores"][s])) for s in seats]))
    out = [dom.el("table", children=[dom.el("tbody", children=rows)])]
    for seat in seats:
        block = dom.el("div", cls="cg-goal-block", attrs={"data-seat": seat})
        block.appendChild(dom.el("h4", children=[
            swatch(seat, 16), dom.el("span", f" Goals of {names[seat]}")]))
        listing = dom.el("ul", cls="cg-goals")
        for line in targets.goal_lines(obs, seat):
            listing.appendChild(_goal_item(line, names[seat], True))
        block.appendChild(listing)
        out.append(block)
    return out


def score_chart(obs: dict) -> Any:
    """A bar per player: tokens on the table, then the goals scored, each part labelled."""
    seats = obs["ranking"]
    width, bar, pad, left = 640, 26, 10, 150
    height = pad * 2 + len(seats) * (bar + pad)
    top = max(1, max(obs["scores"]))
    unit = (width - left - 60) / top
    svg = dom.svg_el("svg", {"viewBox": f"0 0 {width} {height}", "role": "img",
                             "aria-label": "Victory points of each player: tokens and goals"})
    svg.appendChild(dom.svg_el("title", {}, "Victory points: tokens on the table and goals"))
    for i, seat in enumerate(seats):
        y = pad + i * (bar + pad)
        tokens = obs["tokens_in_play"][seat]
        goals = obs["goal_scores"][str(seat)]["total"]
        group = dom.svg_el("g", {"data-seat": seat})
        group.appendChild(dom.svg_el("text", {"x": left - 8, "y": y + bar * 0.7,
                                              "text-anchor": "end", "font-size": 13},
                                     obs["names"][seat][:20]))
        group.appendChild(dom.svg_el("rect", {"x": left, "y": y, "width": tokens * unit,
                                              "height": bar, "fill": SEAT_COLOURS[seat % 5]}))
        group.appendChild(dom.svg_el("rect", {"x": left + tokens * unit, "y": y,
                                              "width": goals * unit, "height": bar,
                                              "fill": "#fff", "stroke": SEAT_COLOURS[seat % 5],
                                              "stroke-width": 3}))
        group.appendChild(dom.svg_el("text", {"x": left + 6, "y": y + bar * 0.7,
                                              "font-size": 12, "fill": "#fff"},
                                     f"{tokens} tokens"))
        group.appendChild(dom.svg_el("text", {"x": left + (tokens + goals) * unit + 6,
                                              "y": y + bar * 0.7, "font-size": 12},
                                     f"+{goals} goals = {obs['scores'][seat]}"))
        svg.appendChild(group)
    return svg


# --- rules panel ---------------------------------------------------------------------------------

RULES = (
    ("The aim", "You are an Apu of the Inca, spreading the empire out from Cuzco. Every token of "
                "yours that lies on the table at the end of Era IV (on roads, fame boxes, "
                "temples and storage huts) is worth 1 VP. On top of that, the best three of your "
                "five secret Goal cards add their VP if you meet them. The most VP wins; players "
                "with equal VP share the place."),
    ("Setup", "Cuzco lies in the middle of the table. Each player has 70 tokens in a Supply, "
              "five Goal cards that only they see, and begins with a Trade Agreement and a Start "
              "card in hand. A Start card has a fixed place beside Cuzco; its owner builds it "
              "like any City (the ones nobody holds lie there from the start, owned by nobody)."),
    ("Tokens: Supply and Active Pool", "Each player has 70 tokens, all in the Supply at the "
                                       "start. You can only spend tokens from your Active "
                                       "Pool. At the start of each Era 6 tokens move there "
                                       "from your Supply, plus 1 for every two Terraces you "
                                       "have. Spend them with care: what is left stays for "
                                       "the next Era."),
    ("An Era", "The game lasts four Eras, each with its own deck of cards, richer in later "
               "Eras. An Era goes: new tokens to the Active Pools, cards dealt (5 each at 4-5 "
               "players, 6 at 2-3, one fewer in Era I), the draft, the actions, then closing "
               "the Trade Agreements. The first player of Era I is drawn at random and moves one "
               "seat on after every Era."),
    ("The draft", "Everyone lays two cards of their hand face down. When all have laid, the "
                  "cards are turned up and taken one at a time: in turn order from the first "
                  "player, then back the other way, so the first player takes first and last. "
                  "The one card left at the end is taken without a choice."),
    ("Actions", "In turn order each player takes one action, round and round, until everyone "
                "has passed. You must take two actions in an Era before you may pass, unless "
                "your hand is empty. An action is one of: build a City or Colca; play an Extra "
                "Workforce card; play a Trade Agreement; lay a card as a Terrace; or pass."),
    ("Building", "A City or Colca is built next to a card on your own road route from Cuzco. "
                 "You pay, from your Active Pool, the road that joins them (the two connector "
                 "numbers where the cards meet, added) and the card's fame box (the star "
                 "number): those tokens go on the road and on the fame box. A card stays in its "
                 "column: coast on the left, plateau in the middle, mountain on the right; Wild "
                 "Colcas go in any column. The places beside Cuzco are kept for Start cards."),
    ("Connections", "A City joins a Colca edge to edge and another City corner to corner; two "
                    "Colcas never join by their edges. Both cards must show a connector where "
                    "they meet. A Wild Colca joins another Colca corner to corner. A coast "
                    "City and a mountain City two rows apart may join across an empty plateau "
                    "place, corner to corner."),
    ("Roads", "Roads are personal: each player builds an own network from Cuzco, and may build "
              "a road on a connection another player already has, paying in full. Several "
              "players' tokens may lie on one connection, side by side."),
    ("Terraces", "Any card but a Start card may be laid face down as a Terrace. It moves one "
                 "token from your Supply to your Active Pool, then lets you build one road, "
                 "stack on a temple or stock a hut (or nothing). Terraces also add tokens every "
                 "Era: one per two Terraces."),
    ("Temples and colcas", "A temple square belongs to the first player to stack on it; only "
                           "they add more later, 1-3 tokens an action. A Colca's storage huts "
                           "(fish, corn or potato) hold one token each, and any player whose "
                           "route reaches the Colca may stock them. Food in huts counts for "
                           "some goals."),
    ("Action cards", "An Extra Workforce card does its one thing (build roads, stock huts, "
                     "draw cards, move tokens to the Active Pool, place a Road Restriction and "
                     "more), then becomes a face-up Terrace. A Trade Agreement goes between two "
                     "neighbouring players and binds both of them while it lies there. A Road "
                     "Restriction stops new roads at its place."),
    ("End of an Era", "When all have passed, the Trade Agreements close in turn order: each "
                      "gives its token back to its player's Active Pool, is discarded, and its "
                      "player draws a card and may take one free action (not a Trade "
                      "Agreement)."),
    ("End and scoring", "After Era IV: tokens on the table, 1 VP each, plus the VP of your "
                        "best three Goal cards met. The players' panels show each score as it "
                        "stands now (your goals only: the others' stay hidden until the end)."),
)


def rules_parts() -> list[Any]:
    """The rules panel: a summary in our own words."""
    listing = dom.el("dl")
    for name, text in RULES:
        listing.appendChild(dom.el("dt", name))
        listing.appendChild(dom.el("dd", text))
    return [dom.el("h3", "Inca Empire: The Card Game"), listing,
            dom.el("p", "On the table: numbers on a card's edges and corners are road costs; "
                        "the star box is the fame tokens a build adds; the yellow square is a "
                        "temple; triangles are storage huts (F fish, C corn, P potato). Tokens "
                        "show their player's number.", cls="note")]
