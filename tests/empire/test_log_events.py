"""The figures the page shows come from the engine: log events of the automatic phases, previews
that name income, card modifiers and follow-up cards, and the reason undo is refused."""

from __future__ import annotations

import random

from inca_core.empire import components as C
from inca_core.empire.game import new_game


def _random_game(seed: int, actions: int = 400):
    game = new_game(4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.actions) < actions:
        game.play(rng.choice(game.legal_actions()))
    return game


def test_every_entry_carries_its_action_count_and_events_their_figures():
    game = _random_game(3)
    counts = [e["n"] for e in game.log]
    assert counts == sorted(counts) and counts[-1] == len(game.actions)
    kinds = set()
    for entry in game.log:
        event = entry.get("event")
        if event is None:
            continue
        kinds.add(event["kind"])
        if event["kind"] == "income":
            assert event["total"] == event["era"] + event["markers"] + event["terraces"]
            assert f"receives {event['total']} labor" in entry["text"]
        elif event["kind"] == "scoring":
            parts = event["terrace"] + event["garrison"] + event["city"] + event["temple"]
            assert event["total"] == parts
        elif event["kind"] == "unrest":
            assert f"destroys {C.count(len(event['roads']), 'road')}" in entry["text"]
        elif event["kind"] == "card":
            assert C.CARD_KINDS[C.CARD_INDEX[event["card"]]].name in entry["text"]
    assert {"income", "card", "scoring", "marker", "round"} <= kinds


def test_previews_name_income_modifiers_and_follow_up_cards():
    seen = set()
    for seed in range(6):
        game = new_game(4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.actions) < 300:
            for action in game.legal_actions():
                preview = game.preview(action)
                assert "q0" not in preview["text"] and "q1" not in preview["text"]
                if action.kind == "conquer":
                    marker = C.MARKER_TYPES[game.marker[game.t.region_index[action.target]]]
                    assert preview["income"] == marker.labor
                    seen.add("income")
                if action.kind == "terrace":
                    assert (preview["income"], preview["round_vp"]) == (1, 1)
                for note in preview.get("notes", ()):
                    card = note.partition(":")[0]
                    assert card in {k.name for k in C.CARD_KINDS}
                    seen.add("notes")
                if preview.get("card"):
                    name = C.CARD_KINDS[C.CARD_INDEX[preview["card"]]].name
                    assert preview["text"].startswith(name + ":")
                    seen.add("follow-up")
            game.play(rng.choice(game.legal_actions()))
    assert seen == {"income", "notes", "follow-up"}


def test_undo_refusal_names_the_reveal():
    for seed in range(10):
        game = new_game(4, seed=seed)
        assert game.undo_refusal() == "Nothing has been played yet."
        rng = random.Random(seed)
        while not game.is_over and len(game.actions) < 200:
            game.play(rng.choice(game.legal_actions()))
            reason = game.undo_refusal()
            assert (reason == "") == (game.undoable() > 0)
            if "revealed the marker" in reason:
                return
    raise AssertionError("no reveal refused an undo")
