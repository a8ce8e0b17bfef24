"""The state as a JSON-ready dict, each player's observation of it, and the hidden part dealt.

``state_dict`` is the full state (what ``Game.fingerprint`` hashes) and ``restore`` its inverse;
``observation`` removes what a seat may not know; ``deal`` fills what an observation hides at
random, giving a full state dict consistent with it (``inca_core.empire.game.determinize`` builds
the game). Keys are documented in ``docs/empire/observation.md``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from inca_core.empire import components as C
from inca_core.empire import movegen
from inca_core.empire.board import Board, board_for
from inca_core.empire.codes import CITY, EMPIRE, GARRISON, PART_NAMES, SOURCES, UNCONQUERED
from inca_core.empire.tables import tables_for

if TYPE_CHECKING:
    from inca_core.empire.game import Game

#: Version of the state / observation layout.
STATE_VERSION = 1


def state_dict(game: Game) -> dict[str, Any]:
    """The full state of ``game`` (hidden information included)."""
    t = game.t
    n = game.n
    rnd = game.track[game.round_i]
    regions = {}
    for r, rid in enumerate(t.region_ids):
        owner = game.owner[r]
        regions[rid] = {
            "marker": C.MARKER_CODES[game.marker[r]] if game.marker[r] >= 0 else None,
            "revealed": game.revealed[r] or game.marker[r] < 0,
            "conquered": owner != UNCONQUERED,
            "owner": owner if owner >= 0 else None,
            "terrace": game.terrace[r],
        }
    sites = {}
    for s, sid in enumerate(t.site_ids):
        if game.improv[s] or game.temple[s]:
            sites[sid] = {
                "improvement": "city" if game.improv[s] == CITY else
                ("garrison" if game.improv[s] == GARRISON else None),
                "temple": game.temple[s],
            }
    in_turn = game.phase == C.PEOPLE and not game.over
    state: dict[str, Any] = {
        "version": STATE_VERSION,
        "viewer": None,
        "players": n,
        "variants": sorted(game.variants),
        "names": list(game.names),
        "seats": [
            {
                "seat": seat,
                "name": game.names[seat],
                "colour": game.colour[seat],
                "suyu": t.suyus[game.pos[seat]],
                "quadrants": [f"q{q}" for q in game.seat_quadrants[seat]],
            }
            for seat in range(n)
        ],
        "era_track": [
            {"round": r.number, "era": r.era, "phases": list(r.phases),
             "labor_box": r.labor_box}
            for r in game.track
        ],
        "round_index": game.round_i,
        "phase_index": game.phase_i,
        "round": rnd.number,
        "era": rnd.era,
        "phase": game.phase,
        "over": game.over,
        "current_player": game.current_player,
        "turn_order": list(game.order),
        "turn_position": game.turn_pos,
        "scores": list(game.score),
        "track_stamps": list(game.stamp),
        "clock": game.clock,
        "ranking": list(game.ranking),
        "labor": list(game.labor),
        "income_forecast": (list(f) if (f := game.income_forecast()) is not None else None),
        "hands": [[C.CARD_IDS[c] for c in hand] for hand in game.hands],
        "hand_sizes": [len(hand) for hand in game.hands],
        "deck": [C.CARD_IDS[c] for c in game.deck],
        "deck_size": len(game.deck),
        "discard": [C.CARD_IDS[c] for c in game.discard],
        "quadrants": [
            {
                "id": f"q{q}",
                "seats": list(game.quadrant_seats[q]),
                "placed_this_phase": game.placed[q] and game.phase == C.SUN,
                "cards": [
                    {"card": C.CARD_IDS[card], "owner": owner, "face_up": up}
                    for card, owner, up in game.qcards[q]
                ],
            }
            for q in range(n)
        ],
        "effects": [game.effects(seat) for seat in range(n)],
        "regions": regions,
        "set_aside": [C.MARKER_CODES[m] for m in game.set_aside],
        "set_aside_count": len(game.set_aside),
        "roads": {t.link_ids[i]: own[0] for i, own in enumerate(game.road) if len(own) == 1},
        "sites": sites,
        "networks": [[t.site_ids[s] for s in game.net[seat]] for seat in range(n)],
        "invasion": {
            "markers": ["pizarro" if m else "calm" for m in game.invasion],
            "turned": game.invasion_turned,
        },
        "turn": {
            "seat": game.current_player,
            "roads": PART_NAMES[game.rs],
            "build": PART_NAMES[game.bs],
            "free_roads_left": game.free_left,
            "wilderness_left": game.wild_left,
            "roads_built": game.roads_built,
            "pilgrimage_done": game.pilgrim,
            "temple_built": game.temple_built,
            "second_garrisons": game.bp_left,
            "second_terraces": game.es_left,
            "free_additional_roads": game.wpo_left,
            "extra_conquests": game.re_left,
            "effects": {C.CARD_IDS[k]: c for k, c in enumerate(game.eff) if c},
        } if in_turn else None,
        "breakdown": [dict(b) for b in game.breakdown],
        "vp_history": [dict(h, scores=list(h["scores"])) for h in game.vp_history],
        "log": [dict(e) for e in game.log],
    }
    if game.edition >= 3:
        # Keys added by rules edition 3 (the dict form of an edition 1 or 2 game is unchanged).
        state["edition"] = game.edition
        state["shared_roads"] = {t.link_ids[i]: list(own) for i, own in enumerate(game.road)
                                 if len(own) > 1}
        if in_turn:
            state["turn"]["extra_conquests_first"] = game.re_first
    return state


def road_owners(d: dict[str, Any]) -> dict[str, list[int]]:
    """Every link with roads in a state dict or observation ``d`` and their owners in the order
    they were built (``roads`` and, from rules edition 3, ``shared_roads`` together)."""
    owners = {lid: [seat] for lid, seat in d["roads"].items()}
    owners.update((lid, list(seats)) for lid, seats in d.get("shared_roads", {}).items())
    return owners


def observation(game: Game, seat: int | None) -> dict[str, Any]:
    """``state_dict`` with everything hidden from ``seat`` removed (``None``: a spectator, who
    sees what every player sees)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.n):
        raise ValueError(f"no seat {seat!r} in a {game.n}-player game")
    obs = state_dict(game)
    obs["viewer"] = seat
    obs["edition"] = game.edition
    obs["hands"] = [hand if i == seat else None for i, hand in enumerate(obs["hands"])]
    obs["deck"] = None
    obs["set_aside"] = None
    for quadrant in obs["quadrants"]:
        for card in quadrant["cards"]:
            if not card["face_up"] and card["owner"] != seat:
                card["card"] = None
    for region in obs["regions"].values():
        if not region["revealed"]:
            region["marker"] = None
    inv = obs["invasion"]
    inv["markers"] = [m if i < inv["turned"] else None for i, m in enumerate(inv["markers"])]
    return obs


