"""The shop's agents: the single-turn catalogue agent, the turn router and the vision agent.

Each is a PydanticAI agent run through the core `run_agent` (remote model when configured,
else — or when the provider fails — its offline `FunctionModel` here). The offline
catalogue model reads the question with `nlu.parse_question`, calls the same tools a remote
model would (search → features or seller statistics) and answers only with keys and values
those tools returned.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic_ai import Agent, RunContext, Tool
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo
from rapidfuzz import fuzz

from quarry.db import Database, get_database
from quarry.llm import last_user_text, output_call
from quarry.nlu.polarity import negated_words, negation_cues
from quarry.search.text import fold_joined
from quarry.settings import get_settings

from .honesty import PRICE_METRICS, in_rial, not_applied_message, unapplied
from .lowest_offer import LowestOffer, lowest_offer
from .models import Candidate, Feature, RouteDecision, SellerStatistics, ShopAnswer, VisionAnswer
from .multiturn_nlu import names_a_code
from .nlu import Question, ask_for_city, parse_question, written_form
from .product_count import ProductCount, products_described
from .prompts import ROUTER_PROMPT, SINGLE_TURN_PROMPT, VISION_OFFLINE_MESSAGE, VISION_PROMPT
from .question_words import words as phrases
from .question_words import writes_persian
from .shop_count import ShopCount, count_shops
from .tools import Metric, get_product_features, get_seller_statistics, search_base_products
from .transliterate import finglish_to_persian, looks_finglish, sounds_alike
from .variants import differences, unasked_variants, variant_word_forms
from .vocab import CatalogueWords, loaded_words
from .yes_no import HAS, HAS_NOT, YesNo, availability_message, yes_no_answer, yes_no_message

MIN_LOOKUP_SCORE = 1.0
"""Below this search score (similarity + word similarity + rank, at most ~3) the best candidate
is not the product asked about: say so rather than return an unrelated key."""
WIDE_SEARCH = 20
"""When none of the first five candidates matches every distinguishing token, this many are looked at
(siblings differing only in RAM or colour can fill the first five)."""
NOT_FOUND = "محصولی با این مشخصات در کاتالوگ پیدا نشد."
NO_FEATURE = "این ویژگی برای این محصول ثبت نشده است."
NO_OFFERS = "پیشنهادی با این شرایط برای این محصول پیدا نشد."


@dataclass
class ShopDeps:
    """What the catalogue tools need during one run."""

    db: Database
    calls: dict[str, Any] = field(default_factory=dict)
    """(tool, arguments) → result already returned in this run: a repeated call is answered from here."""
    candidates: list[Candidate] = field(default_factory=list)
    """What this run's searches found (shown beside the answer; the only keys an answer may carry)."""


def _once(deps: ShopDeps, tool: str, args: dict[str, Any]) -> tuple[str, Any]:
    key = f"{tool}:{json.dumps(args, sort_keys=True, ensure_ascii=False)}"
    return key, deps.calls.get(key)


async def search_base_products_tool(ctx: RunContext[ShopDeps], query: str, limit: int = 5) -> list[dict[str, Any]]:
    """Find base products by name (Persian, English, Finglish, typos and Arabic letters are fine).

    Put every distinctive word of the product in `query` (brand, model, capacity, colour).
    A random key quoted in the text (six lower-case letters) is looked up exactly first.
    Returns up to `limit` (5, at most 20) candidates, best first, each with random_key, names and
    score; pick ONE that matches every distinguishing word (Pro, Max, numbers, colour), and search
    again with a higher limit when none of the first five does.
    """
    limit = max(1, min(limit, WIDE_SEARCH))
    key, seen = _once(ctx.deps, "search", {"query": query, "limit": limit})
    if seen is not None:
        return seen
    found = await ctx.deps.db.run(search_base_products, ctx.deps.db, query, limit=limit)
    ctx.deps.candidates.extend(found)
    out = [c.model_dump() for c in found]
    ctx.deps.calls[key] = out
    return out


