"""LeaseQAAgent: the tenant's lease → an answer quoted from it, with page/section citations.

Retrieval is BM25 in SQL (`quarry.search.bm25_sql`) over the chunks of that one lease; the
question's words are widened by a topic table (a question about a dog looks for "animals").
The answer is extractive: the sentence(s) of the best sections that hold the topic's words. Every
quote is checked to be an exact substring of the stored lease before it is returned; a citation
that fails is dropped. An amendment that rewrites a cited section wins and both are cited (the
amendment first). With no section on the topic, or nothing scoring, the answer is "Not found in
provided lease" with an escalation suggestion — never more than the text says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from quarry.db import Database
from quarry.embed import Embedder, embed_query
from quarry.search import HybridSource, bm25_sql, hybrid_rank, tokenize

from .lease_vectors import lease_embedded
from .models import Citation, LeaseAnswer

NOT_FOUND = "Not found in provided lease."
ESCALATE = "Please ask your property manager (or your attorney) to confirm."
MIN_BM25 = 2.0
"""Below this best score (and with no topic section) the lease is taken to be silent."""
MAX_SECTIONS = 3
SAME_ARTICLE_SCORE = 0.8
"""For a wh-question ("what insurance must we carry?", "how much is our deposit?"), another section of
the best section's article is cited when titled for the topic or scoring this share of the best."""
YES_NO_QUESTION = re.compile(
    r"^\s*(can|could|may|might|must|shall|should|will|would|do|does|did|is|are|am|was|were|have|has)\b",
    re.IGNORECASE,
)
"""A yes/no question ("can I sublet?", "do we have an option to renew?") is answered by every rule of
the article that conditions the yes or the no (13.1 consent required, 13.2 the standard for that
consent), whatever each scored; a wh-question asks for one thing, said by one section and the siblings
titled for it or nearly as relevant. Written after the strict labels' diffs were read."""
QUALIFIER_HEADING = re.compile(
    r"\b(damages|indemni\w*|waivers?|certificates?|responsibility|recapture|profits?|release|determination"
    r"|change of control)\b",
    re.IGNORECASE,
)
"""Headings of sections that qualify an article's rule rather than state it: what a breach costs
(holdover damages, indemnity), who bears a loss (waiver of subrogation, responsibility for animals),
paperwork (certificates), what follows a transfer (recapture, transfer profits, no release) or how a
figure is fixed (determination). A question about the rule ("can I sublet?", "what insurance must we
carry?", "what happens if we hold over?") is answered by the rule's sections."""
CONDITIONAL = re.compile(r"^(if|in the event)\b", re.IGNORECASE)
"""A section that opens with a condition ("If Tenant holds over for more than sixty (60) days, ...")
adds a consequence for a narrower case; as a sibling it is not the article's rule."""
AMENDMENT_SCORE = 0.5
"""An amendment that neither names a cited section nor is titled for the topic is cited only when
it scores this share of the best section (a passing mention, e.g. "the security held under the
Lease shall continue" in a term extension, is not an answer about the deposit)."""
QUOTE_CHARS = 420
PASSAGES = 8
"""Sections shown to a remote model choosing the citations."""


@dataclass(frozen=True)
class Topic:
    name: str
    cue: re.Pattern[str]
    words: frozenset[str]
    """Lease words that mark a section as being about the topic."""


def _t(name: str, cue: str, words: str) -> Topic:
    return Topic(name, re.compile(cue, re.IGNORECASE), frozenset(words.split()))


