"""The multi-turn narrowing dialogue ("I want a cheap fridge" → questions → numbered options → «۲»).

One turn of `coordinate`:
1. Options on screen: a number or ordinal («۲», «دومی», "the first one": `picks.py`) picks one and
   returns its member key (cached for 60 s, so the same reply repeated returns the same key); a
   reply naming a constraint (city, budget, brand, size, colour, feature) is applied and the options
   are recomputed; a reply stating nothing replays them. A number answering a question picks that
   rank of the current search.
2. Otherwise the utterance becomes a `MemberDelta` (model extractor, offline the regex
   reader) plus the features of the category it names in the stored `extra_features`
   (`narrow_features`), applied to the `MemberDetails`. A place named ("in X", «در X») that is no city of
   the catalogue is asked back by name before any search (never searched everywhere); else
   one candidate search runs (`narrow_search`).
3. Nothing matches: constraints are dropped one at a time in `RELAX_ORDER` (keywords →
   attributes → price → brand → city → category → min score → warranty) and the reply says which.
   Only that turn's search is relaxed: the next turn searches with every stated constraint again.
4. More than five offers and fewer than two questions asked: ask `product_scope` (brand /
   budget) then `shop_scope` (city / warranty), each only if it would add something.
5. Else the top five offers as numbered options.
A stop reason (selected, cancelled, nothing found) ends the dialogue and it is forgotten.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass

from pydantic import BaseModel, Field
from pydantic_ai.models import Model

from quarry.agent import AgentFailed, DecisionStep, PlanStep, RetrievalStep, TraceStep
from quarry.db import Database
from quarry.search.text import fold_joined
from quarry.settings import Settings

from .multiturn_nlu import names_a_code
from .narrow_bounds import feature_bounds
from .narrow_features import english_forms, features_named, name_said
from .narrow_nlu import extract_delta, nlu_agent, offline_nlu
from .narrow_search import TOP, Found, search_offers
from .nlu import as_written, ask_for_city, feature_lifted, place_named, unit_forms
from .offer_count import offers_counted
from .picks import ignorable, picked_extreme, picked_number, said_extreme
from .question_words import words as phrases
from .question_words import writes_persian
from .retry import run_with_retry
from .tools import search_base_products
from .turnstate import RELAX_ORDER, MemberDelta, MemberDetails, Option, Question, TurnState
from .vocab import COLOUR_KEY, CatalogueWords, catalogue_words

SELECTION_TTL_S = 60.0
_FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
_RELAX_WORDS = {
    "keywords": ("کلمات جست‌وجو", "the search words"), "attributes": ("ویژگی‌ها", "the attributes"),
    "price": ("بازه قیمت", "the price range"), "brand_id": ("برند", "the brand"), "city_id": ("شهر", "the city"),
    "category_id": ("دسته", "the category"), "min_score": ("حداقل امتیاز", "the minimum score"),
    "has_warranty": ("گارانتی", "the warranty"),
}  # fmt: skip


class Selection(BaseModel):
    """The last option a chat picked (kept 60 s so a repeated reply returns the same offer)."""

    number: int
    member_random_key: str
    at: float = Field(description="Unix time of the pick.")

    def fresh(self, number: int) -> bool:
        return number == self.number and time.time() - self.at <= SELECTION_TTL_S


@dataclass
class Reply:
    """What one dialogue turn answers, and the state to keep (None: forget the chat's dialogue)."""

    message: str
    state: TurnState | None
    member_random_keys: list[str] | None = None
    trace: list[TraceStep] | None = None
    selected: int | None = None
    """The option number picked this turn (the caller caches it with its member key for 60 s)."""


def _fa(text: str, persian: bool) -> str:
    return text.translate(_FA_DIGITS) if persian else text


def _price(n: int, persian: bool) -> str:
    return _fa(f"{n:,}", persian).replace(",", "٬" if persian else ",")


def render_options(options: list[Option], persian: bool) -> str:
    head = (
        "این گزینه‌ها را پیدا کردم؛ شماره‌ی یکی را بفرستید:" if persian else "Here are the options; reply with a number:"
    )
    lines = [head]
    for i, o in enumerate(options, start=1):
        w = (
            ("با گارانتی" if o.has_warranty else "بدون گارانتی")
            if persian
            else ("warranty" if o.has_warranty else "no warranty")
        )
        unit = "تومان" if persian else "Toman"
        lines.append(f"{_fa(str(i), persian)}. {o.name} — {_price(o.price, persian)} {unit} — {o.city}، {w}"
                     if persian else f"{i}. {o.name} — {_price(o.price, persian)} {unit} — {o.city}, {w}")  # fmt: skip
    return "\n".join(lines)


def _question(q: Question, found: Found, persian: bool) -> str:
    if q == "product_scope":
        brands = "، ".join(b.label for b in found.brands[:4])
        bands = sorted(int(b.label) for b in found.price_bands[:4])
        if persian:
            budget = f"؛ بیشتر پیشنهادها از {_price(bands[0], True)} تومان به بالاست" if bands else ""
            return f"{_fa(f'{found.total:,}', True)} پیشنهاد پیدا شد. برند یا سقف بودجه‌ی خاصی مد نظرتان است؟ " \
                   f"(برندهای پرتکرار: {brands}{budget})"  # fmt: skip
        return f"I found {found.total:,} offers. Any brand or maximum budget in mind? (common brands: {brands})"
    cities = "، ".join(c.label for c in found.cities[:4])
    if persian:
        return f"در کدام شهر خرید می‌کنید و آیا فروشنده باید گارانتی بدهد؟ (شهرهای پرتکرار: {cities})"
    return f"Which city are you buying in, and do you need a warranty? (common cities: {cities})"


def _next_question(d: MemberDetails, asked: list[Question]) -> Question | None:
    """The next clarifying question that would add something (at most two, in order)."""
    if len(asked) >= 2:
        return None
    if "product_scope" not in asked and d.brand_id is None and d.max_price is None and not d.keywords:
        return "product_scope"
    if "shop_scope" not in asked and (d.city_id is None or d.has_warranty is None):
        return "shop_scope"
    return None


def _unknown_place(text: str, delta: MemberDelta, words: CatalogueWords) -> str | None:
    """The place ("in X", «در X») the utterance names that is no city of the catalogue, as written;
    None when it names none or the extractor found a city."""
    if delta.city_id is not None:
        return None
    place = place_named(fold_joined(text), words)
    if place is None or place.city is not None:
        return None
    return as_written(place.folded, text)


async def _delta(text: str, settings: Settings, model: Model | None) -> tuple[MemberDelta, str | None]:
    try:
        r = await run_with_retry(
            nlu_agent(),
            text,
            settings=settings,
            offline=offline_nlu,
            name="multiturn-nlu-extractor",
            model=model,
            timeout_s=10.0,
            model_name=settings.openai_multiturn_nlu_model,
        )
        return r.output, r.model
    except AgentFailed:
        return extract_delta(text), "regex fallback"


async def coordinate(
    db: Database,
    settings: Settings,
    state: TurnState | None,
    text: str,
    *,
    last_selection: Selection | None = None,
    nlu_model: Model | None = None,
) -> Reply:
    """One turn of the narrowing dialogue (see the module docstring); `last_selection` is the
    chat's previous pick, answered again when the same number comes within 60 seconds."""
    state = state.model_copy(deep=True) if state else TurnState()
    state.turns += 1
    persian = writes_persian(text) or (not text.strip())
    number = picked_number(text)
    trace: list[TraceStep] = []
    if number is not None and state.options and 1 <= number <= len(state.options):
        return _select(state.options[number - 1], number, persian, trace, "option shown")
    vocabulary = await db.run(catalogue_words, db)
    extreme = picked_extreme(text, vocabulary.knows) if state.options or state.details.scoped() else None
    lifted = feature_lifted(text, vocabulary) if state.details.scoped() else None
    if extreme is not None and (
        lifted is not None
        or _states_offer_scope(text, vocabulary)
        or await db.run(_states_a_feature, db, text, state.details.category_id, vocabulary)
    ):
        # "the cheapest one from a seller with a warranty", «مکانیزمش مهم نیست، ارزون‌ترینو بگو»: a constraint
        # (or one lifted) and a pick, read below together.
        extreme = None
    # «ارزون‌ترینش کدومه؟», "the cheapest one": the cheapest (or dearest) offer under every constraint
    # gathered so far, which the options on screen are the first of; those options when none is found.
    picked = (
        None
        if extreme is None
        else await _extreme_offer(db, state.details, extreme, state.options, persian, trace, text)
    )
    if picked is not None:
        return picked
    if number is not None and not state.options and last_selection is not None and last_selection.fresh(number):
        trace.append(DecisionStep(step="select", action="cached", model="policy", reason="same reply within 60 s"))
        msg = f"گزینه‌ی {_fa(str(number), True)}" if persian else f"Option {number}"
        return Reply(msg, None, [last_selection.member_random_key], trace)
    if number is not None and not state.options and state.details != MemberDetails():
        # A number answering a question: the offer ranked there under every constraint gathered so far.
        found = await db.run(search_offers, db, state.details)
        trace.append(_retrieval(found, state.details))
        if 1 <= number <= len(found.top):
            return _select(found.top[number - 1], number, persian, trace, "ranked under the constraints")
    shown = bool(state.options)
    counted = offers_counted(text) if state.details.scoped() else None
    if counted is not None:
        text = counted  # «چند تا پیشنهاد داری؟»: the count words are no constraint
    delta, used = await _delta(text, settings, nlu_model)
    if not delta.stop and (category := delta.category_id or state.details.category_id) is not None:
        delta = await db.run(with_features, db, delta, text, category, vocabulary)
    if lifted is not None:
        # "the mechanism doesn't matter": that feature no longer filters (its value is no keyword either).
        delta.attributes.pop(lifted, None)
        delta.ranges.pop(lifted, None)
        delta.cleared.append(f"feature:{lifted}")
        delta.keywords = [k for k in delta.keywords if not fold_joined(k).startswith(fold_joined(lifted))]
    unknown = None if delta.stop else _unknown_place(text, delta, vocabulary)
    if unknown is not None:
        # The place is asked back, not searched for as a word of the product's name.
        delta.keywords = [k for k in delta.keywords if fold_joined(k) != fold_joined(unknown)]
    stated = delta.model_dump(exclude_defaults=True)
    trace.append(
        PlanStep(step="nlu", action="delta", model=used, reason=str(stated),
                 filters={**stated, "unresolved": [unknown]} if unknown else stated)
    )  # fmt: skip
    unread = [k for k in delta.keywords if not vocabulary.knows(k)]
    nothing_read = (
        not delta.stop
        and unknown is None
        and delta.model_copy(update={"keywords": []}).is_empty()
        and (len(unread) == len(delta.keywords))
    )
    if nothing_read and counted is None and (shown or (state.details.scoped() and unread)):
        # No constraint read ("hmm which one", «راستی ارسال به شهرستان دارین؟»): the options on screen are
        # shown again, or the dialogue waits for its next constraint; the words are said back, and nothing
        # is searched with them.
        reason = f"no constraint in {unread}" if unread else "not an option number"
        trace.append(DecisionStep(step="select", action="replay" if shown else "wait", model="policy", reason=reason))
        said = _not_read(unread, persian)
        if shown:
            return Reply(said + render_options(state.options, persian), state, None, trace)
        more = (
            "شرط بعدی را بگویید (برند، بودجه، شهر، ...)."
            if persian
            else "Tell me the next condition (brand, budget, city...)."
        )
        return Reply(said + more, state, None, trace)
    if delta.stop:
        return Reply(
            "باشه؛ هر وقت خواستید دوباره بپرسید." if persian else "OK — ask again any time.", None, None, trace
        )
    if unknown is not None:
        # Searching without it would show offers from every city: ask which city is meant instead,
        # keeping what else the utterance said.
        state.details = delta.apply(state.details)
        trace.append(DecisionStep(step="clarify", action="unknown_city", model="policy", reason=f"no city {unknown!r}",
                                  codes=["unresolved_place"]))  # fmt: skip
        return Reply(ask_for_city(unknown, persian=persian), state, None, trace)
    details = delta.apply(state.details)
    if details.category_id is None and details.keywords:
        details = await db.run(with_category_of_names, db, details, trace)
    if not details.scoped():
        # A budget or a city alone would range over the whole catalogue: ask what product, keeping them.
        state.details = details
        msg = "دنبال چه محصولی هستید؟" if persian else "What product are you looking for?"
        return Reply(msg, state if state.turns > 1 or details != MemberDetails() else None, None, trace)
    if counted is not None:
        return await _count_reply(db, state, details, vocabulary, trace)
    found = await db.run(search_offers, db, details)
    trace.append(_retrieval(found, details))
    # What the shopper has said is kept; only this turn's search is relaxed. A later turn that raises the
    # budget or changes the city searches with every stated constraint again ("nothing under 40M? then up
    # to 50M": the 20-foot minimum said earlier still holds). Name words that matched nothing stay dropped:
    # they named no product, and every later search would set them aside again.
    all_said = details
    dropped: list[str] = []
    unread_words = [k for k in details.keywords if not vocabulary.knows(k) and not k.isdigit()]
    if found.total == 0 and unread_words:
        # Words no product's name holds («کامل», a slip) go first, said back; the name words stay.
        details = details.model_copy(update={"keywords": [k for k in details.keywords if k not in unread_words]})
        dropped.append("unread")
        found = await db.run(search_offers, db, details)
        trace.append(_retrieval(found, details, relaxed="keywords"))
    while found.total == 0:
        constraint = next((c for c in _relax_order(details) if details.has(c)), None)
        if constraint is None or not details.without(constraint).scoped():
            break  # never relaxed into the whole catalogue: the product asked for stays the question
        details = details.without(constraint)
        dropped.append(constraint)
        found = await db.run(search_offers, db, details)
        trace.append(_retrieval(found, details, relaxed=constraint))
    if found.total == 0:
        msg = "چیزی پیدا نشد؛ لطفاً محصول را دقیق‌تر بگویید." if persian else "Nothing found; please say what product."
        return Reply(msg, None, None, trace)
    if "keywords" in dropped:
        state.details = all_said.without("keywords")
    elif "unread" in dropped:
        state.details = all_said.model_copy(update={"keywords": details.keywords})
    else:
        state.details = all_said
    note = _not_read(unread_words, persian) if "unread" in dropped else ""
    if relaxed := [c for c in dropped if c != "unread"]:
        words = (
            "، ".join(_RELAX_WORDS[c][0] for c in relaxed)
            if persian
            else ", ".join(_RELAX_WORDS[c][1] for c in relaxed)
        )
        note += (f"با همه‌ی شرط‌ها چیزی نبود؛ {words} را کنار گذاشتم. " if persian
                 else f"Nothing matched every condition; I dropped {words}. ")  # fmt: skip
    # "in Mashhad, seller score above 4, the cheapest": the turn's constraints, then its pick (words that
    # named nothing in the catalogue are said to have been set aside).
    extreme = said_extreme(text) if set(dropped) <= {"keywords", "unread"} else None
    if extreme is not None and (
        picked := await _extreme_offer(db, details, extreme, state.options, persian, trace, text)
    ):
        picked.message = note + picked.message
        return picked
    # Once options were shown, a refinement recomputes them (no more questions).
    question = _next_question(details, state.asked) if found.total > TOP and not shown else None
    if question is not None:
        state.asked.append(question)
        trace.append(DecisionStep(step="clarify", action=question, model="policy", count=found.total))
        return Reply(note + _question(question, found, persian), state, None, trace)
    state.options = found.top
    action = "recompute" if shown else "show"
    trace.append(DecisionStep(step="options", action=action, model="policy", count=len(found.top)))
    return Reply(note + render_options(found.top, persian), state, None, trace)


async def _count_reply(
    db: Database, state: TurnState, details: MemberDetails, words: CatalogueWords, trace: list[TraceStep]
) -> Reply:
    """How many offers meet every constraint (nothing relaxed; words the catalogue never writes named
    nothing and search nothing): the number alone, as a seller statistic is given."""
    details = details.model_copy(update={"keywords": [k for k in details.keywords if words.knows(k)]})
    found = await db.run(search_offers, db, details)
    trace.append(_retrieval(found, details))
    trace.append(DecisionStep(step="count", action="offers", model="policy", count=found.total))
    state.details = details
    return Reply(str(found.total), state, None, trace)


def _states_a_feature(db: Database, text: str, category: int | None, words: CatalogueWords) -> bool:
    """Whether `text` asks for a feature value or bound of the dialogue's category («اینورتر باشه،
    ارزون‌ترینش؟»): a constraint to read with the pick, though no product's name holds its word."""
    if category is None:
        return False
    delta = with_features(db, MemberDelta(), text, category, words)
    return bool(delta.attributes or delta.ranges)


def _relax_order(details: MemberDetails) -> tuple[str, ...]:
    """`RELAX_ORDER`, but a model code said ("GC8343") is kept over the features read from other words
    ("steam" as the type «بخار», where the model stores «بخارگر»): the code names the product."""
    if any(names_a_code(k) for k in details.keywords if not k.isdigit()):
        order = [c for c in RELAX_ORDER if c != "keywords"]
        return (*order[: order.index("attributes") + 1], "keywords", *order[order.index("attributes") + 1 :])
    return RELAX_ORDER


def _states_offer_scope(text: str, words: CatalogueWords) -> bool:
    """Whether `text` states a constraint on the offers (a city, a warranty, a seller score, a price
    bound, a brand) or lifts one ("forget the brand"), words the catalogue's names do not hold."""
    # The words of a pick («ارزونترینو انتخاب میکنم») are not read as a brand («انتخاب» is one).
    d = extract_delta(" ".join(w for w in fold_joined(text.lower()).split() if w not in ignorable()), words)
    stated = (d.city_id, d.has_warranty, d.min_score, d.min_price, d.max_price, d.brand_id)
    return any(v is not None for v in stated) or any(not c.startswith("feature:") for c in d.cleared)


def _not_read(words: list[str], persian: bool) -> str:
    """The words of a turn no constraint was read from, said back ("" when there are none)."""
    if not words:
        return ""
    listed = "، ".join(words) if persian else ", ".join(words)
    return f"از «{listed}» شرطی برای جست‌وجو نخواندم. " if persian else f"I read no condition from “{listed}”. "


async def _extreme_offer(
    db: Database,
    details: MemberDetails,
    extreme: str,
    shown: list[Option],
    persian: bool,
    trace: list[TraceStep],
    text: str = "",
) -> Reply | None:
    """The cheapest (or dearest) offer under every constraint in `details`, said as the option it is
    among those `shown`, or as one not shown; None when no offer meets them and none is shown. When `text`
    asks its price ("what's the lowest price?", «ارزون‌ترینش چنده؟»), the message is that price alone."""
    picked = await _extreme_pick(db, details, extreme, shown, persian, trace)
    if picked is None:
        return None
    reply, best = picked
    if _asks_a_price(text):
        reply.message = str(best.price)
    return reply


def _asks_a_price(text: str) -> bool:
    folded = fold_joined(text.lower())
    return any(phrases(p).search(folded) for p in ("price_asks", "metrics.min_price", "metrics.max_price"))


async def _extreme_pick(
    db: Database, details: MemberDetails, extreme: str, shown: list[Option], persian: bool, trace: list[TraceStep]
) -> tuple[Reply, Option] | None:
    wanted = details.model_copy(update={"cheap": True}) if extreme == "cheap" else details
    found = await db.run(search_offers, db, wanted)
    trace.append(_retrieval(found, wanted))
    pool = list(found.top) or list(shown)
    if not pool:
        return None
    prices = [o.price for o in pool]
    best = pool[prices.index(min(prices) if extreme == "cheap" else max(prices))]
    shown_keys = [o.member_random_key for o in shown]
    if best.member_random_key in shown_keys:
        at = shown_keys.index(best.member_random_key)
        reply = _select(best, at + 1, persian, trace, f"the {extreme}est offer under the constraints, shown")
        if not found.top:
            # Nothing meets every constraint now: the pick is among the options shown, and it says so.
            lead = NONE_MEETS_FA if persian else NONE_MEETS_EN
            reply.message = lead + reply.message
        return reply, best
    why = f"the {extreme}est offer under the constraints, not shown"
    return _select(best, None, persian, trace, why, cheapest=extreme == "cheap"), best


NONE_MEETS_FA = "هیچ پیشنهادی همه‌ی شرط‌ها را ندارد؛ از گزینه‌های نشان‌داده: "
NONE_MEETS_EN = "No offer meets every condition; of the options shown: "


NAMED_CATEGORY_SHARE = 0.8
"""Share of the products a name matches that must be of one category for the name to set it."""


def with_category_of_names(db: Database, details: MemberDetails, trace: list[TraceStep]) -> MemberDetails:
    """`details` with the category, and the brand, the name words point at («آیفون ۱۳» → Apple mobile
    phones), read from the products the catalogue search finds for them; each unchanged when the words
    point at no one category or brand."""
    found = search_base_products(db, " ".join(details.keywords))
    if not found:
        return details
    rows = db.fetch_all(
        "SELECT category_id, brand_id FROM shop.base_products WHERE random_key = ANY(:k)",
        {"k": [c.random_key for c in found]},
    )
    update: dict[str, int] = {}
    for column in ("category_id", "brand_id"):
        counts = Counter(r[column] for r in rows if r[column] is not None)
        if getattr(details, column) is None and counts:
            value, n = counts.most_common(1)[0]
            if n >= NAMED_CATEGORY_SHARE * len(found):
                update[column] = int(value)
    if update:
        trace.append(DecisionStep(step="nlu", action="category_of_names", model="sql",
                                  reason=f"{details.keywords} name products of {update}"))  # fmt: skip
    return details.model_copy(update=update)


def with_features(db: Database, delta: MemberDelta, text: str, category: int, words: CatalogueWords) -> MemberDelta:
    """`delta` with the features of `category` the utterance asks for, matched on the stored
    `extra_features` (whichever model extracted the rest), and without the words they used or the
    dialogue's known filler («میخوام», "mikham", "bashe") as name keywords. Any other word stays a
    keyword: when it empties the search it is dropped by the relaxation and said back."""
    bounds = feature_bounds(db, text, category)
    named = features_named(db, text, category, dict(words.feature_names), frozenset(bounds.ranges), bounds.words)
    attributes = dict(delta.attributes)
    colour = attributes.get(COLOUR_KEY)
    said_words = re.sub(r"[^\w\s]", " ", fold_joined(text.lower())).split()
    if colour is not None and any(k != COLOUR_KEY and fold_joined(v) == fold_joined(colour) and name_said(k, said_words)
                                  for k, v in named.items()):  # fmt: skip
        # «بدنش استیل»: the word is the body's material; the colour «استیل» as well would match nothing.
        attributes.pop(COLOUR_KEY)
    delta = delta.model_copy(update={"attributes": attributes})
    said = {**named, **delta.attributes}  # a colour the reader took itself («رنگ سفید») is said too
    used = {w for key, value in said.items() for w in fold_joined(f"{key} {value}").split()} | bounds.words
    used |= {w for key in bounds.ranges for w in fold_joined(key).split()}  # «حداقل 128GB حافظه»: its name
    used |= english_forms(set(said.values()))  # "side by side" said in English
    folded = [fold_joined(k) for k in delta.keywords]
    # «بی سیم»: two keywords that are one word of a feature read («بیسیم») were said by it.
    joined = {i + d for i in range(len(folded) - 1) if folded[i] + folded[i + 1] in used for d in (0, 1)}
    keywords = [k for i, (k, f) in enumerate(zip(delta.keywords, folded, strict=True))
                if i not in joined and not _said_by(f, used) and f not in ignorable()]  # fmt: skip
    return delta.model_copy(update={"attributes": {**named, **delta.attributes}, "keywords": keywords,
                                    "ranges": {**bounds.ranges, **delta.ranges}})  # fmt: skip


_ENCLITICS = ("شون", "ش", "م", "ه")
"""Spoken endings on a feature's name («حافظه‌ش» "its memory», «ظرفیتش»)."""


def _said_by(word: str, used: set[str]) -> bool:
    """Whether `word` is one of the words a feature was read from: as written, without a spoken ending
    («حافظهش»), or as a unit form of a unit used («گیگ» for «گیگابایت»)."""
    if word in used or unit_forms().get(word) in used:
        return True
    return any(word.endswith(e) and word[: -len(e)] in used for e in _ENCLITICS if len(word) > len(e) + 2)


def _select(
    chosen: Option, number: int | None, persian: bool, trace: list[TraceStep], why: str, *, cheapest: bool = True
) -> Reply:
    """The offer picked: option `number` of those shown, or (None) one the options did not show, such as
    the cheapest offer under every constraint when the options were ranked otherwise."""
    trace.append(DecisionStep(step="select", action="selected", model="policy", reason=f"option {number}: {why}"))
    if number is None:
        fa, en = ("ارزان‌ترین", "cheapest") if cheapest else ("گران‌ترین", "dearest")
        msg = (f"{fa} پیشنهاد با همه‌ی شرط‌ها (در میان گزینه‌های نشان‌داده نبود): {chosen.name}" if persian
               else f"The {en} offer under every condition (not among the options shown): {chosen.name}")  # fmt: skip
        return Reply(msg, None, [chosen.member_random_key], trace)
    msg = f"گزینه‌ی {_fa(str(number), True)}: {chosen.name}" if persian else f"Option {number}: {chosen.name}"
    return Reply(msg, None, [chosen.member_random_key], trace, selected=number)


def _retrieval(found: Found, d: MemberDetails, relaxed: str | None = None) -> RetrievalStep:
    return RetrievalStep(
        step="search_offers", action=f"relaxed {relaxed}" if relaxed else "search", count=found.total, model="sql",
        ms=found.ms, retrieval_mode="structured" if not d.keywords else "lexical",
        filters_text=str(d.model_dump(exclude_defaults=True)), topk=len(found.top),
    )  # fmt: skip