async def get_product_features_tool(ctx: RunContext[ShopDeps], base_random_key: str) -> list[dict[str, str]] | str:
    """Every feature of one base product as a flat list of {name, value} (Persian names such as
    رنگ، جنس، اندازه، عرض، ارتفاع، وزن). Call it once and pick the feature the user asked about."""
    key, seen = _once(ctx.deps, "features", {"k": base_random_key})
    if seen is not None:
        return seen
    features = await ctx.deps.db.run(get_product_features, ctx.deps.db, base_random_key)
    out: list[dict[str, str]] | str = "no such base product" if features is None else [f.model_dump() for f in features]
    ctx.deps.calls[key] = out
    return out


async def get_seller_statistics_tool(
    ctx: RunContext[ShopDeps],
    base_random_key: str,
    city: str | None = None,
    has_warranty: bool | None = None,
    metric: Metric | None = None,
    min_score: float | None = None,
    max_score: float | None = None,
    price_below: int | None = None,
    price_above: int | None = None,
) -> dict[str, Any] | str:
    """Price and seller aggregates over one base product's offers: min/max/avg/median price and the
    price range (Toman), offer, shop and city counts, shop score and warranty aggregates. `city`
    (Persian or English name), `has_warranty` and the shop score bounds (`min_score`, `max_score`, 0-5)
    filter the shops; `price_below` / `price_above` (Toman) the offers. Pass EVERY constraint the user
    states; `applied` lists the filters used. `metric` names the figure asked for, returned as
    `numeric_answer` (answer seller questions with that number only)."""
    args = {"k": base_random_key, "city": city, "w": has_warranty, "m": metric, "lo": min_score, "hi": max_score,
            "below": price_below, "above": price_above}  # fmt: skip
    key, seen = _once(ctx.deps, "stats", args)
    if seen is not None:
        return seen
    stats = await ctx.deps.db.run(
        get_seller_statistics, ctx.deps.db, base_random_key, city=city, has_warranty=has_warranty, metric=metric,
        min_score=min_score, max_score=max_score, price_below=price_below, price_above=price_above,
    )  # fmt: skip
    out: dict[str, Any] | str = "no such base product" if stats is None else stats.model_dump()
    ctx.deps.calls[key] = out
    return out


async def get_lowest_offer_tool(ctx: RunContext[ShopDeps], description: str) -> dict[str, Any] | str:
    """The cheapest offer over EVERY product a description fits ("the cheapest Snowa fridge in Tehran
    with a warranty", "cheapest 55 inch TV in Tabriz"): for a superlative over a category, a brand or
    features, when no one product is named. Pass the user's words; category, brand, city, warranty,
    seller score, price bounds and features are read from them, and `applied` lists the offer
    constraints used. Returns the price (Toman) with its offer and product keys."""
    db = ctx.deps.db
    return await _answered_once(ctx.deps, "lowest", {"d": description}, partial(lowest_offer, db, description),
                                "no offer fits that description")  # fmt: skip


async def count_shops_tool(
    ctx: RunContext[ShopDeps],
    city: str | None = None,
    has_warranty: bool | None = None,
    min_score: float | None = None,
    max_score: float | None = None,
) -> dict[str, Any]:
    """How many shops there are when NO product is named ("how many shops in Qom?", "how many sellers
    with a warranty in Tehran"): in `city`, with or without a warranty, scored at least / at most. For
    one product's sellers use get_seller_statistics. `applied` lists the filters used."""
    args = {"city": city, "has_warranty": has_warranty, "min_score": min_score, "max_score": max_score}
    work = partial(count_shops, ctx.deps.db, city=city, has_warranty=has_warranty, min_score=min_score,
                   max_score=max_score)  # fmt: skip
    out = await _answered_once(ctx.deps, "count_shops", args, work, "")
    return dict(out) if isinstance(out, dict) else {}


async def count_products_tool(ctx: RunContext[ShopDeps], description: str) -> dict[str, Any] | str:
    """How many products (models) a description fits ("how many Haier fridges do you have?", «چند مدل
    ظرفشویی بوش دارین؟»): pass the user's words; category, brand, features and any limits on the offers
    (city, warranty, seller score, price) are read from them, and `applied` lists the limits used."""
    work = partial(products_described, ctx.deps.db, description)
    return await _answered_once(ctx.deps, "count_products", {"d": description}, work,
                                "no category or brand in that description")  # fmt: skip


