"""Wiraqocha's panels drawn from an observation: players, victory race, valley facts, dice tray,
market, log, end screen and rules (our own words).

Every function reads the engine's observation (and, for the tray and the market, the legal
actions the engine gave); none decides anything about the rules. Names go in as text only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import dom

from inca_core.wiraqocha import targets
from inca_core.wiraqocha.data import (
    CARDS,
    CARDS_OF,
    EDITIONS,
    LEVIATHAN,
    ROUND_CAP,
    SOMNIUM_WIN,
    TOKEN_KIND,
    TOKEN_ORDER,
)
from inca_core.wiraqocha.svg import KIND_NAMES, token_shape

SEAT_TYPE_NAMES = {"human": "person", "easy": "easy bot", "medium": "medium bot",
                   "hard": "hard bot", "random": "random bot"}
WIN_NAMES = {"relics": "the four relics", "somnium": "a cargo of Somnium",
             "leviathan": "the Leviathan", "rounds": f"the most progress after {ROUND_CAP} rounds"}
OPTIONS = {
    "first_layout": ("First-game valley",
                     "Our fixed valley for a first game instead of a random one."),
    "caves": ("Caves", "Tile 7 becomes the Caves: an Explorer there may fly to a free mountain."),
    "prisoners": ("Prisoners", "Beaten tokens may be taken hostage and ransomed."),
}
TRAY_HINT = ("Pick dice, then a highlighted tile: those dice take it. One die on your own "
             "territory protects it.")


def seat_mark(seat: int, size: int = 18) -> Any:
    """The seat's token shape in its colour (the same as on the valley)."""
    node = dom.el("span", cls="swatch" if size >= 28 else "seat-mark",
                  attrs={"aria-hidden": "true"})
    node.innerHTML = (f'<svg viewBox="-13 -13 26 26" width="{size}" height="{size}" '
                      f'focusable="false">{token_shape(seat, 0, 0, 10)}</svg>')
    return node


def card_line(card: str, edition: int = EDITIONS[-1]) -> str:
    c = CARDS_OF[edition][card]
    cost = f"{c.resources} Resources" + (f" + {c.somnium} Somnium" if c.somnium else "")
    return f"{c.name} ({c.kind}, {cost}): {c.effect}"


def status_text(obs: dict, seat_types: Sequence[str], thinking: bool) -> str:
    """One line naming the player to move and the phase."""
    if obs["over"]:
        winner = obs["winner"]
        return f"Game over: {obs['names'][winner]} wins with {WIN_NAMES[obs['win_reason']]}"
    seat = obs["current_player"]
    name = obs["names"][seat]
    phase = "Phase I" if obs["phase"] == "prep" else "Phase II"
    where = f"Round {obs['round']}, {phase}"
    if seat_types[seat] != "human":
        doing = "is thinking" if thinking else "is to move"
        return f"{where}: {name} ({SEAT_TYPE_NAMES.get(seat_types[seat], 'bot')}) {doing}"
    doing = "to prepare and roll" if obs["phase"] == "prep" else "to use the dice"
    return f"{where}: {name} {doing}"


def prompt_text(obs: dict) -> str:
    """What the player to move is asked to do."""
    if obs["over"]:
        return "The game is over."
    if obs["phase"] == "prep":
        return ("Phase I: click one of your protected territories to take its die back, swap a "
                "Zeppelin if you like, then roll.")
    if obs["pending"] == "field":
        return "Put the Force Field on one of your highlighted territories."
    return TRAY_HINT + " End the turn when you are done."


#: The three victories as the players panel and the race name them.
RACES = (("relics", "Relics"), ("somnium", "Somnium"), ("leviathan", "Leviathan"))


