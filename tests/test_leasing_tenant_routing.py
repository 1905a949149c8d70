"""A known tenant's message, clause by clause (issue 22, item 5): a question about the lease goes to
lease QA wherever the router sent it, a second intent is answered beside the first, and nothing that
asks about the lease opens a ticket, books a tour or prices a renewal. The sentences are new, written
for these tests in the shape of each class; none is a blind-set message."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest

from quarry.apps.leasing.models import LeasingResponse
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.tenant_asks import clauses, lease_question, settle
from quarry.apps.leasing.when import NY
from quarry.db import Database


def _ask(text: str, tenant: str | None = "T-001") -> LeasingResponse:
    return asyncio.run(run(text, tenant_id=tenant, clock=lambda: datetime(2026, 11, 23, 10, tzinfo=NY)))


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ("are we allowed to swap the carpet tiles ourselves?", "permission"),
        ("may our guests park bikes in the lobby", "permission"),
        ("the blinds in the corner office - us or the landlord?", "responsibility"),
        ("is the building supposed to shovel the loading area", "responsibility"),
        ("do we get any cooling on sundays", "entitlement"),
        ("does the overnight porter empty our recycling?", "entitlement"),
        ("weekend heat, what does that cost us", "charges"),
        ("what happens if the space burns down", "consequence"),
        ("if we renew, is the rent reset to market?", "charges"),  # asked about the renewal, not for it
        ("if we sublet the back room at a markup, who keeps the extra", "responsibility"),
    ],
)
def test_a_question_about_the_lease_is_read_by_its_frame(text: str, frame: str) -> None:
    ask = lease_question(text)
    assert ask is not None and ask.frame == frame


@pytest.mark.parametrize(
    "text",
    [
        "can someone come and look at the thermostat today",  # a request, not a permission
        "could we get the carpet in reception shampooed?",  # a service asked for
        "we'd like to renew for three more years, what can you offer?",  # the renewal itself
        "renewal??",
        "the freight elevator is stuck on 4",  # a report, no question
    ],
)
def test_requests_reports_and_the_renewal_itself_are_not_lease_questions(text: str) -> None:
    assert lease_question(text) is None


def test_clauses_know_whether_they_ask() -> None:
    parts = clauses("the sink drips. who fixes the faucet")
    assert [c.asks for c in parts] == [False, True]
    assert parts[1].text == "who fixes the faucet"


def test_settle_moves_a_lease_question_off_side_effecting_routes() -> None:
    moved = settle("do we get heat on sunday mornings?", "VIA/tour")
    assert moved is not None and moved.route == "DOMA/lease" and moved.also is None
    # A tour the tenant asks for in a clause of its own keeps the tour; the lease answer comes beside it.
    both = settle("book a viewing of U-2054 friday at 3pm. also, are we allowed to sublet?", "VIA/tour")
    assert both is not None and both.route == "VIA/tour" and both.also == "DOMA/lease"
    # A report beside the question: the question leads, a ticket is proposed for the report.
    report = settle("the radiator is leaking again - is fixing it on us or the landlord?", "DOMA/triage")
    assert report is not None and report.route == "DOMA/lease" and report.also == "DOMA/triage"
    assert report.also_text is not None and "leaking" in report.also_text
    # Asked for, the renewal stays; asked about, it is the lease's.
    assert settle("we want to renew for 5 years", "DOMA/renewal") is None
    about = settle("if we renew, how is the new rent worked out?", "DOMA/renewal")
    assert about is not None and about.route == "DOMA/lease"
    # A tenant reporting something broken with no search or viewing asked: a ticket.
    ticket = settle("card reader at our door died, we are locked out", "VIA/tour")
    assert ticket is not None and ticket.route == "DOMA/triage"


def test_a_tenants_lease_question_sent_elsewhere_is_answered_from_the_lease(leasing_db: Database) -> None:
    r = _ask("do we get heat on saturday mornings? we have staff in")
    assert r.route == "DOMA/lease" and r.lease_answer is not None and r.triage is None and r.renewal is None
    assert any("lease_question" in s.codes for s in r.trace if s.step == "route")


def test_two_intents_get_both_answers(leasing_db: Database) -> None:
    r = _ask("the kitchenette sink is clogged. who pays for plumbing repairs, us or the landlord?")
    assert r.route == "DOMA/lease" and r.lease_answer is not None and r.lease_answer.found
    assert r.triage is not None and r.triage.status != "dispatched"  # proposed, waiting for "confirm"
    assert any("two_intents" in s.codes for s in r.trace if s.step == "route")


def test_a_hazard_leads_and_the_lease_question_is_still_answered(leasing_db: Database) -> None:
    r = _ask("smoke is pouring out of the electrical closet!! and does our insurance clause cover the damage?")
    assert r.route == "DOMA/triage" and r.triage is not None and r.triage.priority == "P0"
    assert r.lease_answer is not None
    assert r.narrative.index(r.triage.confirm_message[:20]) < r.narrative.index("About your lease")


def test_a_prospect_is_not_taken_for_a_tenant(leasing_db: Database) -> None:
    r = _ask("are pets allowed? looking for 2,000 sf in Chelsea under $12k", tenant=None)
    assert r.route == "VIA/needs" and r.lease_answer is None


def test_a_message_nothing_here_answers_is_asked_back_not_guessed(leasing_db: Database) -> None:
    r = _ask("can you recommend a good dentist for my kid?", tenant=None)
    assert r.question and r.asks_for == ["search"] and r.route == "VIA/needs"  # not the vote's guess
    assert r.spec is None and r.triage is None and r.renewal is None and r.holds is None and r.matches is None
    assert any("out_of_scope" in s.codes for s in r.trace)
    # A search with any cue is still a search; a cue-less follow-up in its conversation is not asked back.
    search = _ask("need ~1,200 sf in Chelsea under $9k", tenant=None)
    assert search.spec is not None
    follow = asyncio.run(run("hmm and what about the other one", session_id=search.session_id,
                             clock=lambda: datetime(2026, 11, 23, 10, tzinfo=NY)))  # fmt: skip
    assert not any("out_of_scope" in s.codes for s in follow.trace)


@pytest.mark.parametrize(
    "text",
    [
        "the plan is to wrap the storefront glass in posters for the holidays. any cap on that?",
        "is there some way to get our deposit down after a couple of good years",
        "how early can our movers get into the loading area on a weekday",
        "our landscaper wants to hang planters off the facade. that fine?",  # a tag question
        "if we run the espresso bar past ten what do we owe for the air",  # condition, then the question
    ],
)
def test_a_tenants_question_in_no_frame_is_still_about_the_lease(text: str) -> None:
    ask = lease_question(text)
    assert ask is not None
    for route in ("VIA/needs", "VIA/tour", "DOMA/renewal"):
        settled = settle(text, route)
        assert settled is not None and settled.route == "DOMA/lease" and settled.also is None


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("what could you offer us for a new term?", "DOMA/renewal"),  # the agent asked to offer
        ("we're keen to stay on - what would the numbers be?", "DOMA/renewal"),  # wish, then the question
        ("we want to keep going here another four years, can you send terms", "DOMA/renewal"),
        ("is anyone coming for the broken hinge on the back door?", "DOMA/triage"),  # someone asked to come
        ("ok?", "DOMA/triage"),  # nothing to look up
    ],
)
def test_requests_to_us_and_renewals_asked_for_are_not_lease_questions(text: str, route: str) -> None:
    settled = settle(text, route)
    assert settled is None or settled.route == route


def test_a_renewal_asked_for_beside_a_question_goes_to_renewal() -> None:
    settled = settle("we plan to renew for 3 more yrs. any incentives this time?", "DOMA/lease")
    assert settled is not None and settled.route == "DOMA/renewal"


def test_a_renewal_in_a_condition_is_a_question_about_the_option() -> None:
    assert lease_question("what does the rent come to if we use our option to stay on") is not None
    # "extend" renews only a term: extending the hours is a question about the lease.
    settled = settle("we'd like to extend our hours on fridays, is that allowed?", "DOMA/renewal")
    assert settled is not None and settled.route == "DOMA/lease"


@pytest.mark.parametrize(
    "text",
    [
        "why is the water in the kitchenette brown again??",  # a complaint asked as "why"
        "how come the radiators are cold this morning?",
        "is somebody going to look at the front door closer? it slams every time",  # someone asked to come
        "the card reader at the side entrance stopped beeping, who do we contact?",
    ],
)
def test_a_complaint_asked_as_a_question_stays_a_ticket(text: str) -> None:
    settled = settle(text, "DOMA/triage")
    assert settled is None or settled.route == "DOMA/triage"


def test_a_frame_asked_in_the_negative_is_the_same_frame() -> None:
    ask = lease_question("the porter skipped our floor again. isn't the building supposed to empty the bins?")
    assert ask is not None and ask.frame == "responsibility"


@pytest.mark.parametrize(
    "text",
    [
        "hypothetically, if the sprinkler main burst over a weekend and the floor was unusable, is rent still due?",
        "worst case the boiler dies in january and we can't open for two weeks - do we keep paying?",
        "say the freight elevator broke for a month, would we still owe the full rent",
    ],
)
def test_a_supposed_breakdown_is_a_question_about_the_lease_not_a_report(text: str) -> None:
    # A condition put to the lease reports nothing: what follows "if", "hypothetically", "worst case",
    # "say" is supposed. (A report of something wrong now stays a ticket: see the complaint tests.)
    settled = settle(text, "DOMA/triage")
    assert settled is not None and settled.route == "DOMA/lease" and settled.also is None


def test_other_auxiliaries_ask_the_same_frame() -> None:
    for text in ("what would we owe for the extra month", "what will we pay if we stay on", "what should we pay"):
        ask = lease_question(text)
        assert ask is not None and ask.frame == "charges", text


@pytest.mark.parametrize(
    ("tenant", "text", "section"),
    [
        # the hand-written family's holdover is "tenant at sufferance … use and occupancy"
        ("T-009", "if we're still in the store a few weeks after the lease is up, what do we pay?", "23.1"),
        ("T-007", "what does it cost us to stick around past end of the term for a month", "20.1"),
        # a taking named in everyday words, beside "walk away" (which alone would be casualty)
        ("T-009", "if the state seizes part of our storefront for the subway, can we walk away?", "21.2"),
        ("T-007", "if the city seized the building, do we get any of the money?", "16.4"),
    ],
)
def test_everyday_words_for_holdover_and_takings_cite_their_clause(
    leasing_db: Database, tenant: str, text: str, section: str
) -> None:
    answer = _ask(text, tenant).lease_answer
    assert answer is not None and answer.found and section in [c.section for c in answer.citations]


# Round 6's routing classes (session 15).


@pytest.mark.parametrize(
    "text",
    [
        "rent went out on the 4th instead of the 1st this month, will there be a penalty",
        "we paid a few days after the due date, is there an interest charge",
    ],
)
def test_a_question_after_a_comma_asks_without_a_question_mark(text: str) -> None:
    assert any(c.asks for c in clauses(text)) and lease_question(text) is not None


def test_a_request_inside_a_condition_is_supposed_not_asked() -> None:
    asked = lease_question("who's on the hook if the cafe's heat/AC unit needs to be replaced down the road?")
    assert asked is not None and asked.frame == "responsibility"
    assert lease_question("can someone come replace the filter") is None


def test_a_reported_question_asks() -> None:
    assert clauses("ops is asking if we could get a proper stove in the kitchenette")[0].asks


@pytest.mark.parametrize(
    ("tenant", "text", "section"),
    [
        # paying after the due day, said without "late"
        ("T-001", "rent went out on the 4th instead of the 1st this month, will there be a penalty", "3.3"),
        # a payment missed is a default question, not a late charge
        ("T-005", "accounting messed up and we missed a rent payment. how long until that's a default?", "20.1"),
        ("T-007", "who's on the hook if the cafe's heat/AC unit needs to be replaced down the road?", "9.1"),
    ],
)
def test_penalties_defaults_and_supposed_replacements_cite_their_clause(
    leasing_db: Database, tenant: str, text: str, section: str
) -> None:
    resp = _ask(text, tenant)
    assert resp.route == "DOMA/lease" and resp.lease_answer is not None
    assert section in [c.section for c in resp.lease_answer.citations]


@pytest.mark.parametrize(
    "text",
    ["under our lease who covers the glass if a window cracks", "according to the lease how much notice do we give"],
)
def test_a_question_word_after_a_lead_in_asks(text: str) -> None:
    assert clauses(text)[0].asks


@pytest.mark.parametrize(
    "text",
    [
        "we're considering renewing next spring. what sort of rent would it be",
        "can we extend 2 years at the rent we pay now?",
        "hoping to stay for three years more, what can you do",
    ],
)
def test_the_renewal_asked_for_in_any_form_is_priced_as_a_renewal(text: str) -> None:
    # Routed to lease QA by the rules, the renewal asked for takes it (or the router's renewal stands).
    settled = settle(text, "DOMA/lease")
    assert settled is not None and settled.route == "DOMA/renewal"


def test_a_question_about_the_renewal_notice_is_a_lease_question() -> None:
    assert settle("per our lease what's the deadline to send the renewal notice", "DOMA/lease") is None


@pytest.mark.parametrize(
    ("text", "route"),
    [
        # The landlord's own plan: nobody is asked to come, the tenant asks what the lease lets them do.
        ("the super is going to come look at our skylight friday at 9, mid-shoot. can he?", "DOMA/lease"),
        # A wish inside what the landlord is told: the question is about the notice.
        ("how far ahead do we have to tell them we want to renew?", "DOMA/lease"),
        # A counter in the kitchen is no counter-offer.
        ("the fridge and the counter we put in - do those stay when we move out?", "DOMA/lease"),
        # Asking to open the talk is asking for the renewal.
        ("could we start talking about renewing our lease? we'd consider a longer term", "DOMA/renewal"),
        # A part not doing its job is a report, however it is said.
        ("the pantry dishwasher isn't draining since this morning", "DOMA/triage"),
        ("badge reader by the freight entrance not reading anyone's card", "DOMA/triage"),
    ],
)
def test_whose_plan_whose_wish_and_what_is_not_working(text: str, route: str) -> None:
    assert _ask(text).route == route


def test_a_renewal_still_asked_through_the_landlord_is_the_renewal() -> None:
    # Not a question word: asking us to pass the wish on is asking for it.
    assert _ask("please let the landlord know we want to renew for five years").route == "DOMA/renewal"


@pytest.mark.parametrize(
    "text",
    [
        "how much notice does the landlord have to give before coming into our office?",
        "can i sublet a few of the desks in our studio to a friend's startup?",
        "who pays for HVAC repairs in our suite, us or the landlord?",
    ],
)
def test_a_tenant_not_known_asking_about_their_own_lease_is_asked_who_they_are(text: str) -> None:
    """Someone speaking of their own tenancy ("our office", "my landlord") asks about their lease: lease QA
    asks which lease, instead of a unit search or a ticket in nobody's name."""
    r = _ask(text, tenant=None)
    assert r.route == "DOMA/lease" and r.lease_answer is not None and not r.lease_answer.found
    assert r.triage is None and r.spec is None


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("are dogs allowed? need 1,500 sf in soho under 10k", "VIA/needs"),  # a prospect: no tenancy of their own
        ("our lease is up in june - can we see a 2,000 sf space in chelsea on monday?", "VIA/needs"),
    ],
)
def test_a_prospect_or_a_search_beside_their_lease_is_not_sent_to_lease_qa(text: str, route: str) -> None:
    assert _ask(text, tenant=None).route == route