async def _answered_once(
    deps: ShopDeps, tool: str, args: dict[str, Any], work: Callable[[], BaseModel | None], absent: str
) -> dict[str, Any] | str:
    """A tool's answer, computed once per run (a repeated call is answered from `deps.calls`): `work`'s
    result as a dict, or `absent` when it found nothing."""
    key, seen = _once(deps, tool, args)
    if seen is not None:
        return seen
    found = await deps.db.run(work)
    out: dict[str, Any] | str = absent if found is None else found.model_dump()
    deps.calls[key] = out
    return out


# The agents are built once per process: they hold no per-turn state (that is in the deps and the
# run), and building one reads every tool's signature and docstring (~3 ms for the catalogue agent).
@cache
def single_turn_agent() -> Agent[ShopDeps, ShopAnswer]:
    """The catalogue agent (tools: search, features, seller statistics)."""
    return Agent(
        output_type=ShopAnswer,
        deps_type=ShopDeps,
        instructions=SINGLE_TURN_PROMPT,
        name="shop-single-turn",
        model_settings={"parallel_tool_calls": True},
        tools=[
            Tool(search_base_products_tool, name="search_base_products"),
            Tool(get_product_features_tool, name="get_product_features"),
            Tool(get_seller_statistics_tool, name="get_seller_statistics"),
            Tool(get_lowest_offer_tool, name="get_lowest_offer"),
            Tool(count_shops_tool, name="count_shops"),
            Tool(count_products_tool, name="count_products"),
        ],
    )


# --- offline models ----------------------------------------------------------------------------
_CANDIDATES = TypeAdapter(list[Candidate])
_FEATURES = TypeAdapter(list[Feature])


def _this_turn_returns(messages: list[ModelMessage]) -> list[ToolReturnPart]:
    """Tool returns after the latest user prompt."""
    out: list[ToolReturnPart] = []
    for msg in messages:
        if isinstance(msg, ModelRequest):
            if any(isinstance(p, UserPromptPart) for p in msg.parts):
                out = []
            out.extend(p for p in msg.parts if isinstance(p, ToolReturnPart))
    return out


def _call(name: str, args: dict[str, Any]) -> ModelResponse:
    return ModelResponse(parts=[ToolCallPart(tool_name=name, args=args)])


def pick(found: list[Candidate], product: str) -> tuple[Candidate | None, list[str]]:
    """The best candidate matching every distinguishing token of `product` (variant words, numbers,
    colours), ranked as `fits` ranks them; else (None, what the best one lacks: the product asked about
    is not in the catalogue)."""
    good = [c for c in found if c.score >= MIN_LOOKUP_SCORE]
    if not good:
        return None, []
    if ranked := fits(good, product):
        return ranked[0], []
    colours = loaded_words().colours
    return None, differences(product, good[0].english_name, good[0].persian_name, colours, loaded_words().knows)


def fits(found: list[Candidate], product: str) -> list[Candidate]:
    """The candidates matching every distinguishing token of `product`, best fit first: no variant word
    the user did not say (the plain S24 before the S24 Ultra), then the most of the user's words held
    («اسکیپ» is the Escape, not the Talon), then the search score. Random keys quoted come first."""
    colours = loaded_words().colours
    knows = loaded_words().knows
    fit = [c for c in found if not differences(product, c.english_name, c.persian_name, colours, knows)]
    named = [c for c in fit if c.matched == "fuzzy"]
    if not named:
        return fit
    # A stable sort: among equals the search's order stands.
    named.sort(key=lambda c: (bool(unasked_variants(product, c.english_name, c.persian_name)), -_covered(product, c)))
    return [c for c in fit if c.matched != "fuzzy"] + named


SAME_WORD = 85
"""rapidfuzz ratio from which a name's word (or its reading in Persian letters) is the user's word."""


