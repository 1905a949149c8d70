"""Life safety as an invariant: every hazard is P0 whatever the hedging, the route or the model; a
proposed ticket is dispatched on "confirm" and stored. Beside the rules, two fail-safe detectors
(hazard words typed by ear; similarity to prototype tickets) may only add a hazard, and the trace
says which detector made a ticket P0."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from rapidfuzz import fuzz

from quarry.apps.leasing.hazards import find_hazards, lexicon
from quarry.apps.leasing.models import LeasingResponse
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.replies import is_confirmation
from quarry.apps.leasing.triage import CONFIRM_ASK
from quarry.apps.leasing.when import NY
from quarry.db import Database
from quarry.nlu.lexicon import load_lexicon
from quarry.nlu.text import fold

BLIND = Path(__file__).resolve().parents[1] / "evals" / "blind" / "leasing"
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=NY)


def _floored() -> dict[Path, dict[str, float]]:
    """Every hazard set with a floor in evals/blind/floors.json (sets already used, never a fresh
    one), with its floors."""
    floors = json.loads((BLIND.parent / "floors.json").read_text())["leasing"]
    return {BLIND / f"{name}.jsonl": floor for name, floor in floors.items() if isinstance(floor, dict)}


def _gated() -> list[Path]:
    """The hazard sets CI holds at every hazard P0; a newer set is measured in `quarry leasing eval`
    and joins once its figure reaches that."""
    return [path for path, floor in _floored().items() if floor.get("hazard") == 1.0]


def _tickets() -> list[dict[str, Any]]:
    return [json.loads(line) for path in _gated() for line in path.open()]


HAZARDS = [t["text"] for t in _tickets() if t["hazard"]]
ORDINARY = [t["text"] for t in _tickets() if not t["hazard"]]
# What people add around a real hazard: hedges, calm words, safety equipment nearby.
AROUND = [
    "probably nothing but {}",
    "{} - only a little, slight really, not urgent",
    "{}. the fire extinguisher is right here and the smoke detector is beeping",
    "sorry to bother, {} lol",
    "{}, near the fire escape. no rush",
]


def ask(text: str, **kw: Any) -> LeasingResponse:
    return asyncio.run(run(text, clock=lambda: NOW, **kw))


def test_the_blind_hazard_sets_are_large_enough() -> None:
    assert len(HAZARDS) >= 60 and len(ORDINARY) >= 60


@pytest.mark.parametrize("frame", AROUND)
def test_no_hedge_or_equipment_word_lowers_a_hazard(frame: str) -> None:
    # Each blind hazard is read inside one of the frames (a fifth of them per frame): every
    # hazard and every frame is tried, and the gated sets (~1,000 hazards) stay a CI-sized check.
    share = HAZARDS[AROUND.index(frame) :: len(AROUND)]
    missed = [h for h in share if not find_hazards(frame.format(h))]
    assert missed == []


@pytest.mark.timeout(1500)  # ~2,200 gated tickets, each read by the similarity detector when the rules find nothing
def test_every_blind_hazard_is_found_and_few_ordinary_tickets_are() -> None:
    assert [h for h in HAZARDS if not find_hazards(h)] == []
    false_alarms = [o for o in ORDINARY if find_hazards(o)]
    assert len(false_alarms) <= 0.10 * len(ORDINARY), false_alarms


@pytest.mark.parametrize(
    "text",
    ["there is no gas smell but the stove will not light", "the smoke detector keeps chirping, low battery?",
     "old water stain on the ceiling tile, dry now", "our gas bill looks too high"],
)  # fmt: skip
def test_absence_equipment_and_old_marks_are_not_hazards(text: str) -> None:
    assert find_hazards(text) == []


def test_a_hazard_inside_another_question_goes_to_triage_first(leasing_db: Database) -> None:
    r = ask("Can I sublet under my lease? also the outlet behind my desk is buzzing and hot", tenant_id="T-001")
    assert r.route == "DOMA/triage" and r.triage is not None and r.triage.priority == "P0"
    assert r.triage.human_call and r.triage.safety_instructions
    assert any(t.step == "route" and t.model == "policy" for t in r.trace)


def _triage_model(priority: str) -> FunctionModel:
    def answer(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        args = {"category": "general", "priority": priority, "trade": "general", "reason": "model"}
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, args)])

    return FunctionModel(answer, model_name="test:triage")


def test_a_model_may_raise_a_ticket_to_p0(leasing_db: Database) -> None:
    r = ask("the lobby door makes a weird noise", tenant_id="T-001", models={"triage": _triage_model("P0")})
    assert r.triage is not None and r.triage.priority == "P0" and r.triage.category == "emergency"
    assert r.triage.human_call and r.triage.safety_instructions


def test_confirm_dispatches_the_proposed_ticket_once(leasing_db: Database) -> None:
    first = ask("the AC in suite 300 is not working", tenant_id="T-002")
    assert first.triage is not None and first.triage.status == "proposed" and first.triage.ticket_id is None
    sent = ask("confirm", session_id=first.session_id, tenant_id="T-002")
    assert sent.route == "DOMA/triage" and sent.triage is not None
    assert sent.triage.status == "dispatched" and sent.triage.ticket_id is not None
    assert (sent.triage.vendor, sent.triage.priority) == (first.triage.vendor, first.triage.priority)
    # The proposal asks for the confirm; once sent, the message no longer does (and names the ticket).
    assert first.triage.confirm_message.endswith(CONFIRM_ASK) and CONFIRM_ASK not in sent.triage.confirm_message
    row = leasing_db.fetch_one(
        "SELECT tenant_id, vendor, priority, status FROM leasing_tickets WHERE ticket_id = :i",
        {"i": sent.triage.ticket_id},
        write=True,
    )
    assert row == {"tenant_id": "T-002", "vendor": first.triage.vendor, "priority": first.triage.priority,
                   "status": "dispatched"}  # fmt: skip
    again = ask("confirm", session_id=first.session_id, tenant_id="T-002")
    assert again.triage is None or again.triage.ticket_id != sent.triage.ticket_id


@pytest.mark.parametrize(
    ("text", "yes"),
    [("confirm", True), ("yes please send it", True), ("ok go ahead", True), ("confirm the lease terms", False),
     ("yes but also the heater is broken", False), ("", False)],
)  # fmt: skip
def test_a_confirmation_is_a_short_yes(text: str, yes: bool) -> None:
    assert is_confirmation(text) is yes


# Tickets the rules cannot read, written for this test (in no blind set and no prototype): typed by
# ear, or told by the senses alone, in English and other languages.
FAIL_SAFE = [
    ("spelling", "theres a strong smel of gass by the boiler"),
    ("similarity", "the conference room air turned foggy and my throat is raw"),
    ("similarity", "a courier is lying motionless at the bottom of the loading ramp"),
    ("similarity", "the power brick under the till feels squishy and gives off a sweet chemical whiff"),
    ("similarity", "my coworker's lips look blue and she is struggling to get air"),
    ("similarity", "Trong kho có mùi như nhựa đang chảy"),
]
# Look-alikes neither detector may raise: figurative, over, a drill, a bill, equipment.
LOOK_ALIKES = [
    "that's a burning question for the board, also the blinds are broken",
    "this deal is on fire, can we sign the renewal early",
    "the drill last friday went fine, can we get the sign-in sheet",
    "our electricity statement is estimated again, who reads the meter",
    "the leak in the pantry was repaired weeks ago, can the stained tile be swapped",
    "the display bulb burned out again",
    "the hallway smells of fresh paint since monday",
    "the fire inspection last month passed, please file the certificate",
    "could the lobby door be repainted in a burnt-orange shade?",
]


@pytest.mark.parametrize(("detector", "text"), FAIL_SAFE, ids=[t[:40] for _, t in FAIL_SAFE])
def test_a_hazard_the_rules_miss_is_found_by_a_fail_safe_detector_however_it_is_told(detector: str, text: str) -> None:
    found = find_hazards(text)
    assert [h.detector for h in found] == [detector]
    assert found[0].name in lexicon().safety and found[0].instructions
    missed = [frame for frame in AROUND if not find_hazards(frame.format(text))]
    assert missed == []


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=[t[:40] for t in LOOK_ALIKES])
def test_figurative_past_planned_and_billing_look_alikes_are_not_hazards(text: str) -> None:
    assert find_hazards(text) == []


HYPHENATED = ["a burnt-rubber smell by the breaker box", "the outlet by my desk is smoke-blackened"]


@pytest.mark.parametrize("text", HYPHENATED)
def test_a_hazard_word_inside_a_hyphenated_compound_is_read(text: str) -> None:
    assert [h.detector for h in find_hazards(text)][:1] == ["rules"]


def test_words_that_an_event_is_over_never_lower_a_rule_hit() -> None:
    found = find_hazards("the fire drill was last week, all fine, but right now there is smoke in stairwell B")
    assert [(h.name, h.detector) for h in found] == [("smoke", "rules")]


@pytest.mark.parametrize(("detector", "text"), FAIL_SAFE[:2], ids=["spelling", "similarity"])
def test_the_trace_names_the_detector_that_made_the_ticket_p0(leasing_db: Database, detector: str, text: str) -> None:
    r = ask(text, tenant_id="T-001")
    assert r.route == "DOMA/triage" and r.triage is not None and r.triage.priority == "P0"
    assert r.triage.human_call and r.triage.safety_instructions
    triage = next(t for t in r.trace if t.step == "triage")
    assert triage.model == "policy" and triage.codes == [f"life_safety_{detector}"]


def test_every_prototype_names_a_hazard_with_safety_steps_and_every_language_is_on_both_sides() -> None:
    raw = load_lexicon("quarry.apps.leasing", "hazard_prototypes")
    assert set(raw["hazard"]) <= set(lexicon().safety)
    hazard_langs = {lang for by_lang in raw["hazard"].values() for lang in by_lang}
    ordinary_langs = {lang for by_lang in raw["ordinary"].values() for lang in by_lang}
    assert hazard_langs == ordinary_langs


def test_no_prototype_is_a_copy_of_a_blind_ticket() -> None:
    """The prototypes are written, not taken from the sets that measure them."""
    raw = load_lexicon("quarry.apps.leasing", "hazard_prototypes")
    prototypes = [
        fold(t)
        for side in ("hazard", "ordinary")
        for by_lang in raw[side].values()
        for ts in by_lang.values()
        for t in ts
    ]
    blind = [fold(json.loads(line)["text"]) for path in _floored() for line in path.open()]
    copies = [(p, b) for p in prototypes for b in blind if fuzz.ratio(p, b) >= 80]
    assert copies == []


@pytest.mark.parametrize(
    ("text", "hazard"),
    [
        # The car in one sentence, the person stuck in it in the next.
        ("our courier took the lift up 20 min ago. she's stuck near the 9th floor, doors shut", "trapped"),
        # A person inside a stopped car, in the tenant's language.
        ("El ascensor se paró con una señora dentro, está tocando el timbre", "trapped"),
        # A cry for help, wherever it comes from.
        ("hay alguien en el sótano pidiendo ayuda, no sabemos qué pasó", "person"),
        # A toilet whose water keeps coming, whatever the flush did.
        ("the toilet keeps overflowing nonstop even after we stopped flushing, it's on the carpet now", "toilet"),
        # A Latin word typed against Chinese characters is still a word.
        ("我们的kitchen的ceiling一直在漏水", "ceiling"),
        # Tagalog inflects by prefix and infix.
        ("may nasusunog na amoy sa server room, mainit ang saksakan", "burning_smell"),
        # A hedge glued to the hazard word.
        ("kind of a smoke-ish haze by the copier, prob nothing", "smoke"),
        # A structure that moved: a frame gone crooked, a crack running floor to ceiling, a load hanging by a screw.
        ("since the work upstairs the door frame by reception is crooked and the door sticks", "structure"),
        ("the heavy mirror in the fitting room is hanging by one bolt now", "structure"),
        # Sewage backing up, in Korean.
        ("주방 배수구에서 오수가 올라와요", "flooding"),
        # French: a person stuck is said with where or who.
        ("ma collègue est coincée dans le monte-charge", "person"),
        # Said without the obvious word: sparks as flickers, sewage as brown water, a sprinkler that popped.
        ("tiny orange flickers where the fridge plug meets the outlet", "electrical"),
        ("brown water coming up out of the floor drain in the kitchen", "flooding"),
        ("the sprinkler head in the stockroom popped", "pipe"),
        ("loud cracking sounds from the ceiling above the stairs", "structure"),
        ("Μυρίζει καμένο στην αποθήκη", "burning_smell"),
    ],
)
def test_trapped_cries_overflow_mixed_script_and_inflected_hazards(text: str, hazard: str) -> None:
    assert hazard in {h.name for h in find_hazards(text)}


@pytest.mark.parametrize(
    "text",
    [
        "Le rideau métallique est bloqué à mi-hauteur",  # a stuck thing, nobody in it
        "Датчик диму на кухні пищить, мабуть батарейка. Диму немає.",  # the absence said after the thing
        "주방 화재경보기가 삐삐 울려요. 연기는 없어요.",
        "Rauchmelder im Flur piept, Batterie leer, kein Rauch",  # "kein" denies what follows
    ],
)
def test_a_stuck_thing_and_an_absence_said_after_it_are_no_hazard(text: str) -> None:
    assert find_hazards(text) == []


def test_an_elevator_that_still_works_traps_nobody() -> None:
    assert find_hazards("elevator 2 squeaks between floors 8 and 9 but it still works") == []
    assert find_hazards("the service elevator died again. nobody's stuck, we just need it by friday") == []


# Written for this test, not from a blind set: each is a class of ordinary ticket that shares a word
# with a hazard (hazard round 15's false P0s, named as classes).
@pytest.mark.parametrize(
    "text",
    [
        "the delivery guys always smoke by our back door and it drifts into the stockroom",  # tobacco, any tense
        "who decides the smoking rules for the loading dock?",  # smoking modifying a rule
        "a pigeon got trapped behind the lobby glass again, can someone let it out",  # an animal trapped
        "my access card is stuck inside the turnstile slot",  # a thing stuck
        "熊猫楼的老鼠卡在粘鼠板上了，请派人处理",  # an animal, in Chinese
        "גלאי העשן במשרד מצפצף כל דקה, כנראה סוללה",  # Hebrew: the article on the equipment's noun
        "when is the backflow test coming up next? the insurer asked",  # "coming up" of a date
        "there was a beer flood at friday's party, can the carpet cleaners come",  # a drink's flood is a spill
        "strong asphalt smell through the vents, it's the road works crew repaving outside, how long will it last?",
        "в коридоре пахнет гарью, это строители сваркой работают на лестнице, нас предупредили",  # named works
    ],
)
def test_tobacco_animals_things_dates_spills_and_named_works_are_no_hazard(text: str) -> None:
    assert find_hazards(text) == []


@pytest.mark.parametrize(
    ("text", "hazard"),
    [
        ("smoke is coming out of the panel and the staff smoke outside", "smoke"),  # only the tobacco verb is set aside
        ("my coworker is trapped in the freight elevator with a dog", "person"),
        ("smoke pouring into our office, it's the construction next door", "smoke"),  # an escalation is never explained
        ("strong smoke smell coming from the restaurant next door", "smoke"),  # a place is not a harmless source
        ("gas smell in the corridor, it's the contractors working on the meter", "gas"),  # gas is never explained
        ("the water is coming up through the floor drain", "water"),
        (
            "we need someone soon, the gass smell is bad",
            "gas",
        ),  # a common word is spelled right, a hazard word is still respelled
    ],
)
def test_the_same_words_still_read_a_hazard_beside_them(text: str, hazard: str) -> None:
    assert hazard in {h.name for h in find_hazards(text)}


# Written for this test: hazard round 16's classes. Fire as praise, an event over (the person fine,
# the machine running normally; "still" that concedes), a message too short to compare.
@pytest.mark.parametrize(
    "text",
    [
        "the new reception is so fire 😍 whoever picked the tiles. also can we get two more parking passes",
        "Last Tuesday our intern got stuck in elevator B for half an hour, he's fine and it's been running"
        " normally since. Can we see the inspection report?",
        "The smoke alarm in suite 4 went off last night, the fire dept came and reset it."
        " We'd still like someone to check the detector.",
        "need more keys",
    ],
)
def test_praise_events_that_are_over_and_three_word_requests_are_no_hazard(text: str) -> None:
    assert find_hazards(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "heads up, the fire alarm has been in bypass since the contractors started and we have 50 staff on the floor",
        "facilities put bags over the smoke detectors for the painting and forgot them, we're all working in here",
        "the back emergency exit is padlocked from outside and the shop is full of customers",
    ],
)
def test_fire_protection_out_of_action_in_an_occupied_space_is_a_hazard(text: str) -> None:
    assert "impaired" in {h.name for h in find_hazards(text)}


def test_fire_said_of_a_place_or_with_a_call_for_help_is_still_a_fire() -> None:
    assert "fire" in {h.name for h in find_hazards("the storage room is fire 🔥 help")}
    assert "fire" in {h.name for h in find_hazards("there is fire in the bin lol")}
