"""LeaseQA against the real database: citations are exact substrings of the stored lease with the
right page and section, an amendment wins and both are cited, silent leases abstain."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import datetime

import pytest

from quarry.apps.leasing.evaluate import EVAL_DIR, lease_citations
from quarry.apps.leasing.leaseqa import NOT_FOUND, answer_question, quote_from, topic_of
from quarry.apps.leasing.orchestrator import run
from quarry.apps.leasing.when import NY
from quarry.db import Database
from quarry.settings import get_settings

CASES = [json.loads(x) for x in (EVAL_DIR / "lease_questions.jsonl").read_text().splitlines() if x.strip()]
PARAPHRASES = [json.loads(x) for x in (EVAL_DIR / "lease_paraphrases.jsonl").read_text().splitlines() if x.strip()]


def test_every_quote_is_an_exact_substring_of_the_stored_lease(leasing_db: Database) -> None:
    bodies = {r["lease_id"]: r["body"] for r in leasing_db.fetch_all("SELECT lease_id, body FROM leasing_leases")}
    quotes = 0
    for c in CASES:
        for cite in answer_question(leasing_db, c["question"], tenant_id=c["tenant_id"]).citations:
            assert cite.quote in bodies[cite.lease_id] and len(cite.quote) > 20
            assert cite.lease_id == c["lease_id"]
            quotes += 1
    assert quotes >= 60


def test_sublet_with_consent_cites_article_13(leasing_db: Database) -> None:
    a = answer_question(leasing_db, "Can I sublet under my lease?", tenant_id="T-001")
    assert a.found and a.citations[0].section == "13.1" and a.citations[0].page == 9
    assert "consent" in a.citations[0].quote and "needs the landlord's consent" in a.risk_flags


def test_the_amendment_wins_and_both_are_cited(leasing_db: Database) -> None:
    a = answer_question(leasing_db, "Can I sublet under my lease?", tenant_id="T-004")
    sections = [c.section for c in a.citations]
    assert sections[0] == "First Amendment, Section 2" and "13.1" in sections
    assert a.answer.startswith("The lease, as amended, says") and "Originally" in a.answer
    expiry = answer_question(leasing_db, "When does my lease expire?", tenant_id="T-002")
    assert [c.section for c in expiry.citations][:2] == ["First Amendment, Section 2", "1.4"]
    assert "June 30, 2027" in expiry.citations[0].quote


def test_silent_leases_and_unknown_topics_abstain(leasing_db: Database) -> None:
    for tenant, question in (
        ("T-002", "Can I bring my dog to the office?"),
        ("T-001", "Is there a parking space included?"),
        ("T-005", "Can we install a rooftop antenna?"),
    ):
        a = answer_question(leasing_db, question, tenant_id=tenant)
        assert not a.found and a.citations == [] and a.answer.startswith(NOT_FOUND) and "property manager" in a.answer
    assert not answer_question(leasing_db, "Can I sublet?", tenant_id=None).found
    assert "No lease text" in answer_question(leasing_db, "Can I sublet?", tenant_id="T-060").answer


def test_quote_is_a_slice_holding_the_topic_word() -> None:
    body = "13.1 Consent Required. Tenant shall not sublet without consent. Other things follow here at length."
    q = quote_from(body, {"sublet"})
    assert q in body and "sublet" in q


def test_citation_figures_on_the_labelled_questions(leasing_db: Database) -> None:
    figures = lease_citations(leasing_db, CASES)
    precision, recall, abstention, _ = figures
    assert len(CASES) >= 15 and abstention == 1.0
    # Answer level: the first citation is a section that answers (measured 0.99), and citations stay
    # inside the labelled article or amendment (measured 0.99).
    assert figures.answered >= 0.9 and figures.article_precision >= 0.9
    assert precision >= 0.9 and recall >= 0.9  # strict labels: measured 0.94 / 0.98 (0.80 / 0.78 before)
    # The same clauses and five more asked in other words (written after the rule): measured 0.90 / 0.89.
    para = lease_citations(leasing_db, PARAPHRASES)
    assert len(PARAPHRASES) >= 100 and para.abstention == 1.0
    assert para.precision >= 0.85 and para.recall >= 0.85


def test_hybrid_retrieval_over_embedded_chunks(leasing_db: Database) -> None:
    from quarry.apps.leasing.lease_vectors import embed_chunks, lease_embedded
    from quarry.embed import get_embedder

    embedder = get_embedder(get_settings())
    assert embed_chunks(leasing_db, embedder) == 0  # the ingest embedded them; a re-run embeds nothing
    assert lease_embedded(leasing_db, "LEASE-0001", embedder.model) and not lease_embedded(
        leasing_db, "LEASE-0001", "other-model"
    )
    weights = {"vector": 0.3, "bm25": 0.7}
    bodies = {r["lease_id"]: r["body"] for r in leasing_db.fetch_all("SELECT lease_id, body FROM leasing_leases")}
    for c in CASES:
        a = answer_question(leasing_db, c["question"], tenant_id=c["tenant_id"], embedder=embedder, weights=weights)
        # Found by meaning: the question index when its nearest questions decide, else the hybrid ranking.
        assert a.retrieval in (("hybrid", "index") if a.found else (a.retrieval,))
        assert all(cite.quote in bodies[cite.lease_id] for cite in a.citations)
    dog = answer_question(leasing_db, "Can I bring my dog to the office?", tenant_id="T-001", embedder=embedder)
    assert dog.found and dog.retrieval in ("hybrid", "index") and dog.citations[0].section == "14.1"


def test_the_turn_returns_the_lease_answer(leasing_db: Database) -> None:
    r = asyncio.run(
        run("Can I sublet under my lease?", tenant_id="T-001", clock=lambda: datetime(2026, 11, 23, tzinfo=NY))
    )
    assert r.route == "DOMA/lease" and r.lease_answer is not None and r.lease_answer.found
    # 13.1 (consent required) and 13.2 (the standard for it) both answer it (the strict labels hold both).
    assert r.spec is None and r.triage is None and ("13.1" in r.narrative or "13.2" in r.narrative)
    assert any(s.step == "lease-qa" and s.retrieval_mode in ("hybrid", "index") for s in r.trace)


def test_sections_are_cited_where_they_start_in_lease_order_without_passing_mentions(leasing_db: Database) -> None:
    # Holdover: the article's rule (21.1 rent) before its qualification (21.2 damages), whichever ranked higher.
    hold = answer_question(leasing_db, "What happens if we hold over after the lease ends?", tenant_id="T-001")
    assert [c.section for c in hold.citations][:1] == ["21.1"]
    # 14.2 of LEASE-0002 runs over a page break: cited on page 9 where it starts, not on the page of its tail.
    sign = answer_question(leasing_db, "Can we put up a sign?", tenant_id="T-002")
    assert ("14.2", 9) in {(c.section, c.page) for c in sign.citations}
    # The amendment's "the security held under the Lease shall continue" is a passing mention: not cited.
    deposit = answer_question(leasing_db, "How much is our security deposit?", tenant_id="T-002")
    assert [c.section for c in deposit.citations] == ["6.1"]


def _sections(leasing_db: Database, question: str, tenant: str) -> list[str | None]:
    return [c.section for c in answer_question(leasing_db, question, tenant_id=tenant).citations]


def test_a_yes_no_question_cites_every_rule_of_the_article_but_not_its_qualifiers(leasing_db: Database) -> None:
    # 15.1 "Directory and Door" scores far below 15.2 "No Other Signs" but is as much an answer.
    assert _sections(leasing_db, "Can we put up a sign?", "T-001") == ["15.1", "15.2"]
    # 13.2 "Standard for Consent" is cited; 13.3 "Recapture", 13.4 "Transfer Profits", 13.6 "No Release" are not.
    sublet = _sections(leasing_db, "Can I sublet under my lease?", "T-001")
    assert sublet[:2] == ["13.1", "13.2"] and not {"13.3", "13.4", "13.6"} & set(sublet)
    # 14.2 "Responsibility for Animals" qualifies the rule that dogs are permitted.
    assert _sections(leasing_db, "Can I bring my dog to the office?", "T-003") == ["14.1"]
    # 23.4 "Determination" opens with a condition ("If the parties do not agree ..."): not the option's rule.
    assert _sections(leasing_db, "Do we have an option to renew?", "T-001") == ["23.1", "23.2", "23.3"]


def test_a_wh_question_cites_the_section_that_says_it(leasing_db: Database) -> None:
    # 12.3 "Waiver of Subrogation" holds "insurance" and "carry" more often than 12.1 but does not say
    # what to carry; 21.2 "Holdover Damages" is titled for the topic but qualifies 21.1.
    assert _sections(leasing_db, "What insurance do we have to carry?", "T-001") == ["12.1"]
    assert _sections(leasing_db, "What happens if we hold over after the lease ends?", "T-001") == ["21.1"]
    assert _sections(leasing_db, "What deposit did we have to give the landlord?", "T-001") == ["6.1"]


def test_a_second_drafting_family_is_chunked_by_its_own_numbering() -> None:
    from quarry.apps.leasing.chunks import chunk_lease
    from quarry.apps.leasing.ingest import DATA_DIR

    text = (DATA_DIR / "leases_other" / "LEASE-0010.txt").read_text(encoding="utf-8")
    chunks = chunk_lease(text)
    labels = {c.section for c in chunks}
    assert {"8.2", "14.1", "Schedule 2, B1", "Schedule 2, Part D", "Supplemental Agreement No. 1, Section 1"} <= labels
    assert all(text[c.start : c.end] == c.body for c in chunks)
    # Running header and "- n -" footer are no part of any chunk; a clause title alone is not citable.
    header = next(line for line in text.split("\f")[1].splitlines() if line.strip())
    assert not any(header in c.body or re.search(r"(?m)^\s*- \d+ -\s*$", c.body) for c in chunks)
    assert not any(c.body.startswith("CLAUSE ") and "\n" not in c.body for c in chunks if c.section)


def test_lease_qa_works_on_the_second_family_amendment_first(leasing_db: Database) -> None:
    from quarry.embed import get_embedder

    embedder = get_embedder(get_settings())
    after_hours = answer_question(leasing_db, "what's the hourly charge for AC after hours?", tenant_id="T-010",
                                  embedder=embedder)  # fmt: skip
    sections = [c.section for c in after_hours.citations]
    assert sections[0] == "Supplemental Agreement No. 1, Section 1" and "$105.00" in after_hours.citations[0].quote
    assert "8.2" in sections  # the clause it varies, cited after it
    dog = answer_question(leasing_db, "Can I bring my dog to the office?", tenant_id="T-010", embedder=embedder)
    assert dog.found and dog.citations[0].section.startswith("14.")
    bodies = {r["lease_id"]: r["body"] for r in leasing_db.fetch_all("SELECT lease_id, body FROM leasing_leases")}
    assert all(c.quote in bodies["LEASE-0010"] for c in after_hours.citations + dog.citations)


def test_a_question_in_other_words_is_answered_by_meaning_and_silence_abstains(leasing_db: Database) -> None:
    from quarry.embed import get_embedder

    embedder = get_embedder(get_settings())
    # No topic word: the clause is chosen by meaning (vector ⊕ BM25), amendments first.
    for question, section in (("is the broker commission our problem?", "24.4"),
                              ("what's the tenant's share of real estate taxes?", "1.6")):  # fmt: skip
        a = answer_question(leasing_db, question, tenant_id="T-001", embedder=embedder)
        assert a.found and a.citations[0].section == section, question
    # A thing no clause holds: nothing stands out and the words the lease never uses point elsewhere.
    for tenant in ("T-001", "T-002", "T-003", "T-006"):
        parking = answer_question(leasing_db, "Is there a parking space included?", tenant_id=tenant, embedder=embedder)
        assert not parking.found and parking.citations == []


def test_one_leases_ranking_does_not_depend_on_the_other_leases(leasing_db: Database) -> None:
    from quarry.apps.leasing.ingest import load_lease, refresh_chunk_stats
    from quarry.apps.leasing.leaseqa import _BM25

    params = {"terms": ["sublet", "consent", "animals"], "lease": "LEASE-0001", "k": 10}
    before = [(r["id"], round(float(r["bm25"]), 9)) for r in leasing_db.fetch_all(_BM25, params)]
    noise = "\n".join(f"{i}.1 Subletting Consent Animals. Tenant may sublet with consent; animals welcome." for i in
                      range(1, 40))  # fmt: skip
    try:
        with leasing_db.transaction() as tx:
            load_lease(tx, "LEASE-TEST-NOISE", noise, source="upload")
        refresh_chunk_stats(leasing_db)
        assert [(r["id"], round(float(r["bm25"]), 9)) for r in leasing_db.fetch_all(_BM25, params)] == before
    finally:
        leasing_db.execute("DELETE FROM leasing_lease_chunks WHERE lease_id = 'LEASE-TEST-NOISE'")
        leasing_db.execute("DELETE FROM leasing_leases WHERE lease_id = 'LEASE-TEST-NOISE'")
        refresh_chunk_stats(leasing_db)


def test_a_clause_that_leaves_its_details_to_a_schedule_is_cited_with_it(leasing_db: Database) -> None:
    from quarry.embed import get_embedder

    embedder = get_embedder(get_settings())
    # 8.1 furnishes HVAC "during the HVAC Service Hours stated in Part D of Schedule 2": the hours are there.
    hours = answer_question(leasing_db, "until what time is the cooling running on a saturday?", tenant_id="T-010",
                            embedder=embedder)  # fmt: skip
    assert {"8.1", "Schedule 2, Part D"} <= {c.section for c in hours.citations}
    # Three cleaning rules name Clause 9.1; "when" takes the one that holds a clock time (C1, the hours).
    cleaners = answer_question(leasing_db, "what time do the janitors come through?", tenant_id="T-009",
                               embedder=embedder)  # fmt: skip
    schedule = [c for c in cleaners.citations if c.section and c.section.startswith("Schedule")]
    assert [c.section for c in schedule] == ["Schedule 2, C1"] and "p.m." in schedule[0].quote
    # The generated family's exhibits are cited only when linked and on the topic: a sublet answer stays in 13.
    sublet = answer_question(leasing_db, "Can I sublet under my lease?", tenant_id="T-001", embedder=embedder)
    assert all(not c.section.startswith("Exhibit") for c in sublet.citations if c.section)


def named(question: str) -> str | None:
    """The name of the question's lease topic, or None."""
    from quarry.apps.leasing.leaseqa import topic_of

    topic = topic_of(question)
    return topic.name if topic else None