def _covered(product: str, c: Candidate) -> int:
    """How many of the user's words (three letters or more) the product's names hold, as written, with
    a slip, or across scripts («مارکوس» in "IKEA MARKUS")."""
    # Two Latin letters count too: a model's "FE" or "GT" tells the Watch FE from the Watch6.
    asked = [w for w in re.findall(r"[^\W\d_]{3,}|(?<![^\W\d_])[a-z]{2}(?![^\W\d_])", fold_joined(product.lower()))]
    names = set(re.findall(r"\w+", fold_joined(f"{c.english_name} {c.persian_name}".lower())))
    latin = [w for w in names if w.isascii() and w.isalpha()]
    names |= {fold_joined(finglish_to_persian(w)) for w in latin}

    words = loaded_words()
    return sum(
        1
        for w in asked
        if w in names
        or _persian_readings(w, words) & names
        or any(fuzz.ratio(w, n) >= SAME_WORD for n in names)
        or any(sounds_alike(w, n) for n in latin)
    )


def _persian_readings(word: str, words: CatalogueWords) -> set[str]:
    """A Finglish word read in Persian letters ("soorat" → «صورت», "mardoone" → «مردانه»); a final "e" is
    also the letter «ه» the reading may leave out ("mardane" → «مردان», «مردانه»). Empty for other words."""
    if not (word.isascii() and looks_finglish(word)):
        return set()
    read = fold_joined(finglish_to_persian(word))
    forms = {read, read + "ه"} if word.endswith("e") and not read.endswith("ه") else {read}
    return {written_form(f, words) for f in forms}


def equal_fits(found: list[Candidate], product: str) -> list[Candidate]:
    """The products that fit `product` equally well: every distinguishing token the user wrote, no
    variant word they did not (the plain S24 before the S24 Ultra) and as many of their words, whatever
    their search scores. Two or more different products here mean the user has not said which one
    ("Asus TUF F15 8GB 256GB" in five processors, «مانیتور ایکس ویژن XL2278H» in five sizes)."""
    fit = [c for c in fits([c for c in found if c.score >= MIN_LOOKUP_SCORE], product) if c.matched == "fuzzy"]
    fit = [c for c in fit if not unasked_variants(product, c.english_name, c.persian_name)] or fit
    if len(fit) < 2:
        return []
    covered = {c.random_key: _covered(product, c) for c in fit}
    # The search score is left out: it prefers shorter names, so "Remington PG6130" would get the figure
    # of whichever of its 28 products has the fewest words (a guessed number).
    most = max(covered.values())
    pool = [c for c in fit if covered[c.random_key] == most]
    # A listing's seller-coded twins fit as well as it does, however the shops spelled the rest of the name.
    listings = {c.listing for c in pool if c.listing}
    pool += [c for c in fit if c.listing in listings and c not in pool]
    distinct = {(c.english_name.lower(), c.persian_name): c for c in pool}
    return list(distinct.values()) if len(distinct) >= 2 else []


def which_one(options: list[Candidate], text: str) -> str:
    """The question back when several products fit what the user wrote (no key, no figure)."""
    listed = "\n".join(f"{n}. {c.persian_name if writes_persian(text) else c.english_name}"
                        for n, c in enumerate(options[:5], 1))  # fmt: skip
    if writes_persian(text):
        return f"چند محصول با این مشخصات هست؛ کدام یک منظور شماست؟\n{listed}"
    return f"Several products fit that description; which one do you mean?\n{listed}"


def not_in_catalogue(missing: list[str], text: str) -> str:
    """The product asked about is not in the catalogue: its nearest one differs in `missing`."""
    said = "، ".join(missing)
    if writes_persian(text):
        return f"این محصول در کاتالوگ نیست (نزدیک‌ترین محصول در این موارد فرق دارد: {said})."
    return f"That product is not in the catalogue (the nearest one differs in: {', '.join(missing)})."


def _pick_feature(features: list[Feature], wanted: str | None) -> Feature | None:
    if not wanted:
        return None
    target = fold_joined(wanted)
    exact = [f for f in features if fold_joined(f.name) == target]
    if exact:
        return exact[0]
    near = [f for f in features if target in fold_joined(f.name)]
    return min(near, key=lambda f: len(f.name)) if near else None


