"""The shop's catalogue tools as plain functions over the `Database` handle (SQL only here).

- `search_base_products`: random keys quoted in the text are looked up exactly first; else the
  products whose search vector holds every distinctive word of the query (one GIN lookup), when
  that finds a few products and the best scores well; else trigram candidates on both folded
  names (`<%` word similarity, each name through its own GIN index, so one UNION instead of an
  OR that would scan the table) plus the products whose search vector holds every model code of
  the query. Either way ranked by whole-name similarity + word similarity + `ts_rank_cd` on the
  generated `simple` search vector + a model-code bonus. A query made only of catalogue words
  and no model code («گوشی سامسونگ», "lenovo laptop", Finglish written in Persian) is answered
  by the products holding every one of its words (the common-words lookup on `product_words`),
  before the whole-word lookup when it has no digit, after it otherwise.
- `get_product_features`: the whole flattened feature list of one base product.
- `get_seller_statistics`: price/score/warranty aggregates over a product's offers, optionally
  in one city and/or only shops with a warranty, plus the `numeric_answer` a question asks for.

Every key these return comes from a row; none is made up.
"""

from __future__ import annotations

import itertools
import re
import time
from typing import Any, Literal

from quarry.db import Database, Tx
from quarry.search.text import fold, fold_joined

from .models import Candidate, Feature, SellerStatistics
from .spelling import LATIN_TERMS, latin_terms
from .transliterate import finglish_to_persian, looks_finglish
from .variants import differences, name_readings, sounded_latin
from .vocab import CITIES, CatalogueWords, catalogue_words

KEY_PATTERN = re.compile(r"(?<![A-Za-z0-9])[a-z]{6}(?![A-Za-z0-9])")
"""A random key as the catalogue writes them: six lower-case letters standing alone."""
WORD_THRESHOLDS = (0.6, 0.4)
"""pg_trgm word-similarity thresholds: a strict pass (few candidates to recheck: fast on long
names) and, only when it finds nothing good, a loose one for typos and partial names."""
RETRY_BELOW = 1.5
"""A strict-pass best score below this runs the loose pass too."""
CODE_BONUS = 0.5
"""Added to the score of a product whose name holds every model code of the query."""
_CODE = re.compile(r"\d")
_LETTER = re.compile(r"[a-z]")
COMMON_SHARE = 0.05
"""Words in at least this share of products do not take part in finding candidates."""
CANDIDATES = 300
"""Candidates per name column before reranking."""
GOOD_ENOUGH = 1.6
"""A Latin query scoring below this (sim + word sim + rank) is also tried as Finglish."""
NEAR_EXACT = 2.8
"""A best score this high (of ~3) is the name as stored: no other spelling needs trying."""
WORDS_CAP = 100
"""More products than this holding every distinctive word of the query: too generic for the
whole-word lookup (ranking them all would cost more than the trigram lookup)."""
NEAR_CAP = 30
"""At most this many products holding all the distinctive words but one are ranked beside those
holding them all (the near misses the trigram lookup also listed: other colours, sizes, codes);
more, and only those holding them all are."""
NEAR_WORDS = 16
"""Near misses are looked for only in queries of at most this many distinctive words (the
all-but-one query grows with the square of their number: a pasted page would take seconds)."""
WORDS_GOOD_ENOUGH = 2.0
"""The whole-word lookup answers only when its best product scores at least this (of ~3)."""
SCORE_ALL = 100
"""The common-words lookup scores every product holding all the words when there are at most this
many; more («گوشی سامسونگ»: ~1,800 at 1M offers), and only the `FEWEST_TRIGRAMS` names with the
fewest trigrams of each script are scored."""
FEWEST_TRIGRAMS = 20
"""Per folded name column: holding every word of the query, the name with fewer trigrams has the
higher whole-name similarity. The other term that varies among such products is `ts_rank_cd`,
higher when a Latin word of the query is also in the Persian name (a brand written in Latin
there: weight A as well as B), so those are a third group of this many."""
_DIGIT = re.compile(r"\d")
Metric = Literal["min_price", "max_price", "avg_price", "median_price", "offers", "shops", "avg_score",
                 "max_score", "warranty_shops", "cities", "price_range", "models"]  # fmt: skip