def race_standing(obs: dict) -> dict[str, list[tuple[int, int, str]]]:
    """Each race (``RACES``) to every seat's (have, need, text) toward it, in seat order: the
    engine's figures (``targets.victory_progress``); the Leviathan counts the card costs in
    Resources and Somnium, each up to what it needs."""
    out: dict[str, list[tuple[int, int, str]]] = {key: [] for key, _ in RACES}
    for seat in range(obs["players"]):
        p = targets.victory_progress(obs, seat)
        for key in ("relics", "somnium"):
            have, need = p[key]
            out[key].append((have, need, f"{have} of {need}"))
        (r, need_r), (sm, need_s) = p["leviathan_resources"], p["leviathan_somnium"]
        out["leviathan"].append((min(r, need_r) + min(sm, need_s), need_r + need_s,
                                 f"{r} of {need_r} Resources, {sm} of {need_s} Somnium"))
    return out


def race_leaders(standing: list[tuple[int, int, str]]) -> set[int]:
    """The seats furthest ahead in one race (none while nobody has started it)."""
    best = max(have for have, _, _ in standing)
    return {seat for seat, (have, _, _) in enumerate(standing) if best and have == best}


def _tokens_text(tokens: Sequence[str]) -> str:
    """``Base Camp, 2 Explorers, Zeppelin``: tokens by kind, no ids."""
    counts: dict[str, int] = {}
    for token in tokens:
        kind = KIND_NAMES[TOKEN_KIND[token]]
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(kind if k == 1 else f"{k} {kind}s" for kind, k in counts.items())


def race_rows(obs: dict, seat: int) -> list[Any]:
    """``seat``'s progress in each race, the leader said in words (``data-race``,
    ``data-leads``)."""
    standing = race_standing(obs)
    rows = []
    for key, title in RACES:
        text = standing[key][seat][2]
        leaders = race_leaders(standing[key])
        lead = ""
        if seat in leaders:
            lead = " (leads)" if len(leaders) == 1 else " (shares the lead)"
        rows.append(dom.el("span", cls="race-line", attrs={
            "data-race": key, "data-leads": "1" if lead else None}, children=[
            dom.el("b", f"{title}: "), dom.el("span", text + lead)]))
    return rows


def players_panel(obs: dict, seat_types: Sequence[str], thinking: bool) -> list[Any]:
    """One list item per seat: each victory race in full (who leads it, in words), Resources,
    cards, tokens off the board."""
    items = []
    for seat in range(obs["players"]):
        where = obs["where"][seat]
        to_move = obs["current_player"] == seat
        kind = seat_types[seat]
        name_row = dom.el("div", cls="name", children=[
            dom.el("span", obs["names"][seat]),
            dom.el("span", f" ({SEAT_TYPE_NAMES.get(kind, 'bot')})", cls="kind"),
            dom.el("span", "  thinking\u2026", cls="thinking")
            if to_move and thinking and kind != "human" else None,
        ])
        reserve = [t for t in TOKEN_ORDER if where.get(t) == "reserve"]
        grave = [t for t in TOKEN_ORDER if where.get(t) == "grave"]
        held = [t for t in TOKEN_ORDER if where.get(t) == "held"]
        stats = [
            *race_rows(obs, seat),
            dom.el("span", children=[dom.el("b", str(obs["resources"][seat])),
                                     dom.el("span", " Resources")]),
            dom.el("span", "In reserve: " + (_tokens_text(reserve) or "nothing")),
            dom.el("span", "Graveyard: " + _tokens_text(grave)) if grave else None,
            dom.el("span", "Held hostage: " + _tokens_text(held)) if held else None,
        ]
        stats += [dom.el("span", CARDS[c].name, cls="owned-card",
                         attrs={"title": card_line(c, obs["edition"])})
                  for c in obs["cards"][seat]]
        items.append(dom.el(
            "li",
            cls="player to-move" if to_move else "player",
            attrs={"data-seat": seat, "aria-current": "true" if to_move else None},
            children=[seat_mark(seat, 28), name_row, dom.el("div", cls="stats", children=stats)],
        ))
    return items


def _meter(have: int, need: int, label: str) -> Any:
    return dom.el("meter", attrs={"min": 0, "max": need, "value": min(have, need),
                                  "aria-label": label})