def sun_view(game: Game, seat: int) -> dict[str, Any]:
    """The part of ``observation(game, seat)`` that valuing Sun Event cards reads (the viewer,
    players, ranking, era track and position on it, quadrants' seats, regions' markers and
    owners, sites, roads and road systems), built without the rest: hard's rollouts value Sun
    placements thousands of times a move."""
    t = game.t
    marker = game.marker
    revealed = game.revealed
    regions = {}
    for r, rid in enumerate(t.region_ids):
        owner = game.owner[r]
        m = marker[r]
        regions[rid] = {
            "marker": C.MARKER_CODES[m] if m >= 0 and revealed[r] else None,
            "conquered": owner != UNCONQUERED,
            "owner": owner if owner >= 0 else None,
        }
    improv = game.improv
    temple = game.temple
    view: dict[str, Any] = {
        "viewer": seat,
        "players": game.n,
        "ranking": list(game.ranking),
        "era_track": [{"phases": list(r.phases)} for r in game.track],
        "round_index": game.round_i,
        "phase_index": game.phase_i,
        "quadrants": [{"id": f"q{q}", "seats": list(game.quadrant_seats[q])}
                      for q in range(game.n)],
        "regions": regions,
        "sites": {sid: {"improvement": "city" if improv[s] == CITY else
                        ("garrison" if improv[s] == GARRISON else None),
                        "temple": temple[s]}
                  for s, sid in enumerate(t.site_ids) if improv[s] or temple[s]},
        "roads": {t.link_ids[i]: own[0] for i, own in enumerate(game.road) if len(own) == 1},
        "networks": [[t.site_ids[s] for s in game.net[k]] for k in range(game.n)],
    }
    if game.edition >= 3:
        view["shared_roads"] = {t.link_ids[i]: list(own) for i, own in enumerate(game.road)
                                if len(own) > 1}
    return view