def test_a_cue_inside_an_everyday_phrase_names_no_topic() -> None:

    assert named("does the landlord have to sign off on new flooring?") != "signage"
    assert named("can we hang a sign over the entrance?") == "signage"
    assert named("could we stay open late on fridays?") != "late charge"
    assert named("what's the charge if rent is late?") == "late charge"
    assert named("if we end up keeping the space a month past the term, what do we owe?") != "expiration"
    assert named("who collects our trash at night?") != "casualty"
    assert named("is the landlord on the hook for the broken boiler?") != "guaranty"


def test_a_question_about_a_qualification_is_answered_by_the_section_that_states_it(leasing_db: Database) -> None:
    from quarry.embed import get_embedder

    embedder = get_embedder(get_settings())
    back = answer_question(leasing_db, "if we sublet a third of the floor could the landlord grab the space back?",
                           tenant_id="T-010", embedder=embedder)  # fmt: skip
    assert "18.4" in {c.section for c in back.citations}  # Recapture, cited beside the consent rule
    # The rules answer a plain question with the rule, not its qualifier (a lease without indexed questions)...
    rule = answer_question(leasing_db, "can we sublet half the floor?", tenant_id="T-010")
    assert rule.citations and "18.4" not in {c.section for c in rule.citations}
    # ...while the question index answers it with the recapture clause, which half the floor (over 40 % of the
    # premises) triggers: its nearest question asks "can the landlord claw it back?". A guard sending such
    # answers back to the rules lost 3 records on rounds 8-10 and was not kept.
    indexed = answer_question(leasing_db, "can we sublet half the floor?", tenant_id="T-010", embedder=embedder)
    assert indexed.retrieval == "index" and [c.section for c in indexed.citations][:1] == ["18.4"]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("when we vacate, do the light fixtures we added have to come down?", "surrender"),
        ("the bank wants a letter confirming our lease is in good standing", "estoppel"),
        ("the cam reconciliation seems inflated, can we see their records?", "audit"),
        ("can the landlord keep disturbing our meetings with construction?", "quiet enjoyment"),
        ("are we allowed to stay open until 1am on saturdays?", "operating hours"),
        ("my manager wants to bring her beagle on fridays", "pets"),
        ("can we stick decals of our logo on the glass door?", "signage"),
        ("what's our monthly payment in the third lease year?", "rent"),
        ("could we hand it over to a new operator next spring?", "subletting"),
        ("if we exercise the 5 year option, when does it start?", "renewal"),
        ("if we end up needing a few extra days after the term, what's the charge?", "holdover"),
    ],
)
def test_topics_every_commercial_lease_has_are_read_in_everyday_words(question: str, topic: str) -> None:
    assert named(question) == topic
    assert named("our insurer is renewing our policy next month, what limits do we need?") != "renewal"


