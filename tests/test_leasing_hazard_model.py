"""The learnt life-safety model (`hazard_model`): it reads what no rule or prototype names, only
ever adds a hazard, reads only the embedding model it was trained on, and leaves a hazard round
it never learnt from to measure it."""

from __future__ import annotations

import asyncio
import json
import re

import numpy as np
import pytest

from quarry.apps.leasing.hazard_model import hazard_model, learned_hazard_probability
from quarry.apps.leasing.hazards import find_hazards, lexicon
from quarry.apps.leasing.orchestrator import run
from quarry.db import Database
from quarry.embed import LocalE5
from quarry.evaluate.blind import evals_dir

# Written for this test (in no blind set and no prototype): a hazard told without a word the rules
# or the spelling fixes know, and not close enough to any prototype.
LEARNED_ONLY = [
    "our little CO beeper keeps going even with new batteries and two of us feel sick and sleepy",
    "the huge menu sign above the cashier is dangling from one chain and swinging over the line of customers",
]


@pytest.mark.parametrize("text", LEARNED_ONLY, ids=[t[:40] for t in LEARNED_ONLY])
def test_the_learnt_model_finds_a_hazard_the_other_detectors_miss(text: str) -> None:
    found = find_hazards(text)
    assert [h.detector for h in found] == ["learned"]
    assert found[0].name in lexicon().safety and found[0].instructions
    assert re.search(r"p (0\.8[5-9]|0\.9\d|1\.00)", found[0].evidence)


def test_a_rule_hit_is_never_handed_to_the_model() -> None:
    found = find_hazards("there's smoke coming out of the panel, probably nothing")
    assert found and {h.detector for h in found} == {"rules"}


def test_the_learnt_model_reads_only_the_embedding_model_it_was_trained_on() -> None:
    model = hazard_model()
    assert model.embedding_model == LocalE5().model
    vector = np.zeros(model.weights.shape, dtype=np.float32)
    assert learned_hazard_probability(vector, "text-embedding-3-small") is None
    assert learned_hazard_probability(vector[:10], model.embedding_model) is None
    assert 0.0 <= (learned_hazard_probability(vector, model.embedding_model) or -1.0) <= 1.0


def test_the_newest_hazard_round_was_never_learnt_from() -> None:
    """Rounds the model learnt from cannot measure it; the newest blind round must stay outside."""
    trained = set(hazard_model().trained_on)
    rounds = sorted(
        (int(m.group(1)), p.stem)
        for p in (evals_dir() / "blind" / "leasing").glob("hazards_round*.jsonl")
        if (m := re.fullmatch(r"hazards_round(\d+)", p.stem))
    )
    assert trained and trained <= {stem for _, stem in rounds}
    assert rounds[-1][1] not in trained
    folder = evals_dir() / "blind" / "leasing"
    sizes = {stem: len((folder / f"{stem}.jsonl").read_text("utf-8").splitlines()) for stem in trained}
    assert all(n >= 100 for n in sizes.values()), sizes
    assert json.loads(json.dumps(hazard_model().threshold)) == pytest.approx(0.85)


def test_the_trace_names_the_learnt_model_when_it_made_the_ticket_p0(leasing_db: Database) -> None:
    r = asyncio.run(run(LEARNED_ONLY[0], tenant_id="T-001"))
    assert r.route == "DOMA/triage" and r.triage is not None and r.triage.priority == "P0"
    assert r.triage.human_call and r.triage.safety_instructions
    triage = next(t for t in r.trace if t.step == "triage")
    assert triage.codes == ["life_safety_learned"]