"""Which aggregate a seller question asks for (becomes `numeric_answer`); "models" counts the products a
description fits (`product_count`), not one product's offers."""

_BY_KEYS = """
SELECT b.random_key, b.persian_name, b.english_name, 'key' AS matched, 9.0 AS score
FROM shop.base_products b
WHERE b.random_key = ANY(CAST(:keys AS text[])
                         || ARRAY(SELECT m.base_random_key FROM shop.members m
                                  WHERE m.random_key = ANY(CAST(:keys AS text[]))))
ORDER BY b.random_key
"""
"""Base keys, and the base products of member keys. One array of keys so both go through the
primary key index (an OR with the member subquery scanned every base product: ~80 ms at 1M
offers for any six-letter word such as "energy")."""
_SCORED = """
s AS (
    SELECT b.random_key, b.persian_name, b.english_name,
           greatest(similarity(:q, b.persian_fold), similarity(:q, b.english_fold)) AS sim,
           greatest(word_similarity(:q, b.persian_fold), word_similarity(:q, b.english_fold)) AS wsim,
           ts_rank_cd(b.search_vector, replace(plainto_tsquery('simple', :q)::text, '&', '|')::tsquery, 32)
           + CASE WHEN :codes <> '' AND b.search_vector @@ plainto_tsquery('simple', :codes)
                  THEN :code_bonus ELSE 0 END AS rank
    FROM c JOIN shop.base_products b USING (random_key)
)
SELECT random_key, persian_name, english_name, 'fuzzy' AS matched, sim + wsim + rank AS score
"""
"""The one score every lookup path ranks its candidates `c` by: whole-name similarity + word
similarity + `ts_rank_cd` (+ the model-code bonus)."""
_FUZZY = (
    """
WITH c AS (
    (SELECT random_key FROM shop.base_products WHERE :c <% persian_fold
     ORDER BY word_similarity(:c, persian_fold) DESC LIMIT :n)
    UNION
    (SELECT random_key FROM shop.base_products WHERE :c <% english_fold
     ORDER BY word_similarity(:c, english_fold) DESC LIMIT :n)
    UNION
    (SELECT random_key FROM shop.base_products
     WHERE :codes <> '' AND search_vector @@ plainto_tsquery('simple', :codes) LIMIT :n)
),"""
    + _SCORED
    + "FROM s ORDER BY score DESC, random_key LIMIT :k"
)
_BY_WORDS = (
    """
WITH t AS (
    SELECT array_agg(l.lexeme ORDER BY l.lexeme) AS words
    FROM unnest(to_tsvector('simple', :q)) l JOIN shop.term_df d ON d.term = l.lexeme
    WHERE d.ndoc < :share * (SELECT (value->>'base_products')::int FROM shop.catalogue_meta WHERE key = 'size')
), tq AS (
    SELECT plainto_tsquery('simple', array_to_string(words, ' ')) AS every_word,
           (SELECT string_agg('(' || x::text || ')', ' | ')
            FROM unnest(words) w, plainto_tsquery('simple', array_to_string(array_remove(words, w), ' ')) x
            WHERE numnode(x) > 0 AND cardinality(words) <= :near_words)::tsquery AS all_but_one
    FROM t
), every_word AS (
    SELECT random_key FROM shop.base_products WHERE search_vector @@ (SELECT every_word FROM tq) LIMIT :words_cap + 1
), all_but_one AS (
    SELECT random_key FROM shop.base_products WHERE search_vector @@ (SELECT all_but_one FROM tq) LIMIT :near_cap + 1
), c AS (
    SELECT random_key FROM every_word
    UNION
    SELECT random_key FROM all_but_one WHERE (SELECT count(*) FROM all_but_one) <= :near_cap
),"""
    + _SCORED
    + """, random_key IN (SELECT random_key FROM every_word) AS every_word
FROM s WHERE (SELECT count(*) FROM every_word) BETWEEN 1 AND :words_cap ORDER BY score DESC, random_key"""
)
"""The whole-word lookup: the products whose search vector holds every distinctive word of the
query that some product has (common words, and words no product has — a typo, «چقدر», "what" —
left out), and when there are few, those holding all of them but one; nothing when more than
`:words_cap` products hold them all (a generic query). Both through the search-vector GIN index."""