@pytest.mark.parametrize(
    ("tenant", "article"),
    [
        # 22.1 "Condition on Surrender" or 7.4 "Removal" in the generated family; 24.x in the other.
        pytest.param(
            "T-001",
            ("22.", "7.4"),
            marks=pytest.mark.xfail(
                strict=True,
                reason="lost to the question index (session 21): its nearest question, 'will the deposit come back "
                "in full if we leave the space in proper shape?' (6.3, similarity 0.907), outvotes four less near "
                "ones split over 22.1, 22.2 and others; docs/leasing.md, 'The lease question index'",
            ),
        ),
        ("T-009", ("24.",)),
    ],
)
def test_both_families_say_how_to_leave_the_space_from_their_own_clauses(
    leasing_db: Database, tenant: str, article: tuple[str, ...]
) -> None:
    from quarry.embed import get_embedder

    a = answer_question(leasing_db, "when we vacate, what shape do we have to leave the space in?",
                        tenant_id=tenant, embedder=get_embedder(get_settings()))  # fmt: skip
    assert a.found and any(c.section and c.section.startswith(article) for c in a.citations), tenant


def test_a_disagreement_over_the_renewal_rent_is_answered_by_how_it_is_determined(leasing_db: Database) -> None:
    from quarry.embed import get_embedder

    embedder = get_embedder(get_settings())
    # A disagreement over the renewal rent is answered by how it is determined, not only the option.
    market = answer_question(leasing_db, "on renewal, what if we disagree with the landlord about market rent?",
                             tenant_id="T-001", embedder=embedder)  # fmt: skip
    assert "23.4" in {c.section for c in market.citations}