TOPICS: tuple[Topic, ...] = (
    _t("subletting", r"\b(sub-?let\w*|sublease\w*|assign\w*|subtenant)", "sublet sublease subletting sublets assign "
       "assignment subtenant subtenants"),
    _t("pets", r"\b(pets?|dogs?|cats?|animals?)\b", "animal animals pet pets dog dogs"),
    _t("security deposit", r"\b(security|deposit)\b", "deposit security credit"),
    _t("renewal", r"\b(renew\w*|extend|extension|option to)\b", "renewal renew option extension extend"),
    _t("holdover", r"\bhold ?over|holding over|stay (after|past)", "holding holdover"),
    _t("expiration", r"\b(expir\w*|end date|lease end|ends?\b|how long)", "expiration expire expires"),
    _t("late charge", r"\blate\b", "late"),
    _t("insurance", r"\binsur\w*", "insurance insure"),
    _t("hvac", r"\b(hvac|air condition\w*|heat\w*|after[- ]hours|ventilation)", "hvac heating ventilation "
       "conditioning"),
    _t("signage", r"\bsign(s|age)?\b", "sign signs signage"),
    _t("repairs", r"\b(repair\w*|maintain\w*|maintenance|fix)", "repair repairs maintain maintenance"),
    _t("use", r"\b(permitted use|use the (premises|space)|what can (we|i) use)", "use permitted"),
    _t("escalation", r"\b(increase|escalat\w*)", "escalation increase increases"),
    _t("default", r"\b(default|cure|evict\w*)", "default cure"),
    _t("utilities", r"\b(electric\w*|utilit\w*|water bill)", "electricity utilities electric"),
    _t("alterations", r"\b(alter\w*|renovat\w*|paint|construction)", "alterations alteration"),
)  # fmt: skip
_STOP = frozenset(
    ["a", "an", "the", "i", "we", "my", "our", "can", "may", "do", "does", "is", "are", "be", "to", "of", "in", "on",
     "for", "under", "what", "when", "how", "who", "at", "it", "this", "that", "and", "or", "if", "lease", "there"]
)  # fmt: skip


def topic_of(question: str) -> Topic | None:
    """The first topic whose cue the question has."""
    return next((t for t in TOPICS if t.cue.search(question)), None)


_BM25 = bm25_sql(
    table="leasing_lease_chunks",
    where="d.lease_id = :lease",
    terms_column="terms",
    stats_table="leasing_chunk_term_stats",
    corpus_table="leasing_chunk_corpus_stats",
    id_column="chunk_no",
)