_BY_COMMON_WORDS = (
    """
WITH l AS (
    SELECT d.term IS NOT NULL AS known FROM unnest(to_tsvector('simple', :q)) l
    LEFT JOIN shop.term_df d ON d.term = l.lexeme
), latin AS (
    SELECT string_agg(quote_literal(lexeme) || :weight, ' | ')::tsquery AS in_persian_name
    FROM unnest(to_tsvector('simple', :q)) WHERE lexeme ~ '^[a-z]'
), m AS MATERIALIZED (
    SELECT random_key, persian_trgm, english_trgm,
           coalesce(search_vector @@ (SELECT in_persian_name FROM latin), false) AS latin_in_persian_name
    FROM shop.product_words
    WHERE (SELECT count(*) > 0 AND bool_and(known) FROM l) AND search_vector @@ plainto_tsquery('simple', :q)
), c AS (
    (SELECT random_key FROM m ORDER BY persian_trgm, random_key LIMIT :fewest)
    UNION
    (SELECT random_key FROM m ORDER BY english_trgm, random_key LIMIT :fewest)
    UNION
    (SELECT random_key FROM m WHERE latin_in_persian_name ORDER BY english_trgm, random_key LIMIT :fewest)
    UNION
    (SELECT random_key FROM m WHERE (SELECT count(*) FROM m) <= :score_all LIMIT :score_all)
),"""
    + _SCORED
    + "FROM s ORDER BY score DESC, random_key LIMIT :k"
)
"""The common-words lookup: the products holding every word of the query, common ones included,
when each of its words is a catalogue word (a query with a misspelt word or a question word is
left to the other lookups), read from the narrow `product_words` copy (migration 006)."""


def quoted_keys(text: str) -> list[str]:
    """Random keys quoted in `text`, in order ("return base random key: yxhwur" → ['yxhwur'])."""
    return list(dict.fromkeys(KEY_PATTERN.findall(text)))


def model_codes(folded: str) -> str:
    """The model codes in a folded query ("pixma mg2462 مشکی" → "mg2462"): words mixing Latin
    letters and digits, which name one product where the other words name many.

    >>> model_codes("پرینتر کانن مدل pixma mg2462 128gb")
    'mg2462 128gb'
    """
    return " ".join(w for w in folded.split() if _CODE.search(w) and _LETTER.search(w))


def _distinctive(tx: Tx, folded: str) -> str:
    """`folded` without its very common words (in ≥ `COMMON_SHARE` of the products), or all of it
    when nothing distinctive is left: the text trigram candidates are looked up with (a long name
    full of «گوشی موبایل … گیگابایت» otherwise rechecks thousands of rows). The whole query
    still ranks the candidates."""
    words = folded.split()
    common = {
        r["term"]
        for r in tx.fetch_all(
            "SELECT term FROM shop.term_df WHERE term = ANY(CAST(:w AS text[])) AND ndoc >= :share *"
            " (SELECT (value->>'base_products')::int FROM shop.catalogue_meta WHERE key = 'size')",
            {"w": words, "share": COMMON_SHARE},
        )
    }
    kept = [w for w in words if w not in common]
    return " ".join(kept) if kept else folded