def test_asking_one_qualification_does_not_promote_another(leasing_db: Database) -> None:
    from quarry.embed import get_embedder

    # The hand-written family has no determination section: its renewal rent is in Schedule 3, and
    # "23.3 No extension" (a qualifier of holdover) must not answer a question about market rent.
    a = answer_question(leasing_db, "on renewal, if we can't agree on the market rate, who decides?",
                        tenant_id="T-010", embedder=get_embedder(get_settings()))  # fmt: skip
    assert "23.3" not in {c.section for c in a.citations}


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("the wire only cleared on the 7th this month, what do we owe on top?", "late charge"),
        ("rent will land maybe five days after the 1st, anything extra?", "late charge"),
        ("is the office kept warm over the winter holidays?", "hvac"),
        ("will there be air on sunday if we come in?", "hvac"),
    ],
)
def test_lateness_said_as_a_date_and_warmth_said_as_a_feeling_name_their_topics(question: str, topic: str) -> None:
    assert named(question) == topic


@pytest.mark.parametrize(
    "question",
    ["if the 9th floor opens up can we take it?", "is it cool if we put a bench out front?", "cold brew on tap ok?"],
)
def test_a_floor_number_or_an_everyday_cool_names_neither(question: str) -> None:
    assert named(question) not in ("late charge", "hvac")