def _sibling_feature(features: list[Feature], wanted: str, unit: str | None, *, measure: bool) -> Feature | None:
    """The product's one feature that shares the thing `wanted` is of («عمر باتری» for «ظرفیت باتری»: the
    words after the first), measured in `unit` when one was asked; None when there is not exactly one."""
    of = set(fold_joined(wanted).split()[1:])
    if not of:
        return None
    # Asked how much, only a measure answers: «جنس پارچ» (its material) is no «ظرفیت پارچ».
    near = [
        f
        for f in features
        if of & set(fold_joined(f.name).split()[1:])
        and fold_joined(f.name) != fold_joined(wanted)
        and (not measure or _MEASURE.match(fold_joined(f.value).strip()))
    ]
    if unit is not None:
        near = [f for f in near if _measured_in([f], unit) is not None]
    return near[0] if len(near) == 1 else None


def _measured_in(features: list[Feature], unit: str) -> Feature | None:
    """The product's feature whose value is a number in `unit` (as stored, folded), if it has one."""
    for f in features:
        m = re.match(r"^\s*[\d.]+\s*(.+)$", fold_joined(f.value))
        if m and m.group(1).strip() == unit:
            return f
    return None


def _compare(q: Question, returns: list[ToolReturnPart], info: AgentInfo, keys: dict[str, str]) -> ModelResponse:
    """Searches in parallel → every product's figure in parallel (the lowest price, a count of shops or
    cities, or a stored feature's value) → the key with the lower (`q.cheaper`) or higher figure."""
    searches = [r for r in returns if r.tool_name == "search_base_products"]
    stats = [r for r in returns if r.tool_name == "get_seller_statistics"]
    read = [r for r in returns if r.tool_name == "get_product_features"]
    if not searches:
        return ModelResponse(parts=[ToolCallPart("search_base_products", {"query": p}) for p in q.products])
    if read:
        return output_call(info, _measured_winner(q, read, keys))
    if not stats:
        wide = len(searches) > len(q.products)
        latest = searches[-len(q.products) :]
        picks = [pick(_CANDIDATES.validate_python(r.content), p) for r, p in zip(latest, q.products, strict=False)]
        if not wide and any(c is None for c, _ in picks):
            return ModelResponse(parts=[
                ToolCallPart("search_base_products", {"query": p, "limit": WIDE_SEARCH}) for p in q.products
            ])  # fmt: skip
        if missing := next((d for c, d in picks if c is None), None):
            message = not_in_catalogue(missing, q.products[0])
            return output_call(info, ShopAnswer(message=message, differs=missing, absent=True))
        if q.feature is not None and q.metric is None:
            # "Which is lighter, A or B?": both products' stored features, read in parallel.
            return ModelResponse(parts=[ToolCallPart("get_product_features", {"base_random_key": c.random_key})
                                        for c, _ in picks if c is not None])  # fmt: skip
        metric = q.metric or "min_price"
        return ModelResponse(parts=[
            ToolCallPart("get_seller_statistics", {"base_random_key": c.random_key, "city": q.city, "metric": metric})
            for c, _ in picks if c is not None
        ])  # fmt: skip
    checked = [SellerStatistics.model_validate(r.content) for r in stats if not isinstance(r.content, str)]
    if unknown := next((s.unresolved[0] for s in checked if s.unresolved), None):
        return output_call(info, ShopAnswer(message=ask_for_city(unknown)))
    # A product no shop sells has no price, but it has a count: none.
    counting = q.metric not in PRICE_METRICS
    priced = [p for p in checked if p.numeric_answer is not None or counting]
    if not priced:
        return output_call(info, ShopAnswer(message=NO_OFFERS))
    best = (min if q.cheaper else max)(priced, key=lambda p: p.numeric_answer or 0.0)
    return output_call(info, ShopAnswer(base_random_keys=[best.base_random_key]))


_MEASURE = re.compile(r"\d+(?:\.\d+)?")


def _called_keys(messages: list[ModelMessage]) -> dict[str, str]:
    """Tool call id → the base key the call was made for (the features a return holds do not name it)."""
    return {
        part.tool_call_id: str(part.args_as_dict().get("base_random_key"))
        for msg in messages if isinstance(msg, ModelResponse)
        for part in msg.parts if isinstance(part, ToolCallPart)
    }  # fmt: skip