def deal(obs: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A full state dict consistent with ``obs``: unseen cards, markers and invasion markers
    dealt at random with ``rng``."""
    full = {**obs}
    n = obs["players"]
    variants = frozenset(obs["variants"])
    seat = obs["viewer"]
    # Sun Event cards.
    pool = C.deck_counts(n, variants)
    known: list[str] = list(obs["discard"])
    if seat is not None:
        known.extend(obs["hands"][seat])
    for quadrant in obs["quadrants"]:
        known.extend(c["card"] for c in quadrant["cards"] if c["card"] is not None)
    for card in known:
        pool[C.CARD_INDEX[card]] -= 1
    unseen = [C.CARD_IDS[k] for k, count in enumerate(pool) for _ in range(count)]
    if min(pool) < 0:
        raise ValueError("the observation shows more cards than the game has")
    rng.shuffle(unseen)
    full["hands"] = [
        list(hand) if hand is not None else sorted(unseen.pop() for _ in range(size))
        for hand, size in zip(obs["hands"], obs["hand_sizes"], strict=True)
    ]
    full["hands"] = [sorted(h, key=C.CARD_INDEX.__getitem__) for h in full["hands"]]
    quadrants = []
    for quadrant in obs["quadrants"]:
        cards = [dict(c, card=c["card"] if c["card"] is not None else unseen.pop())
                 for c in quadrant["cards"]]
        quadrants.append(dict(quadrant, cards=cards))
    full["quadrants"] = quadrants
    if len(unseen) != obs["deck_size"]:
        raise ValueError("the observation's card counts do not add up")
    full["deck"] = unseen
    # Local Culture markers.
    markers = C.marker_counts(n)
    for region in obs["regions"].values():
        if region["marker"] is not None:
            markers[C.MARKER_CODES.index(region["marker"])] -= 1
    hidden = [m for k, count in enumerate(markers) for m in [C.MARKER_CODES[k]] * count]
    rng.shuffle(hidden)
    regions = {}
    for rid, region in obs["regions"].items():
        if region["marker"] is None and not region["revealed"]:
            region = dict(region, marker=hidden.pop())
        regions[rid] = region
    full["regions"] = regions
    full["set_aside"] = sorted(hidden)
    # Invasion markers.
    inv = obs["invasion"]
    turned = inv["turned"]
    rest = list(C.INVASION_MARKERS) if inv["markers"] else []
    for m in inv["markers"][:turned]:
        rest.remove(m == "pizarro")
    rng.shuffle(rest)
    full["invasion"] = {"markers": list(inv["markers"][:turned]) +
                        ["pizarro" if m else "calm" for m in rest], "turned": turned}
    full["viewer"] = None
    return full


def restore(g: Game, d: dict[str, Any], seed: int, board: Board | None = None) -> None:
    """Fill the blank game ``g`` with the full ``state_dict`` ``d``; its generator is seeded with
    ``seed``. The game has no recorded actions (it cannot be saved as a replay)."""
    n = d["players"]
    board = board or board_for(n)
    t = tables_for(board)
    g.t = t
    g.n = n
    g.board = board
    g.variants = frozenset(d["variants"])
    g.seed = None
    g.edition = d.get("edition", 1)
    g.rng = random.Random(seed)
    g.rng_shared = False
    g.track = C.era_track(g.variants)
    suyu_pos = {s: i for i, s in enumerate(t.suyus)}
    g.set_seats(tuple(suyu_pos[s["suyu"]] for s in d["seats"]), tuple(d["names"]))
    g.round_i = d["round_index"]
    g.phase_i = d["phase_index"]
    g.over = d["over"]
    g.order = list(d["turn_order"])
    g.turn_pos = d["turn_position"]
    g.score = list(d["scores"])
    g.stamp = list(d["track_stamps"])
    g.clock = d["clock"]
    g.labor = list(d["labor"])
    g.hands = [sorted(C.CARD_INDEX[c] for c in hand) for hand in d["hands"]]
    g.deck = [C.CARD_INDEX[c] for c in d["deck"]]
    g.discard = [C.CARD_INDEX[c] for c in d["discard"]]
    g.qcards = [[(C.CARD_INDEX[c["card"]], c["owner"], c["face_up"]) for c in q["cards"]]
                for q in d["quadrants"]]
    g.placed = [q["placed_this_phase"] for q in d["quadrants"]]
    nr = len(t.region_ids)
    g.marker = [-1] * nr
    g.revealed = [False] * nr
    g.owner = [UNCONQUERED] * nr
    g.terrace = [False] * nr
    g.marker_income = [0] * n
    g.terraces = [0] * n
    g.low_markers = [0] * n
    for r, rid in enumerate(t.region_ids):
        region = d["regions"][rid]
        code = region["marker"]
        g.marker[r] = C.MARKER_CODES.index(code) if code is not None else -1
        g.revealed[r] = bool(region["revealed"]) and code is not None
        owner = region["owner"]
        g.owner[r] = owner if owner is not None else (EMPIRE if region["conquered"]
                                                      else UNCONQUERED)
        g.terrace[r] = region["terrace"]
        if owner is not None:
            m = C.MARKER_TYPES[g.marker[r]]
            g.marker_income[owner] += m.labor
            g.low_markers[owner] += m.resistance <= C.POPULAR_SUPPORT_MAX_RESISTANCE
            g.terraces[owner] += region["terrace"]
    g.set_aside = sorted(C.MARKER_CODES.index(m) for m in d["set_aside"])
    g.road = [()] * len(t.link_ids)
    g.buildable = bytearray(len(t.link_ids))
    movegen.update_buildable(g, range(len(t.link_ids)))
    for lid, seats in road_owners(d).items():
        g.road[t.link_index[lid]] = tuple(seats)
    g.improv = [0] * len(t.site_ids)
    g.temple = [False] * len(t.site_ids)
    for sid, site in d["sites"].items():
        s = t.site_index[sid]
        g.improv[s] = {"city": CITY, "garrison": GARRISON, None: 0}[site["improvement"]]
        g.temple[s] = site["temple"]
    # A road system is what the player's own roads reach from Cuzco: the dict's order is kept
    # (it orders the legal actions) and a network that does not match the roads is mended.
    g.net = [[] for _ in range(n)]
    g.innet = [bytearray(len(t.site_ids)) for _ in range(n)]
    for seat, given in enumerate(d["networks"]):
        g.rebuild_net(seat)
        innet = g.innet[seat]
        kept = [t.site_index[sid] for sid in given if innet[t.site_index[sid]]]
        known = set(kept)
        g.net[seat] = kept + [s for s in g.net[seat] if s not in known]
    g.invasion = [m == "pizarro" for m in d["invasion"]["markers"]]
    g.invasion_turned = d["invasion"]["turned"]
    g.breakdown = [{k: b[k] for k in SOURCES} for b in d["breakdown"]]
    g.vp_history = [dict(h, scores=list(h["scores"])) for h in d["vp_history"]]
    g.log = [dict(e) for e in d["log"]]
    g.actions = []
    g.barrier = 0
    g.turn_id = 0
    g.sealed = False
    turn = d["turn"]
    # A key left out of ``turn`` takes its value at the start of the turn.
    g.reset_turn(g.order[g.turn_pos] if turn is not None else -1)
    if turn is not None:
        parts = {name: i for i, name in enumerate(PART_NAMES)}
        for key, attr in _TURN_KEYS:
            if key in turn:
                value = turn[key]
                setattr(g, attr, parts[value] if attr in ("rs", "bs") else value)


#: The ``turn`` keys of the dict form and the game's counters they hold.
_TURN_KEYS = (
    ("roads", "rs"), ("build", "bs"), ("free_roads_left", "free_left"),
    ("wilderness_left", "wild_left"), ("roads_built", "roads_built"),
    ("pilgrimage_done", "pilgrim"), ("temple_built", "temple_built"),
    ("second_garrisons", "bp_left"), ("second_terraces", "es_left"),
    ("free_additional_roads", "wpo_left"), ("extra_conquests", "re_left"),
    ("extra_conquests_first", "re_first"),
)