def test_a_payment_made_on_the_ninth_is_answered_by_each_familys_late_clause(leasing_db: Database) -> None:
    for tenant, section in (("T-001", "3.3"), ("T-010", "4.4")):
        question = "rent went out on the 9th this month, do we owe anything more?"
        a = answer_question(leasing_db, question, tenant_id=tenant)
        assert a.found and section in [c.section for c in a.citations]


@pytest.mark.parametrize(
    "question",
    [
        "if we need the air to run late tonight, is it too late to put the request in now?",
        "how late can the letter of credit expire?",
        "our movers run late most days, can they still use the freight elevator after 6?",
    ],
)
def test_late_of_an_hour_or_a_deadline_is_no_late_payment(question: str) -> None:
    topic = topic_of(question)
    assert topic is None or topic.name != "late charge"


def test_late_of_a_payment_is_still_the_late_charge() -> None:
    topic = topic_of("rent went in six days late this month, are we getting hit with a fee?")
    assert topic is not None and topic.name == "late charge"


def test_an_exhibits_rules_are_cited_one_by_one_however_their_first_sentence_runs() -> None:
    from quarry.apps.leasing.chunks import chunk_lease

    text = (
        "1.1 Premises. The premises are Suite 4.\n\n"
        "EXHIBIT B - RULES AND REGULATIONS\n\n"
        "1. The sidewalks, entrances and stairways shall not be obstructed or\nused for any other purpose.\n\n"
        "2. No animals, other than service animals, shall be brought into the Building except as the\n"
        "Lease expressly permits.\n\n"
        "3. Tenant shall observe the following on leaving at night:\n\n"
        "1. The entrance doors shall be closed and\nlocked.\n\n"
        "4. Canvassing is prohibited.\n"
    )
    sections = {c.section: c.body for c in chunk_lease(text) if c.section}
    assert [s for s in sections if s.startswith("Exhibit B")] == [f"Exhibit B, Section {n}" for n in (1, 2, 3, 4)]
    # "1." inside rule 3 is its own list, not the exhibit's next rule.
    assert "entrance doors shall be closed" in sections["Exhibit B, Section 3"]
    assert all(body in text for body in sections.values())