def _measured_winner(q: Question, read: list[ToolReturnPart], keys: dict[str, str]) -> ShopAnswer:
    """The product with the lower (`q.cheaper`) or higher value of feature `q.feature`, from each compared
    product's features; said to be unrecorded when a product does not record it."""
    values: list[tuple[str, float]] = []
    for r in read:
        key = keys[r.tool_call_id]
        features = _FEATURES.validate_python(r.content) if not isinstance(r.content, str) else []
        feature = _pick_feature(features, q.feature)
        number = _MEASURE.search(fold_joined(feature.value)) if feature is not None else None
        if number is None:
            return ShopAnswer(message=NO_FEATURE)
        values.append((key, float(number.group())))
    best = (min if q.cheaper else max)(values, key=lambda v: v[1])
    return ShopAnswer(base_random_keys=[best[0]])


def offline_single_turn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """Search → (features | seller statistics) → answer, from the tools' own results; comparisons
    search both products and fetch both prices as parallel tool calls."""
    q = parse_question(last_user_text(messages))
    returns = _this_turn_returns(messages)
    if q.intent == "compare":
        return _compare(q, returns, info, _called_keys(messages))
    if not returns:
        if q.intent == "seller" and q.metric == "models":
            # «چند مدل یخچال هایر دارین؟»: the products the description fits are counted.
            return _call("count_products", {"description": last_user_text(messages)})
        if q.intent == "seller" and q.metric == "shops" and not _names_a_product(q.product):
            # «کلا چند تا فروشگاه تو قم دارین؟»: no product named, so the shops themselves are counted.
            return _call("count_shops", {"city": q.city, **_shop_filters(q)})
        return _call("search_base_products", {"query": _searched(q.product)})
    last = returns[-1]
    if last.tool_name == "count_products":
        if isinstance(last.content, str):
            return output_call(info, ShopAnswer(message=NOT_FOUND))
        counted_products = ProductCount.model_validate(last.content)
        if missed := unapplied(q.stated, counted_products.applied):
            text = last_user_text(messages)
            return output_call(info, ShopAnswer(message=not_applied_message(missed, text), unapplied=missed))
        return output_call(info, ShopAnswer(numeric_answer=counted_products.products))
    if last.tool_name == "count_shops":
        counted = ShopCount.model_validate(last.content)
        if counted.unresolved:
            return output_call(info, ShopAnswer(message=ask_for_city(counted.unresolved[0])))
        if missed := unapplied(q.stated, counted.applied):
            text = last_user_text(messages)
            return output_call(info, ShopAnswer(message=not_applied_message(missed, text), unapplied=missed))
        return output_call(info, ShopAnswer(numeric_answer=counted.shops))
    if last.tool_name == "search_base_products":
        found = _CANDIDATES.validate_python(last.content)
        chosen, missing = pick(found, q.product)
        if chosen is None and missing and len(found) == 5 and len(returns) == 1:
            return _call("search_base_products", {"query": _searched(q.product), "limit": WIDE_SEARCH})
        if chosen is None:
            message = not_in_catalogue(missing, q.product) if missing else NOT_FOUND
            return output_call(info, ShopAnswer(message=message, differs=missing or None, absent=True))
        if len(options := equal_fits(found, q.product)) >= 2:
            if q.intent == "feature":
                # A value several products share needs no choice: read it from each (in parallel).
                return ModelResponse(parts=[ToolCallPart("get_product_features", {"base_random_key": c.random_key})
                                            for c in options[:MAX_COMPARED]])  # fmt: skip
            if q.intent == "seller" and q.metric == "min_price" and not names_a_code(fold_joined(q.product.lower())):
                # «ارزون‌ترین یخچال اسنوا تو تهران»: no model named, so the cheapest over all of them.
                return _call("get_lowest_offer", {"description": last_user_text(messages)})
            # Several products fit equally: ask which one; never a key or a figure of a guessed one.
            return output_call(info, ShopAnswer(message=which_one(options, last_user_text(messages))))
        key = chosen.random_key
        if q.intent == "feature":
            return _call("get_product_features", {"base_random_key": key})
        if q.intent == "seller":
            return _call("get_seller_statistics", {"base_random_key": key, "city": q.city, **_filters(q)})
        return output_call(info, ShopAnswer(base_random_keys=[key]))
    if last.tool_name == "get_lowest_offer":
        return output_call(info, _lowest_answer(q, last, last_user_text(messages)))
    searched_all = [r for r in returns if r.tool_name == "search_base_products"]
    searched = _CANDIDATES.validate_python(searched_all[-1].content) if searched_all else []
    chosen = pick(searched, q.product)[0]
    keys = [chosen.random_key] if chosen else None
    if last.tool_name == "get_product_features":
        text = last_user_text(messages)
        read = [r for r in returns if r.tool_name == "get_product_features"]
        if len(read) >= 2:
            return output_call(info, _shared_value(q, text, equal_fits(searched, q.product), read))
        if isinstance(last.content, str):
            return output_call(info, ShopAnswer(message=NOT_FOUND))
        features = _FEATURES.validate_python(last.content)
        answer = _feature_answer(q, text, chosen, features) if chosen is not None else None
        if q.yes_no and chosen is not None and q.feature is None and answer is None:
            # No feature named ("X دارین؟"-like): the product itself was asked for.
            return output_call(info, ShopAnswer(base_random_keys=keys))
        return output_call(info, ShopAnswer(message=answer or NO_FEATURE, base_random_keys=keys))
    if isinstance(last.content, str):
        return output_call(info, ShopAnswer(message=NOT_FOUND))
    stats = SellerStatistics.model_validate(last.content)
    if stats.unresolved:
        # A place the catalogue has no city of: ask which city, never a figure over every city.
        return output_call(info, ShopAnswer(message=ask_for_city(stats.unresolved[0])))
    if missed := unapplied(q.stated, stats.applied):
        # Honest numbers: a figure computed without one of the user's constraints is no answer.
        text = last_user_text(messages)
        return output_call(info, ShopAnswer(message=not_applied_message(missed, text), unapplied=missed))
    if q.yes_no:
        # "Is it sold there?": yes when any shop matched every constraint (each was applied, checked above).
        shops = int(stats.numeric_answer or 0)
        return output_call(info, ShopAnswer(message=availability_message(shops, last_user_text(messages)),
                                            base_random_keys=keys))  # fmt: skip
    if stats.numeric_answer is None:
        return output_call(info, ShopAnswer(message=stats.note or NO_OFFERS, base_random_keys=keys))
    value = in_rial(stats.numeric_answer, stats.metric) if q.scope.rial else stats.numeric_answer
    return output_call(info, ShopAnswer(numeric_answer=value, base_random_keys=keys))