def _sentences(body: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of a chunk body."""
    spans = []
    start = 0
    for m in re.finditer(r"(?<=[.;:])\s+(?=[A-Z(])", body):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(body)))
    return spans


def quote_from(body: str, words: set[str]) -> str:
    """The first sentences of `body` holding one of `words` (exact slice, ≤ QUOTE_CHARS); else its start."""
    lowered = body.lower()
    for a, b in _sentences(body):
        if any(re.search(rf"\b{re.escape(w)}\b", lowered[a:b]) for w in words):
            end = b
            if end - a < 120:  # a heading-only sentence: take the next one too
                nxt = [s for s in _sentences(body) if s[0] > b]
                end = nxt[0][1] if nxt else b
            return body[a : min(end, a + QUOTE_CHARS)].strip()
    return body[:QUOTE_CHARS].strip()


def _lease_of(db: Database, tenant_id: str) -> dict[str, Any] | None:
    return db.fetch_one(
        "SELECT l.lease_id, l.body FROM leasing_tenancies t JOIN leasing_leases l USING (lease_id)"
        " WHERE t.tenant_id = :t ORDER BY t.end_date DESC LIMIT 1",
        {"t": tenant_id},
    )


SOURCE = HybridSource(
    table="leasing_lease_chunks",
    id_column="chunk_key",
    terms_column="terms",
    stats_table="leasing_chunk_term_stats",
    corpus_table="leasing_chunk_corpus_stats",
    embedding_column="embedding",
)
"""The lease chunks for the core hybrid search (vector ⊕ BM25 by RRF, inside one lease)."""


def _order(
    db: Database,
    lease_id: str,
    question: str,
    terms: list[str],
    bm25: dict[int, float],
    embedder: Embedder | None,
    weights: dict[str, float] | None,
) -> tuple[list[int], str]:
    """Chunk numbers best first and the retrieval mode: hybrid when the lease has this model's vectors."""
    if embedder is None or not lease_embedded(db, lease_id, embedder.model):
        return list(bm25), "lexical"
    vec = embed_query(db, embedder, question)
    where, params = "lease_id = :lease", {"lease": lease_id}
    hits = hybrid_rank(db, SOURCE, where=where, params=params, query_vec=vec, terms=terms, limit=40, weights=weights)
    return [int(k.rsplit(":", 1)[1]) for k in hits.ids], "hybrid" if hits.used_vector and hits.used_bm25 else "vector"


def answer_question(
    db: Database,
    question: str,
    *,
    tenant_id: str | None,
    embedder: Embedder | None = None,
    weights: dict[str, float] | None = None,
    passages: list[dict[str, Any]] | None = None,
) -> LeaseAnswer:
    """The grounded answer, or NOT_FOUND with an escalation suggestion. With an `embedder` (and the
    lease embedded by it) chunks are ordered by the core hybrid search, else by BM25 alone."""
    if tenant_id is None:
        return LeaseAnswer(
            answer="Which lease? Give your tenant id (e.g. T-001) and I will answer from your lease.", found=False
        )
    lease = _lease_of(db, tenant_id)
    if lease is None:
        return LeaseAnswer(answer=f"No lease text is on file for {tenant_id}. {ESCALATE}", found=False)
    topic = topic_of(question)
    q_terms = [w for w in tokenize(question) if w not in _STOP]
    words = set(topic.words) if topic else set(q_terms)
    search_terms = sorted(set(q_terms) | words)
    hits = db.fetch_all(_BM25, {"terms": search_terms, "lease": lease["lease_id"], "k": 40})
    if not hits:
        return abstain()
    bm25 = {int(h["id"]): float(h["bm25"]) for h in hits}
    order, mode = _order(db, lease["lease_id"], question, search_terms, bm25, embedder, weights)
    chunks = {
        r["chunk_no"]: r
        for r in db.fetch_all(
            "SELECT chunk_no, page, section, heading, body FROM leasing_lease_chunks"
            " WHERE lease_id = :l AND chunk_no = ANY(:n)",
            {"l": lease["lease_id"], "n": order},
        )
    }
    # Thresholds read BM25 (a chunk no query word reaches scores 0); the order is the retrieval's.
    ranked = [(chunks[n], bm25.get(n, 0.0)) for n in order if chunks[n]["section"]]
    position = {n: i for i, n in enumerate(order)}
    if passages is not None:  # what a model choosing the citations is shown: the best-ranked sections
        passages.extend({**c, "lease_id": lease["lease_id"], "retrieval": mode} for c, _ in ranked[:PASSAGES])
    if topic is None:
        # No known topic: the lease must hold the question's most specific word (a word no lease has → silent).
        dfs = {
            r["term"]: r["df"]
            for r in db.fetch_all("SELECT term, df FROM leasing_chunk_term_stats WHERE term = ANY(:t)", {"t": q_terms})
        }
        if not q_terms or any(t not in dfs for t in q_terms) or not ranked or ranked[0][1] < MIN_BM25:
            return abstain()
        words = {min(dfs, key=lambda t: dfs[t])}

    def mentions(c: dict[str, Any], field: str = "body") -> bool:
        text = f"{c['heading']} {c['body']}" if field == "body" else c["heading"]
        return any(re.search(rf"\b{re.escape(w)}\b", text.lower()) for w in words)

    on_topic = [(c, score) for c, score in ranked if mentions(c)]
    if passages is not None:  # every section on the topic is shown too, however it ranked
        seen = {p["chunk_no"] for p in passages}
        passages.extend(
            {**c, "lease_id": lease["lease_id"], "retrieval": mode} for c, _ in on_topic if c["chunk_no"] not in seen
        )
    if not on_topic:
        return abstain()
    # A section stating a rule before one qualifying it (21.1 "Holdover Rent" before 21.2 "Holdover
    # Damages"), then one titled for the topic ("1.4 Expiration Date"), then by retrieval rank.
    on_topic.sort(
        key=lambda cs: (
            bool(QUALIFIER_HEADING.search(cs[0]["heading"])),
            not mentions(cs[0], "heading"),
            position[cs[0]["chunk_no"]],
        )
    )
    best = max(score for _, score in on_topic)
    originals = [c for c, score in on_topic if not _is_amendment(c) and "Exhibit" not in c["section"]]
    if originals:
        # The best section, then others of its article that are on the topic by title or score nearly as well.
        top = originals[0]
        # A section over a page break: cite it where it starts, whichever of its parts ranked first.
        top = min((c for c in originals if c["section"] == top["section"]), key=lambda c: c["page"])
        article = top["section"].split(".")[0] + "."
        # Other sections of its article that state the rule asked about, never one that qualifies it.
        # Yes/no: each rule holding a topic word, whatever it scored (15.1 "Directory and Door" answers
        # "can we put up a sign?" as much as 15.2 "No Other Signs"); wh: titled or nearly as relevant.
        yes_no = bool(YES_NO_QUESTION.match(question))
        rest = [
            c
            for c in originals[1:]
            if c["section"].startswith(article)
            and c["section"] != top["section"]
            and not QUALIFIER_HEADING.search(c["heading"])
            and not CONDITIONAL.match(_after_heading(c))
            and (yes_no or mentions(c, "heading") or _score(on_topic, c) >= SAME_ARTICLE_SCORE * best)
        ]
        unique: dict[str, dict[str, Any]] = {}
        for c in [top, *rest]:
            # A section over a page break: cite it where it starts (its first chunk), whichever part ranked.
            if c["section"] not in unique or c["page"] < unique[c["section"]]["page"]:
                unique[c["section"]] = c
        # Cited in the lease's order: an article states its rule first and qualifies it after
        # (21.1 "Holdover Rent" before 21.2 "Holdover Damages"), whichever ranked higher.
        originals = sorted(list(unique.values())[:MAX_SECTIONS], key=lambda c: _section_key(c["section"]))
    cited_sections = {c["section"] for c in originals}
    amendments = [
        c
        for c, score in on_topic
        if _is_amendment(c)
        and (
            any(f"Section {sec}" in c["body"] for sec in cited_sections)
            or mentions(c, "heading")
            or score >= AMENDMENT_SCORE * best
            or not originals
        )
    ]
    # The amendment that rewrites a cited section wins; else the best amendment on the topic.
    amendments.sort(key=lambda c: not any(f"Section {sec}" in c["body"] for sec in cited_sections))
    picked = amendments[:1] + originals or [on_topic[0][0]]
    body = lease["body"]
    citations: list[Citation] = []
    for chunk in picked:
        quote = quote_from(chunk["body"], words)
        if quote and quote in body:  # checked before answering: an exact substring of the stored lease
            citations.append(
                Citation(lease_id=lease["lease_id"], page=chunk["page"], section=chunk["section"], quote=quote)
            )
    if not citations:
        return abstain()
    return compose(citations, mode)


def compose(citations: list[Citation], mode: str) -> LeaseAnswer:
    """The answer in words: only the quotes, each with its section and page (amendment first)."""
    parts = []
    amended = citations[0].section is not None and "Amendment" in citations[0].section
    for i, cite in enumerate(citations):
        sec = cite.section or ""
        where = sec if sec.startswith(("First", "Second", "Third", "Exhibit")) else f"Section {sec}"
        lead = "The lease, as amended, says" if i == 0 and amended else ("Originally" if amended else "The lease says")
        parts.append(f"{lead} ({where}, page {cite.page}): \u201c{cite.quote}\u201d")
    return LeaseAnswer(
        answer=" ".join(parts),
        citations=citations,
        risk_flags=risk_flags(citations),
        found=True,
        retrieval=mode,
    )


def _section_key(section: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", section))


def _is_amendment(c: dict[str, Any]) -> bool:
    return "Amendment" in (c["section"] or "")


def _score(pairs: list[tuple[dict[str, Any], float]], chunk: dict[str, Any]) -> float:
    return next(score for c, score in pairs if c is chunk)


def _after_heading(c: dict[str, Any]) -> str:
    """The section's text after its number and heading ("13.2 Standard for Consent. Landlord ...")."""
    body: str = c["body"]
    head = f"{c['heading']}."
    at = body.find(head)
    return body[at + len(head) :].lstrip() if at >= 0 else body


def abstain() -> LeaseAnswer:
    return LeaseAnswer(answer=f"{NOT_FOUND} {ESCALATE}", found=False)


_FLAGS = (
    (r"\b(shall not|prohibited|may not|not permitted)\b|\bno (dogs|animals|pets|signs?)\b", "restriction: not allowed"),
    (r"\bconsent\b", "needs the landlord's consent"),
    (r"\brecapture\b", "landlord may take the space back (recapture)"),
    (r"\b(penalty|liquidated damages|holdover|holding over)\b", "financial penalty"),
    (r"\b(waive|waives|waiver)\b", "rights waived"),
    (r"\b(default|terminate|termination)\b", "default or termination consequences"),
)


def risk_flags(citations: list[Citation]) -> list[str]:
    """Plain-language flags for what the quoted text imposes."""
    text = " ".join(c.quote for c in citations).lower()
    return [label for pattern, label in _FLAGS if re.search(pattern, text)]