def victory_table(obs: dict) -> list[Any]:
    """Every player's progress toward the three victories (have / need, with a meter)."""
    n = obs["players"]
    head = dom.el("tr", children=[dom.el("th", h, attrs={"scope": "col"}) for h in
                                  ("Player", "Relics", "Somnium", "Leviathan")])
    rows = [head]
    for seat in range(n):
        p = targets.victory_progress(obs, seat)
        name = obs["names"][seat]
        cells = [dom.el("th", cls="who", attrs={"scope": "row"},
                        children=[seat_mark(seat, 14), dom.el("span", f" {name}")])]
        for key, title in (("relics", "relics"), ("somnium", "Somnium crystals")):
            have, need = p[key]
            cells.append(dom.el("td", children=[
                dom.el("span", f"{have}/{need}"),
                _meter(have, need, f"{name}: {have} of {need} {title}")]))
        (r, need_r), (s, need_s) = p["leviathan_resources"], p["leviathan_somnium"]
        cells.append(dom.el("td", children=[
            dom.el("span", f"{r}/{need_r} R"),
            dom.el("span", f"{s}/{need_s} S"),
            _meter(min(r, need_r) + min(s, need_s), need_r + need_s,
                   f"{name}: cards worth {r} of {need_r} Resources and {s} of {need_s} Somnium")]))
        rows.append(dom.el("tr", attrs={"data-seat": seat}, children=cells))
    note = dom.el("p", cls="note", text=(
        f"First to 4 relics, {SOMNIUM_WIN[n]} Somnium, or cards costing {LEVIATHAN[n][0]} "
        f"Resources and {LEVIATHAN[n][1]} Somnium wins at once."))
    return [dom.el("table", cls="victory", children=[dom.el("tbody", children=rows)]), note]


def valley_panel(obs: dict) -> list[Any]:
    """The round, the supplies, the pile and the options, and the key to the drawing."""
    on = [OPTIONS[o][0] for o in sorted(obs["opts"])]
    facts = [
        f"Round {obs['round']} (the game stops after round {ROUND_CAP}).",
        f"Supply: {obs['bank_resources']} Resources, {obs['bank_somnium']} Somnium.",
        f"Technology pile: {obs['pile_size']} cards.",
        "Options: " + (", ".join(on) if on else "none") + ".",
        "Tokens: " + ", ".join(f"{k[0].upper()} {v}" for k, v in KIND_NAMES.items()
                               if k != "base") + ", B Base Camp; each player has a shape.",
        "A white die on a tile protects it with its value; a grey shield is a Base Camp's own "
        "protection. Mountains (grey, with a peak) take only Zeppelins.",
    ]
    return [dom.el("ul", cls="facts", children=[dom.el("li", f) for f in facts])]


def tray_panel(obs: dict, legal: Sequence[Any], human: bool, roll_dice: int | None,
               chosen: set[int]) -> list[Any]:
    """The unused dice as toggle buttons (``data-die``), with their legal changes as
    ``data-action`` buttons; in Phase I, how many dice the roll will bring."""
    if obs["over"]:
        return [dom.el("p", "The game is over.")]
    if obs["phase"] == "prep":
        text = f"Dice to roll this turn: {roll_dice}." if roll_dice is not None else \
            "Phase I: the dice have not been rolled yet."
        return [dom.el("p", text)]
    dice = obs["dice"]
    if not dice:
        return [dom.el("p", "No unused dice left.")]
    items = []
    shown: set[int] = set()
    for i, value in enumerate(dice):
        picked = i in chosen
        die = dom.el("button", str(value), cls="die" + (" picked" if picked else ""), attrs={
            "type": "button", "data-die": i, "data-value": value,
            "aria-pressed": "true" if picked else "false", "aria-label": f"Die showing {value}",
            "disabled": None if human else "disabled"})
        changes = []
        if human and value not in shown:
            shown.add(value)
            for action in targets.die_actions(legal, value):
                label, aria = _die_change(action)
                changes.append(dom.el("button", label, cls="die-change", attrs={
                    "type": "button", "data-action": str(action), "data-legal": "1",
                    "aria-label": aria}))
        items.append(dom.el("li", children=[die, *changes]))
    return [dom.el("ul", cls="dice-tray", attrs={"aria-label": "Unused dice"}, children=items),
            dom.el("p", tray_note(sorted(dice[i] for i in chosen)), cls="note",
                   attrs={"id": "tray-note", "role": "status"})]