def _by_words(db: Database, query: str, limit: int) -> list[Candidate] | None:
    """The whole-word lookup's ranked products, or None when it is not conclusive: no product holds
    every distinctive word, too many do (a generic query), or the best of those that do scores
    below `WORDS_GOOD_ENOUGH` (then the trigram lookup decides, as it always did)."""
    q = fold_joined(query).strip()
    if not q:
        return None
    params = {"q": q, "share": COMMON_SHARE, "words_cap": WORDS_CAP, "near_cap": NEAR_CAP, "near_words": NEAR_WORDS,
              "codes": model_codes(q),
              "code_bonus": CODE_BONUS}  # fmt: skip
    rows = db.fetch_all(_BY_WORDS, params)
    at = next((i for i, r in enumerate(rows) if r["every_word"]), None)
    if at is None or rows[at]["score"] < WORDS_GOOD_ENOUGH:
        return None
    # A product missing one of the words never goes above the best one holding them all (so the
    # list stays in score order, as merging with another spelling's list expects).
    ranked = rows[at : at + limit]
    return [Candidate(**{k: v for k, v in r.items() if k != "every_word"}, searched=q) for r in ranked]


def _by_common_words(db: Database, query: str, limit: int) -> list[Candidate] | None:
    """The products holding every word of `query` (common words included), ranked by the one score;
    None when a word of the query is no catalogue word, the query holds a model code, or no product
    holds them all."""
    q = fold_joined(query).strip()
    codes = model_codes(q)
    if not q or codes:
        return None
    params = {"q": q, "codes": codes, "code_bonus": CODE_BONUS, "fewest": FEWEST_TRIGRAMS, "score_all": SCORE_ALL,
              "weight": ":A", "k": limit}  # fmt: skip
    rows = db.fetch_all(_BY_COMMON_WORDS, params)
    return [Candidate(**r, searched=q) for r in rows] or None


def _finglish_words(db: Database, query: str) -> tuple[str, bool] | None:
    """`query` with each Latin word that no product has written in Persian script ("yakhchal
    snowa" → «یخچال snowa»: brand names stay as shops write them), two words joined when only
    the joined word is a catalogue word, and whether every word of that is a catalogue word;
    None when every word of `query` is a catalogue word already (English, not Finglish)."""
    words = fold_joined(query).split()
    known = _known_terms(db, words)
    if all(w in known for w in words):
        return None
    # Only the unknown words: the transliterator tries its letters' readings exhaustively
    # ("refrigerator": ~6 ms).
    persian = [w if w in known or not w.isalpha() else finglish_to_persian(w) for w in words]
    # Each Finglish word is transliterated alone, but shops write some names as one word
    # ("jaroo barghi" → «جارو برقی», written «جاروبرقی»).
    joined = [a + b for a, b in itertools.pairwise(persian)]
    known |= _known_terms(db, persian + joined)
    out: list[str] = []
    for w in persian:
        if out and out[-1] not in known and out[-1] + w in known:
            out[-1] += w
        else:
            out.append(w)
    return " ".join(out), all(w in known for w in out)


_SPELLED = """
SELECT w.word, c.term
FROM unnest(CAST(:words AS text[])) AS w(word)
CROSS JOIN LATERAL (
    SELECT t.term FROM shop.term_df t
    WHERE length(t.term) BETWEEN length(w.word) - 2 AND length(w.word) + 2
      AND levenshtein_less_equal(t.term, w.word, 2) <= 2
    ORDER BY levenshtein(t.term, w.word), t.ndoc DESC, t.term
    LIMIT 5
) AS c
"""
SPELL_MIN_LETTERS = 4
"""Shorter unknown words are left alone: one edit away from too many catalogue words."""


