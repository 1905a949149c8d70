"""ManagerAgent routing: K.1 as data, cues, the classifier on splits, the collision table."""

from __future__ import annotations

import json

import pytest

from quarry.apps.leasing.agents import knn_vote
from quarry.apps.leasing.evaluate import EVAL_DIR
from quarry.apps.leasing.routing import KEYWORDS_FILE, keyword_table, load_examples, route_message, rule_scores
from quarry.db import get_database
from quarry.embed import get_embedder
from quarry.settings import get_settings

ROUTING = [json.loads(line) for line in (EVAL_DIR / "routing.jsonl").read_text().splitlines() if line.strip()]
COLLISIONS = ("term", "offer", "increase", "see", "water", "issue", "ac")


def test_the_keyword_table_is_the_seeds_k1_as_data() -> None:
    raw = json.loads(KEYWORDS_FILE.read_text())
    assert raw["DOMA"]["triage"] == [
        "leak",
        "broken",
        "repair",
        "hvac",
        "ac",
        "heater",
        "issue",
        "maintenance",
        "gas",
        "smoke",
        "water",
    ]
    assert set(keyword_table()) == {"VIA/needs", "VIA/tour", "DOMA/lease", "DOMA/triage", "DOMA/renewal"}


def test_every_collision_word_appears_under_at_least_two_routes_in_the_table() -> None:
    for word in COLLISIONS:
        routes = {c["route"] for c in ROUTING if word in c["text"].lower().replace("?", " ").split()}
        assert len(routes) >= 2, (word, routes)


@pytest.mark.parametrize("case", ROUTING, ids=[f"{c['id']}-{c['text'][:40]}" for c in ROUTING])
def test_adversarial_routing_table(case: dict[str, str]) -> None:
    decision = route_message(case["text"])
    assert decision.route == case["route"], decision.why
    assert decision.why


def test_keywords_alone_would_misroute_the_collisions() -> None:
    # Counting K.1 words only sends "who pays the water bill under my lease" to triage or a tie:
    # the cues are what get it right, so this table really tests something beyond K.1.
    wrong = 0
    for c in ROUTING:
        words = c["text"].lower().split()
        hits = {r: sum(1 for kw in kws for w in words if w.strip("?,.") == kw) for r, kws in keyword_table().items()}
        best = max(hits, key=lambda r: hits[r])
        wrong += best != c["route"] or list(hits.values()).count(hits[best]) > 1
    assert wrong >= 8


def test_a_split_goes_to_the_classifier_and_the_trace_says_so() -> None:
    db = get_database(get_settings())
    from quarry.db import migrate

    migrate(db, [])
    vote = knn_vote(db, get_embedder(get_settings()))
    # No keyword, no cue: only the labelled examples can decide.
    d = route_message("the loo upstairs is a mess again", vote=vote)
    assert d.decided_by == "classifier" and d.route == "DOMA/triage", d.why
    stay = route_message("we would like to stay put for another few years", vote=vote)
    assert stay.route == "DOMA/renewal" and stay.decided_by == "classifier", stay.why
    # The rules alone fall back to a search, with the reason in words.
    alone = route_message("the loo upstairs is a mess again")
    assert alone.route == "VIA/needs" and alone.decided_by == "default"


def test_session_waiting_for_an_answer_keeps_a_cueless_reply_on_needs() -> None:
    assert route_message("Chelsea please", awaiting="VIA/needs").route == "VIA/needs"
    assert route_message("Chelsea please", awaiting="VIA/needs").decided_by == "session"
    # ...but a clear emergency still wins.
    assert route_message("I smell gas in the kitchen, smoke everywhere", awaiting="VIA/needs").route == "DOMA/triage"


def test_rules_route_the_labelled_examples() -> None:
    wrong = [e.text for e in load_examples() if route_message(e.text).route != e.route]
    assert len(wrong) <= 3, wrong


def test_scores_carry_evidence() -> None:
    scores, why = rule_scores("water leaking from the ceiling")
    assert scores["DOMA/triage"] > scores["VIA/needs"] and any("leaking" in w for w in why["DOMA/triage"])


def test_held_out_routing_set_is_fresh_and_routed_mostly_right() -> None:
    """26 messages written after the rules and never tuned against (measured 25/26; the miss is
    "our term expires next June and we want to discuss extending" → lease instead of renewal)."""
    held = [json.loads(x) for x in (EVAL_DIR / "routing_heldout.jsonl").read_text().splitlines() if x.strip()]
    tuned = {c["text"].lower() for c in ROUTING} | {e.text.lower() for e in load_examples()}
    assert len(held) >= 20 and not {c["text"].lower() for c in held} & tuned
    assert {c["route"] for c in held} == {"VIA/needs", "VIA/tour", "DOMA/lease", "DOMA/triage", "DOMA/renewal"}
    db = get_database(get_settings())
    vote = knn_vote(db, get_embedder(get_settings()))
    right = sum(route_message(c["text"], vote=vote).route == c["route"] for c in held)
    assert right / len(held) >= 0.9


@pytest.mark.parametrize(
    "text",
    [
        "the freight elevator makes a grinding noise every morning",
        "is it going to snow on friday",
        "our alarm code stopped being accepted on saturday",
    ],
)
def test_a_day_or_time_alone_is_no_tour(text: str) -> None:
    scores, why = rule_scores(text)
    assert scores["VIA/tour"] == 0.0 and why["VIA/tour"] == []


@pytest.mark.parametrize("text", ["can we see the second one thursday at 2pm", "book #1 for monday morning"])
def test_a_day_with_something_to_visit_is_a_tour(text: str) -> None:
    assert route_message(text).route == "VIA/tour"


def test_a_time_alone_moves_a_tour_already_in_play() -> None:
    assert route_message("actually make it 4pm instead", touring=True).route == "VIA/tour"
    assert rule_scores("actually make it 4pm instead")[0]["VIA/tour"] == 0.0