def test_a_lease_question_without_any_routing_cue_is_still_heard() -> None:
    # No keyword of any route: had been said back as out of scope.
    r = _ask("how long does my landlord have to answer our drawings?", tenant=None)
    assert r.route == "DOMA/lease" and r.lease_answer is not None and not r.lease_answer.found


@pytest.mark.parametrize(
    "text",
    [
        "thinking about renewing - what are our options",  # weighing it is wanting it
        "considering a renewal, what would the rent look like",
        "what would it take to renew? we're up next october",
    ],
)
def test_a_renewal_weighed_or_its_price_asked_is_the_renewal(text: str) -> None:
    assert _ask(text, tenant="T-003").route == "DOMA/renewal"


@pytest.mark.parametrize(
    "text", ["what's parking like around the flatiron district on weekdays?", "how busy does soho get on saturdays"]
)
def test_a_place_alone_in_a_question_about_something_else_is_no_search(text: str) -> None:
    r = _ask(text, tenant=None)
    assert r.spec is None and not r.matches
    assert any("out_of_scope" in (getattr(step, "codes", None) or []) for step in r.trace)


@pytest.mark.parametrize("text", ["how about soho?", "what's available in dumbo?", "tribeca"])
def test_a_place_alone_still_searches_when_space_is_what_is_asked(text: str) -> None:
    assert _ask(text, tenant=None).route == "VIA/needs"
    assert _ask(text, tenant=None).spec is not None


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        # A question reported in the embedded order: "asking what we pay", not "what do we pay".
        ("our bookkeeper is asking how much we owe for weekend air conditioning", "charges"),
        ("legal asked what we pay if the rent lands after the fifth", "charges"),
        # How often something must happen is a rule, even when someone is to come and do it.
        ("how often do we need somebody to come service the kitchen hood?", "facts"),
        ("how frequently does the lease say the grease trap has to be pumped", "facts"),
    ],
)
def test_reported_and_how_often_questions_ask_the_lease(text: str, frame: str) -> None:
    ask = lease_question(text)
    assert ask is not None and ask.frame == frame