def tray_note(picked: Sequence[int]) -> str:
    """What the picked dice are (the valley highlights the tiles they take)."""
    if not picked:
        return "No dice picked: the highlighted tiles are all those your dice can act on."
    return "Picked: " + " + ".join(map(str, picked)) + f" (sum {sum(picked)})."


def _die_change(action: Any) -> tuple[str, str]:
    text = str(action)
    kind, value = text.split()
    v = int(value)
    if kind == "raise":
        return "+1", f"Raise a {v} to {v + 1} (2 Resources)"
    if kind == "lower":
        return "\u22121", f"Lower a {v} to {v - 1} (2 Resources)"
    if kind == "reroll":
        return "\u21bb", f"Roll the {v} again (a re-roll for Ruins you hold)"
    return "\u21926", f"Battle Exoskeleton: turn a {v} into a 6"


def market_panel(obs: dict, legal: Sequence[Any]) -> list[Any]:
    """The three face-up Technology cards with cost and effect; a buy button when legal."""
    buyable = {str(a) for a in legal}
    items = []
    for card in obs["market"]:
        c = CARDS_OF[obs["edition"]][card]
        cost = f"{c.resources} R" + (f" + {c.somnium} S" if c.somnium else "")
        action = f"buy {card}"
        if action in buyable:
            button = dom.el("button", f"Buy ({cost})", attrs={
                "type": "button", "data-action": action, "data-legal": "1",
                "aria-label": f"Buy {c.name} for {cost}"})
        else:
            button = dom.el("button", f"Costs {cost}", cls="quiet", attrs={
                "type": "button", "data-card": card,
                "aria-label": f"{c.name} costs {cost}: why can I not buy it?"})
        items.append(dom.el("li", cls="market-card", attrs={"data-market": card}, children=[
            dom.el("b", c.name),
            dom.el("span", f" ({c.kind}) "),
            dom.el("p", c.effect, cls="effect"),
            button,
        ]))
    if not items:
        items.append(dom.el("li", "No cards left."))
    return items


def log_items(entries: list[dict], last_round: int | None) -> list[Any]:
    """List items for log ``entries``, with a heading whenever the round changes."""
    items = []
    for entry in entries:
        if entry["round"] != last_round:
            last_round = entry["round"]
            items.append(dom.el("li", f"Round {last_round}", cls="round"))
        items.append(dom.el("li", entry["text"]))
    return items


def ranking_words(obs: dict, seat: int) -> str:
    """What placed ``seat``: the victory met (and, after the last round, what its progress
    counts), else its progress (the engine's figure, ``scores``) and what it counts, in words."""
    relics = len(obs["relics"][seat])
    spent = sum(CARDS_OF[obs["edition"]][c].resources for c in obs["cards"][seat])
    held = sum(1 for p in obs["where"][seat].values() if p in obs["layout"])
    parts = [f"{relics} relic{'' if relics == 1 else 's'}", f"{obs['somnium'][seat]} Somnium",
             f"cards costing {spent} Resources",
             f"{held} territor{'y' if held == 1 else 'ies'}"]
    counted = ", ".join(parts[:-1]) + " and " + parts[-1]
    if seat == obs["winner"]:
        how = f"won with {WIN_NAMES[obs['win_reason']]}"
        return how + (f" ({counted})" if obs["win_reason"] == "rounds" else "")
    return f"{obs['scores'][seat]} progress points from {counted}"