def _lowest_answer(q: Question, returned: ToolReturnPart, text: str) -> ShopAnswer:
    """The cheapest offer over a set of products, given only when every stated constraint was applied."""
    if isinstance(returned.content, str):
        return ShopAnswer(message=NO_OFFERS)
    found = LowestOffer.model_validate(returned.content)
    if missed := unapplied(q.stated, found.applied):
        return ShopAnswer(message=not_applied_message(missed, text), unapplied=missed)
    price = in_rial(found.price, "min_price") if q.scope.rial else found.price
    return ShopAnswer(numeric_answer=price, member_random_keys=[found.member_random_key])


MAX_COMPARED = 5
"""At most this many equally fitting products are read for a value they may share."""


def _feature_answer(q: Question, text: str, product: Candidate, features: list[Feature]) -> str | None:
    """What feature question `q` gets for `product`: the yes/no verdict or the value asked for; None when
    the product records no such feature (or, for a yes/no, when the question names no feature)."""
    if q.yes_no:
        verdict = yes_no_answer(get_database(get_settings()), text, product, features, loaded_words())
        if verdict is not None:
            return yes_no_message(verdict, text, NO_FEATURE)
        if q.feature is None:
            return None
    feature = _pick_feature(features, q.feature)
    if q.unit is not None and (q.feature is None or (feature is not None and _measured_in([feature], q.unit) is None)):
        # Asked by its unit: the product's feature measured in it. A feature named that the product does
        # not record stays unrecorded ("how deep, in cm?" is no other feature measured in cm).
        feature = _measured_in(features, q.unit)
    if feature is None and q.feature is not None:
        # «باتری … چند ساعت»: the battery a headphone records is its life, not its capacity.
        amount = q.unit is not None or bool(phrases("asks_amount").search(fold_joined(text.lower())))
        feature = _sibling_feature(features, q.feature, q.unit, measure=amount)
    if q.yes_no and feature is not None and feature.value in (HAS, HAS_NOT):
        # The feature named by the parser (its words written apart: «چند کاره») holds a yes or a no.
        verdict = YesNo("yes" if feature.value == HAS else "no", feature.name, feature.value)
        return yes_no_message(verdict, text, NO_FEATURE)
    return feature.value if feature else None