def test_a_request_now_is_still_a_request_beside_how_often() -> None:
    assert lease_question("the hood fan is rattling, can someone come look at it today?") is None
    # A hazard reported in the same message is rated first, whatever the question asks.
    r = _ask("how often should the detectors be tested? one is beeping and the room smells of smoke")
    assert r.triage is not None and r.triage.priority == "P0"


@pytest.mark.parametrize(
    "text",
    [
        # A further term in months, beside an extension said.
        "could we do a quick extension, say 18 months, until the new building is ready?",
        "is another 6 months possible for us? the move got pushed",
        # Staying past a date, with the term or the price asked.
        "what would you need from us to stay past march 2028? thinking 24 mo",
        "we'd love to keep our office past next year, maybe 2 more years? what would rent be",
        # Asking for a renewal with no size or price is no search, whatever word the router heard.
        "we want to stay on. could you put together a couple of options for extending?",
        # Telegraphic: the verb, the lease, the term ("extend lease 3 yrs. rate?").
        "renew lease 3 yrs. rate?",
        # The term said before the renewal's noun, asked of the landlord.
        "we're a small shop. would the owner consider a 3-year renewal instead of 10?",
    ],
)
def test_a_further_term_asked_for_in_any_form_is_the_renewal(text: str) -> None:
    assert _ask(text, tenant="T-003").route == "DOMA/renewal"