def end_parts(obs: dict) -> dict[str, Any]:
    """The end screen: who won and by which victory, the ranking by progress, the race."""
    winner = obs["winner"]
    how = WIN_NAMES[obs["win_reason"]]
    ranking = []
    for seat in obs["ranking"]:
        ranking.append(dom.el("li", attrs={"data-seat": seat}, children=[
            seat_mark(seat, 16),
            dom.el("span", f" {obs['names'][seat]}: " + ranking_words(obs, seat)),
        ]))
    note = ("The winner is whoever met a victory first. The others are ranked by progress: 3 "
            "per relic, 1 per crystal, 1 per 3 Resources of cards, 1 per territory "
            f"({obs['tie_rule']}).")
    head = dom.el("tr", children=[dom.el("th", h, attrs={"scope": "col"}) for h in
                                  ("Player", "Relics", "Somnium", "Cards", "Territories")])
    rows = [head]
    for seat in range(obs["players"]):
        held = sum(1 for p in obs["where"][seat].values() if p in obs["layout"])
        cells = [obs["names"][seat], len(obs["relics"][seat]), obs["somnium"][seat],
                 ", ".join(CARDS[c].name for c in obs["cards"][seat]) or "none", held]
        rows.append(dom.el("tr", children=[dom.el("td", str(v)) for v in cells]))
    return {
        "end-title": f"{obs['names'][winner]} wins with {how}",
        "ranking": ranking,
        "tie-break": note,
        "breakdown-title": "What each player had at the end",
        "breakdown": [dom.el("table", children=[dom.el("tbody", children=rows)])],
        "chart-title": "The race to the three victories",
        "chart": victory_table(obs),
    }


RULES = (
    ("Phase I", "Jungles you hold and the Production Tanks give Resources. Take back "
     "protecting dice you want to roll, swap a Zeppelin on the board for another token, then "
     "roll: 3 dice, one more per Village you hold, less the protecting dice left on the board."),
    ("Phase II", "Take tiles with dice: a number tile needs dice adding up to it exactly "
     "(7 to 12 need two dice or more), a double two dice showing that pair, a straight three "
     "dice showing those faces. A token in your reserve goes next to your territories; a token "
     "on the board may fly anywhere. Only Zeppelins go to mountains or challenge Zeppelins."),
    ("Protection", "Put one unused die on a territory of yours: an attacker needs one more die "
     "higher than it. A Base Camp protects itself with a 2. Taking a Base Camp plunders it (a "
     "crystal, a relic or an invention) instead of moving in. A Base Camp sent back to the "
     "reserve is placed again first thing in Phase II, with the dice, changes or cards that can; "
     "when nothing can, the turn stops."),
    ("Resources", "Pay 2 Resources to turn a die up or down by one; 3 to bring a token back "
     "from the Graveyard. Buy one Technology card a turn; sacrifice a crystal for one more die."),
    ("Phase III", "Drillings harvest: a crystal per two extraction points (a Vein counts two). "
     "Keep at most 3 Resources. The market is refilled to three cards."),
    ("Victory", "At once: all four relics (Explorers take them on the Ruins), a cargo of "
     "Somnium (11 / 9 / 7 crystals at 2 / 3 / 4 players), or the Leviathan: cards costing 21 R "
     "+ 2 S / 18 + 2 / 15 + 1."),
    ("Undo", "You may take back your actions since your last roll: a roll is never undone."),
)


def rules_parts() -> list[Any]:
    """The rules panel: a turn in our own words, and the twelve cards."""
    dl = dom.el("dl")
    for name, text in RULES:
        dl.appendChild(dom.el("dt", name))
        dl.appendChild(dom.el("dd", text))
    cards = dom.el("ul", children=[dom.el("li", card_line(c)) for c in CARDS])
    return [dom.el("h3", "Wiraqocha, a turn"), dl, dom.el("h3", "Technology cards"), cards]