def _shared_value(q: Question, text: str, options: list[Candidate], read: list[ToolReturnPart]) -> ShopAnswer:
    """Several products fit the name equally: the answer when every one of them gives the same (the
    user need not choose), else the question back."""
    answers = {
        _feature_answer(q, text, c, _FEATURES.validate_python(r.content)) if not isinstance(r.content, str) else "?"
        for c, r in zip(options, read, strict=False)
    }
    if len(answers) == 1 and len(read) == min(len(options), MAX_COMPARED) and "?" not in answers:
        return ShopAnswer(message=answers.pop() or NO_FEATURE)
    return ShopAnswer(message=which_one(options, text))


def _searched(product: str) -> str:
    """The product's words to search with: a variant word a negation covers ("redmi note 13, not the pro")
    and the negation's cue are left out where they stand, since searching them finds exactly what was
    refused (`pick` still checks them); the same word said as wanted elsewhere stays."""
    forms = variant_word_forms()
    spans = sorted((a, b) for w, a, b in negated_words(product) if fold_joined(w.lower()) in forms)
    if not spans:
        return product
    kept, at = [], 0
    for a, b in spans:
        kept.append(product[at:a])
        at = b
    kept.append(product[at:])
    cues = negation_cues()
    return " ".join(w for w in " ".join(kept).split() if w not in cues) or product


def _shop_filters(q: Question) -> dict[str, Any]:
    return {"has_warranty": q.has_warranty, "min_score": q.scope.min_score, "max_score": q.scope.max_score}


def _names_a_product(span: str) -> bool:
    """Whether the product span holds a word the catalogue writes or a number (else it names nothing)."""
    words = loaded_words()
    return any(any(c.isdigit() for c in w) or words.knows(w) for w in span.split())


def _filters(q: Question) -> dict[str, Any]:
    """The statistics call's filters and metric for question `q` (every constraint it states)."""
    sc = q.scope
    return {"has_warranty": q.has_warranty, "metric": q.metric, "min_score": sc.min_score, "max_score": sc.max_score,
            "price_below": sc.price_below, "price_above": sc.price_above}  # fmt: skip


@cache
def router_agent() -> Agent[None, RouteDecision]:
    """Labels a text turn `single_turn` or `multi_turn` (minimal JSON)."""
    return Agent(output_type=RouteDecision, instructions=ROUTER_PROMPT, name="shopping-turn-router")


def offline_router(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """multi_turn for open-ended wants without a specific product ("I want a cheap fridge")."""
    from .multiturn_nlu import is_exploration

    text = last_user_text(messages)
    return output_call(info, RouteDecision(mode="multi_turn" if is_exploration(text) else "single_turn"))


@cache
def vision_agent() -> Agent[None, VisionAnswer]:
    """The image agent (needs a multimodal model): names the dominant object in a few Persian words.

    The seed keeps it away from the catalogue: it has no tools and its output has no key field,
    so an image never turns into a product key."""
    return Agent(output_type=VisionAnswer, instructions=VISION_PROMPT, name="shop-vision")


def offline_vision(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """Offline there is no image model: say so honestly, in Persian (no catalogue guess)."""
    return output_call(info, VisionAnswer(message=VISION_OFFLINE_MESSAGE))