@pytest.mark.parametrize(
    "text",
    [
        "do we have an option for another three years under the lease?",  # asked about the option, not for it
        "if we need an extra month to move out, what do we pay?",  # a holdover, not a further term
        # Something other than the lease renews: the question is about what the lease says of it.
        "our insurer won't renew the policy in may. what happens under the lease if we have a gap?",
        # Asked with a preposition before the question word: about the notice, not the renewal.
        "by when must we tell the landlord we want the extra five years?",
        # The term before the renewal's noun, asked about with a question word.
        "how is the rent for the 5 year renewal worked out?",
    ],
)
def test_questions_about_the_option_or_other_renewals_are_lease_questions(text: str) -> None:
    assert _ask(text, tenant="T-003").route == "DOMA/lease"


def test_the_size_of_the_space_a_tenant_has_is_no_search() -> None:
    r = _ask("we've got 1,500 sf we don't use anymore - can we sublet it to another firm?")
    assert r.route == "DOMA/lease" and r.spec is None


def test_a_request_word_inside_the_condition_of_a_question_is_supposed() -> None:
    # "be replaced" is said of what may happen; what is asked is who pays.
    text = "the boiler is ancient. if it has to be replaced is that our cost or the building's?"
    ask = lease_question(text)
    assert ask is not None and ask.frame == "charges"
    assert _ask(text).triage is None