def edits(a: str, b: str) -> int:
    """Edits from `a` to `b` counting a swap of two neighbouring letters as one ("phnoe" → "phone")."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def _spelled(db: Database, query: str) -> str | None:
    """`query` with each word no product has written as catalogue words: split in two when both
    halves are catalogue words («لپتاپ» → «لپ تاپ»), else the nearest catalogue word one edit
    away (two for words over 5 letters; a swap of neighbours is one; the more common on a tie):
    «laptopp» → «laptop», «phnoe» → «phone», «سامسونک» → «سامسونگ». None when a word has no such
    spelling or nothing changes."""
    words = fold_joined(query).split()
    known = _known_terms(db, words)
    unknown = [w for w in dict.fromkeys(words) if w not in known]
    if not unknown or any(len(w) < SPELL_MIN_LETTERS or not w.isalpha() for w in unknown):
        return None
    splits = {w: [(w[:i], w[i:]) for i in range(2, len(w) - 1)] for w in unknown}
    halves = _known_terms(db, [h for pairs in splits.values() for pair in pairs for h in pair])
    fixed = {w: f"{a} {b}" for w, pairs in splits.items() for a, b in pairs if a in halves and b in halves}
    rest = [w for w in unknown if w not in fixed]
    if rest:
        for r in db.fetch_all(_SPELLED, {"words": rest}):
            word, term = r["word"], r["term"]
            if word not in fixed and edits(word, term) <= (1 if len(word) <= 5 else 2):
                fixed[word] = term
    if len(fixed) < len(unknown):
        return None
    return " ".join(fixed.get(w, w) for w in words)


def _known_terms(db: Database, words: list[str]) -> set[str]:
    """The words that are catalogue words (in some product's name)."""
    sql = "SELECT term FROM shop.term_df WHERE term = ANY(CAST(:w AS text[]))"
    return {r["term"] for r in db.fetch_all(sql, {"w": list(dict.fromkeys(words))})}


def _by_whole_words(db: Database, query: str, limit: int) -> list[Candidate] | None:
    """The whole-word lookups in their order for `query`; None when neither settles it.

    A query of catalogue words without a digit («گوشی سامسونگ», "lenovo laptop") names what every
    product it wants holds: those products first, none missing a word. A query with a digit mostly
    names one product: whole words first (a GIN lookup of a handful of rows instead of rechecking
    1,000-2,000 trigram candidates at ~15 µs each, most of a lookup's time at 1M offers), then the
    common words (a generic «گوشی سامسونگ ۱۲۸ گیگابایت»)."""
    lookups = (_by_words, _by_common_words) if _DIGIT.search(query) else (_by_common_words, _by_words)
    for lookup in lookups:
        settled = lookup(db, query, limit)
        if settled is not None:
            return settled
    return None


def _fuzzy(db: Database, query: str, limit: int, *, words_first: bool = True) -> list[Candidate]:
    if words_first:
        settled = _by_whole_words(db, query, limit)
        if settled is not None:
            return settled
        # A typo («lenovo laptopp») fails every whole-word lookup; spelled right, the same lookups
        # answer in a few ms where the trigram lookup below takes ~100 ms at 1M offers.
        spelled = _spelled(db, query)
        if spelled is not None and (settled := _by_whole_words(db, spelled, limit)) is not None:
            return settled
    found: list[Candidate] = []
    for threshold in WORD_THRESHOLDS:
        found = _merge(found, _candidates(db, query, limit, threshold), limit)
        if found and found[0].score >= RETRY_BELOW:
            break
    return found


def _candidates(db: Database, query: str, limit: int, threshold: float) -> list[Candidate]:
    q = fold_joined(query).strip()
    if not q:
        return []
    with db.transaction(read_only=True) as tx:
        tx.execute("SELECT set_config('pg_trgm.word_similarity_threshold', :t, true)", {"t": str(threshold)})
        # The planner's row estimate for `<%` is poor and it picks a full scan for common
        # words; the trigram index is always the faster path here.
        tx.execute("SELECT set_config('enable_seqscan', 'off', true)")
        params = {"q": q, "c": _distinctive(tx, q), "codes": model_codes(q), "code_bonus": CODE_BONUS}
        # Text without a trigram (punctuation, emoji) matches no name, but the GIN index would
        # hand every row over to recheck first: ~2.7 s at 1M offers.
        if not params["codes"] and not tx.scalar("SELECT cardinality(show_trgm(:c)) > 0", params):
            return []
        rows = tx.fetch_all(_FUZZY, {**params, "n": CANDIDATES, "k": limit})
    return [Candidate(**r, searched=q) for r in rows]


_TO_PERSIAN = {en.lower(): fa for fa, en in LATIN_TERMS.items()}
_TO_PERSIAN_RE = re.compile(
    r"(?<![a-z])(" + "|".join(map(re.escape, sorted(_TO_PERSIAN, key=len, reverse=True))) + r")(?![a-z])", re.I
)


def _persian_terms(text: str) -> str:
    """Latin brand/series names in Persian script, whatever their case ("zarin iran" → "زرین ایران")."""
    return _TO_PERSIAN_RE.sub(lambda m: _TO_PERSIAN[m.group(1).lower()], text)


def _merge(a: list[Candidate], b: list[Candidate], limit: int) -> list[Candidate]:
    """Each product's best score of two searches, best first: `limit` of them and any tied with the last
    (two products scoring alike are alike to the search: cutting one would make the other the only fit)."""
    best: dict[str, Candidate] = {}
    for c in (*a, *b):
        if c.random_key not in best or c.score > best[c.random_key].score:
            best[c.random_key] = c
    ranked = sorted(best.values(), key=lambda c: (-c.score, c.random_key))
    if len(ranked) <= limit:
        return ranked
    last = ranked[limit - 1].score
    return ranked[:limit] + [c for c in ranked[limit:] if abs(c.score - last) < TIE]


TIE = 1e-6
"""Scores closer than this are the same score."""


def search_base_products(db: Database, query: str, *, limit: int = 5) -> list[Candidate]:
    """Best matching base products for `query`, best first (exact random keys first), each followed by
    its listing twins; products scoring as the last kept are kept too (`_merge`)."""
    found = _search(db, query, limit)
    kept = _merge(found, [], limit)
    # When none kept fits every distinguishing word said, one past the limit that does («… بنفش» found by
    # its colour's reading) is the answer, not a candidate to cut.
    words = catalogue_words(db)
    if not _one_fits(kept, query, words):
        kept += [c for c in found if c not in kept and _one_fits([c], query, words)]
    return with_listing_twins(db, kept)


def _one_fits(found: list[Candidate], text: str, words: CatalogueWords) -> bool:
    """Some candidate good enough matches every distinguishing word of `text` (`variants.differences`)."""
    good = [c for c in found if c.score >= MIN_FIT_SCORE]
    return any(not differences(text, c.english_name, c.persian_name, words.colours, words.knows) for c in good)


MIN_FIT_SCORE = 1.0
"""A candidate scoring below this is no fit, whatever its distinguishing words (the lookup's floor)."""


_TWINS = """
SELECT f.random_key AS twin_of, t.random_key, t.persian_name, t.english_name, t.listing_name
FROM shop.base_products f
JOIN shop.base_products t ON t.listing_name = f.listing_name AND t.random_key <> f.random_key
WHERE f.random_key = ANY(CAST(:keys AS text[]))
ORDER BY t.english_name, t.random_key
"""
MAX_TWINS = 10
"""At most this many listing twins are added (a T-shirt line holds a dozen coded listings)."""


def with_listing_twins(db: Database, found: list[Candidate]) -> list[Candidate]:
    """`found` with each name-matched product's listing twins: the same product listed with and without
    a seller code (migration 008). Twins score alike, the best of them, since the code is the one word
    that tells them apart and a search text without it ranks the shorter name higher ("airpods max
    silver": 2.3 and 2.0). Whether the user's words name one of them (the code said) is for
    `variants.differences` to tell."""
    named = [c.random_key for c in found if c.matched == "fuzzy"]
    if not named:
        return found
    by_key = {c.random_key: c for c in found}
    twins: dict[str, list[Candidate]] = {}
    twinned: set[str] = set()
    for r in db.fetch_all(_TWINS, {"keys": named}):
        of, key, listing = by_key[r["twin_of"]], r["random_key"], r["listing_name"]
        by_key[of.random_key] = by_key[of.random_key].model_copy(update={"listing": listing})
        if key in by_key:
            if by_key[key].matched == "fuzzy" and by_key[key].score < of.score:
                by_key[key] = by_key[key].model_copy(update={"score": of.score})
            continue
        if len(twinned) >= MAX_TWINS or key in twinned:
            continue
        twinned.add(key)
        named_as = {k: r[k] for k in ("random_key", "persian_name", "english_name")}
        twins.setdefault(of.random_key, []).append(of.model_copy(update={**named_as, "listing": listing}))
    listed = [x for c in found for x in (by_key[c.random_key], *twins.get(c.random_key, []))]
    return sorted(listed, key=lambda c: -c.score)


def _search(db: Database, query: str, limit: int, *, words_first: bool = True) -> list[Candidate]:
    """`search_base_products`; `words_first=False` skips the whole-word lookup (the trigram
    lookup alone, which tests hold the whole-word answers against)."""
    keys = quoted_keys(query)
    if keys:
        rows = db.fetch_all(_BY_KEYS, {"keys": keys})
        # Keys quoted as base keys in the order quoted, then the base products of member keys.
        rows.sort(key=lambda r: keys.index(r["random_key"]) if r["random_key"] in keys else len(keys))
        if rows:
            return [Candidate(**r, searched=",".join(keys)) for r in rows][:limit]
    text, finglish = query, looks_finglish(query)
    if words_first and finglish and not _DIGIT.search(query):
        # A Latin query without a digit (one with a digit mostly names a product, and the
        # whole-word lookup settles it): its Finglish words written in Persian script, catalogue
        # words kept. When every word is then a catalogue word, that is the query (the Latin text
        # never goes through the trigram lookup) and no Finglish retry follows (catalogue words
        # alone are English, not Finglish).
        written = _finglish_words(db, query)
        if written is None or written[1]:
            text, finglish = written[0] if written else query, False
    found = _fuzzy(db, text, limit, words_first=words_first)
    # Shops write brand and series names in either script: also try the query with them in the
    # other script, and keep each product's best score.
    if not found or found[0].score < NEAR_EXACT:
        for variant in {_persian_terms(text), latin_terms(text)} - {text}:
            found = _merge(found, _fuzzy(db, variant, limit, words_first=words_first), limit)
    # A colour or a compound written another way («طوسی», "banafsh", «همه کاره»), a Latin name in Persian
    # letters («گاردیت»): the name as the catalogue writes it, in either script, since the product's other
    # words then weigh more than its colour. Only when nothing found fits every distinguishing word said or
    # a name was heard in Persian letters (each reading costs a search: most names are found as written).
    words = catalogue_words(db)
    if not _one_fits(found, text, words) or sounded_latin(text, words) != text:
        for reading in name_readings(text, words):
            for variant in dict.fromkeys((reading, _persian_terms(reading), latin_terms(reading))):
                found = _merge(found, _fuzzy(db, variant, limit, words_first=words_first), limit)
    if finglish and (not found or found[0].score < GOOD_ENOUGH):
        persian = finglish_to_persian(query)
        # Product-line words come back in Persian ("آیفون") but shops write them in Latin too.
        for variant in dict.fromkeys((persian, latin_terms(persian))):
            if variant and variant != query:
                again = _fuzzy(db, variant, limit, words_first=words_first)
                if again and (not found or again[0].score > found[0].score):
                    found = again
    return found


def _flatten(prefix: str, value: Any, out: list[Feature]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(f"{prefix}.{k}" if prefix else str(k), v, out)
    elif isinstance(value, list):
        out.append(Feature(name=prefix, value="، ".join(str(v) for v in value)))
    else:
        out.append(Feature(name=prefix, value=str(value)))


def get_product_features(db: Database, base_key: str) -> list[Feature] | None:
    """Every feature of base product `base_key` as (name, value) pairs; None when no such product."""
    row = db.fetch_one("SELECT extra_features FROM shop.base_products WHERE random_key = :k", {"k": base_key})
    if row is None:
        return None
    out: list[Feature] = []
    _flatten("", row["extra_features"] or {}, out)
    return out


def city_id(name: str | None) -> int | None:
    """The id of a city named in Persian or English (any spelling `fold` evens out); None if unknown."""
    if not name:
        return None
    wanted = fold(name).strip()
    for c in CITIES:
        if wanted in (fold(c.fa), fold(c.en)):
            return c.id
    return None


_STATS = """
SELECT count(*) AS offers, count(DISTINCT m.shop_id) AS shops,
       min(m.price) AS min_price, max(m.price) AS max_price, round(avg(m.price))::bigint AS avg_price,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY m.price)::numeric)::bigint AS median_price,
       round(avg(s.score)::numeric, 2)::float AS avg_score, max(s.score)::float AS max_score,
       count(*) FILTER (WHERE s.has_warranty) AS warranty_offers,
       count(DISTINCT m.shop_id) FILTER (WHERE s.has_warranty) AS warranty_shops,
       count(DISTINCT s.city_id) AS cities, max(m.price) - min(m.price) AS price_range
FROM shop.members m JOIN shop.shops s ON s.id = m.shop_id
WHERE m.base_random_key = :k
  AND (CAST(:city AS integer) IS NULL OR s.city_id = CAST(:city AS integer))
  AND (CAST(:warranty AS boolean) IS NULL OR s.has_warranty = CAST(:warranty AS boolean))
  -- score is real: a bound cast to float would put a shop rated 4.2 (4.1999998 as real) below 4.2
  AND (CAST(:min_score AS real) IS NULL OR s.score >= CAST(:min_score AS real))
  AND (CAST(:max_score AS real) IS NULL OR s.score <= CAST(:max_score AS real))
  AND (CAST(:below AS bigint) IS NULL OR m.price < CAST(:below AS bigint))
  AND (CAST(:above AS bigint) IS NULL OR m.price > CAST(:above AS bigint))
"""


def _either(a: float | None, b: float | None) -> float | None:
    return a if a is not None else b


def get_seller_statistics(
    db: Database,
    base_key: str,
    *,
    city: str | None = None,
    has_warranty: bool | None = None,
    metric: Metric | None = None,
    min_score: float | None = None,
    max_score: float | None = None,
    price_below: int | None = None,
    price_above: int | None = None,
) -> SellerStatistics | None:
    """Aggregates over the offers of `base_key` (None when no such product); `metric` picks `numeric_answer`.
    Shops can be limited by city, warranty and score, offers by price; `applied` names each filter used."""
    started = time.perf_counter()
    if db.scalar("SELECT 1 FROM shop.base_products WHERE random_key = :k", {"k": base_key}) is None:
        return None
    cid = city_id(city)
    if city and cid is None:
        return SellerStatistics(base_random_key=base_key, city=city, has_warranty=has_warranty,
                                note=f"unknown city {city!r}", unresolved=[city])  # fmt: skip
    params = {"k": base_key, "city": cid, "warranty": has_warranty, "min_score": min_score, "max_score": max_score,
              "below": price_below, "above": price_above}  # fmt: skip
    row = db.fetch_one(_STATS, params) or {}
    used = {"city": cid, "warranty": has_warranty, "seller_score": _either(min_score, max_score),
            "price": _either(price_below, price_above)}  # fmt: skip
    applied = [name for name, value in used.items() if value is not None]
    stats = SellerStatistics(base_random_key=base_key, city=city, has_warranty=has_warranty, metric=metric,
                             min_score=min_score, max_score_filter=max_score, price_below=price_below,
                             price_above=price_above, applied=applied, **row)  # fmt: skip
    if metric is not None and stats.offers:
        value = getattr(stats, metric)
        stats.numeric_answer = value
    stats.ms = round((time.perf_counter() - started) * 1000, 2)
    return stats