@pytest.mark.parametrize(
    "text",
    ["what's the weather looking like in soho this weekend?", "can you recommend a good lunch spot near union square"],
)
def test_a_question_about_something_else_near_a_place_is_no_search(text: str) -> None:
    r = _ask(text, tenant=None)
    assert r.spec is None and not r.matches
    assert any("out_of_scope" in (getattr(step, "codes", None) or []) for step in r.trace)


@pytest.mark.parametrize(
    ("text", "route"),
    [
        # We are asked for an offer, whatever the condition: the renewal itself.
        ("what's the lowest rent you could do if we commit to another 3 years?", "DOMA/renewal"),
        # The landlord's side asked to act is a request; asked what it may do, a lease question.
        ("someone smashed the light over our back door. could the building replace it?", "DOMA/triage"),
        ("may the landlord show our suite to other companies without asking us?", "DOMA/lease"),
        # Someone asked to come, with no space sought, is a ticket whatever word the router heard.
        ("the shade in the front office came off its bracket. can somebody fix it?", "DOMA/triage"),
    ],
)
def test_offers_asked_of_us_and_requests_to_the_building(text: str, route: str) -> None:
    assert _ask(text, tenant="T-003").route == route


@pytest.mark.parametrize(
    ("text", "route"),
    [
        # "when is someone" asks for someone to come only with a verb of coming: here it asks the lease's hours.
        ("till what time is the front desk staffed? our interns keep getting locked out", "DOMA/lease"),
        # Those who work for the building, asked to act: a ticket, whatever the classifier guessed.
        ("can the cleaners come empty our bins twice a day?", "DOMA/triage"),
        ("the hallway carpet by our door is ripped up. could maintenance patch it?", "DOMA/triage"),
        # A move the landlord imposes is no search for space.
        ("could the landlord force us to move to another floor?", "DOMA/lease"),
        # A renewal's terms expected from us: the offer, whatever the condition.
        ("how much of a rent bump should we expect if we renew for 3 years?", "DOMA/renewal"),
    ],
)
def test_requests_to_the_building_imposed_moves_and_expected_offers(text: str, route: str) -> None:
    assert _ask(text, tenant="T-003").route == route


def test_a_report_the_classifier_guessed_as_a_renewal_is_a_ticket() -> None:
    # No cue of any route: the classifier's guess is corrected by what the clause does (reports something wrong).
    settled = settle("the hand dryer in the back keeps backing up the drain, we've tried twice", "DOMA/renewal")
    assert settled is not None and settled.route == "DOMA/triage"


def test_a_known_tenants_message_that_asks_nothing_here_is_asked_back() -> None:
    r = _ask("write me a limerick about spreadsheets pls", tenant="T-003")
    assert r.triage is None and r.renewal is None and r.lease_answer is None and r.spec is None
    assert any("out_of_scope" in (getattr(step, "codes", None) or []) for step in r.trace)


@pytest.mark.parametrize(
    "text",
    [
        "the thermostat in the back office reads 84 and the vents are pushing hot air since noon",
        "it's sweltering in the conference room, the vents only blow warm air",
    ],
)
def test_a_rooms_temperature_reported_now_is_a_ticket_not_a_search(text: str) -> None:
    resp = _ask(text)
    assert resp.route == "DOMA/triage" and resp.spec is None
