"""One shop turn: static checks → vision hand-off → router → single-turn agent (or the narrowing dialogue).

`run(chat_id, parts)` is the one entry point of POST /chat, the CLI and the UI. A turn is the
core's turn (`quarry.agent.turn`): the chat's state is a named conversation (the client names
it), saved by compare-and-set so that turns of one chat across worker processes both land.
Within a process an asyncio lock per chat_id also serialises them. Every agent goes through
`retry.run_with_retry`, the one retry helper around the core `run_agent`.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from pydantic_ai import BinaryContent
from pydantic_ai.models import Model

from quarry.agent import AgentFailed, DecisionStep, PlanStep, TraceStep, timed
from quarry.agent.turn import TurnContext, TurnOutcome, run_turn
from quarry.db import Database, get_database
from quarry.errors import BadInput, DataMissing
from quarry.inputs import storable
from quarry.search.text import fold_joined
from quarry.settings import Settings, get_settings

from .agents import (
    ShopDeps,
    offline_router,
    offline_single_turn,
    offline_vision,
    router_agent,
    single_turn_agent,
    vision_agent,
)
from .coordinator import Selection, coordinate, picked_number
from .honesty import not_applied_message, unapplied
from .ingest import loaded_size
from .memory import ChatState
from .models import MAX_TEXT_CHARS, MessagePart, Mode, ShopAnswer, ShopTurn, TextPart, decode_image
from .multiturn_nlu import is_side_question, names_a_code, states_a_measure
from .narrow_nlu import extract_delta
from .nlu import parse_question
from .once import one_turn
from .picks import picked_extreme, said_extreme
from .retry import run_with_retry
from .turnstate import TurnState
from .vocab import catalogue_words

APP = "shop"
TURN_TIMEOUT_S = 25.0
TIMEOUT_MESSAGE = "پاسخ در زمان مقرر آماده نشد؛ لطفاً دوباره بپرسید."
FAILED_MESSAGE = "متأسفانه پاسخ آماده نشد؛ لطفاً دوباره بپرسید."
EMPTY_REPLY = "پیامی دریافت نشد؛ لطفاً نام محصول یا پرسش خود را بنویسید."
_BASE_ECHO = re.compile(r"^\s*return\s+base\s+random\s+key\s*:\s*(\S+)\s*$", re.I)
_MEMBER_ECHO = re.compile(r"^\s*return\s+member\s+random\s+key\s*:\s*(\S+)\s*$", re.I)


_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()


def _lock(chat_id: str) -> asyncio.Lock:
    lock = _locks.get(chat_id)
    if lock is None:
        lock = asyncio.Lock()
        _locks[chat_id] = lock
    return lock


def digits(value: float) -> str:
    """A numeric answer as the contract wants it: digits only ("17800000"; "3.95" for a non-integer)."""
    return str(round(value)) if abs(value - round(value)) < 1e-9 else f"{value:.2f}".rstrip("0").rstrip(".")


def _static(text: str) -> ShopTurn | None:
    """Scenario 0 of the competition (fixed answers before any agent)."""
    if text.strip().lower() == "ping":
        return ShopTurn(message="pong", route="static")
    if m := _BASE_ECHO.match(text):
        return ShopTurn(base_random_keys=[m.group(1)], route="static")
    if m := _MEMBER_ECHO.match(text):
        return ShopTurn(member_random_keys=[m.group(1)], route="static")
    return None


def split_parts(parts: list[MessagePart]) -> tuple[str, list[BinaryContent]]:
    """(the turn's text, its images); BadInput when an image is not one or is over 5 MB."""
    texts: list[str] = []
    images: list[BinaryContent] = []
    for i, part in enumerate(parts):
        if isinstance(part, TextPart):
            texts.append(part.content)
        else:
            try:
                data, mime = decode_image(part.content)
            except ValueError as exc:
                raise BadInput(f"messages[{i}]: {exc}.") from None
            images.append(BinaryContent(data=data, media_type=mime))
    text = storable("\n".join(texts)).strip()
    if len(text) > MAX_TEXT_CHARS:
        raise BadInput(f"The message is too long ({len(text)} characters; the limit is {MAX_TEXT_CHARS}).")
    return text, images


def chat_key(chat_id: str) -> str:
    """The stored form of a client's chat id: storable text, or (when nothing storable is left,
    e.g. only lone surrogates) a digest of it, so every schema-valid id names one chat."""
    key = storable(chat_id).strip()[:128]
    if key:
        return key
    return "h-" + hashlib.sha256(chat_id.encode("utf-8", "surrogatepass")).hexdigest()[:32]


async def run(
    chat_id: str,
    parts: list[MessagePart],
    *,
    settings: Settings | None = None,
    models: Mapping[str, Model] | None = None,
) -> ShopTurn:
    """Answer one user turn of chat `chat_id`. `models` replaces the configured chain of an agent by
    name ("router", "single_turn", "vision"); tests inject them."""
    s = settings or get_settings()
    db = get_database(s)
    text, images = split_parts(parts)
    chat_id = chat_key(chat_id)

    async def body(ctx: TurnContext) -> TurnOutcome[ShopTurn]:
        turn, used, save = await _turn(ctx, text, images)
        ctx.trace.extend(turn.trace)
        return TurnOutcome(
            turn,
            messages=ctx.history,  # the shop keeps state, not the model's message history
            state=ctx.state,
            action=turn.route,
            request=text or "[image]",
            models_used=(used,) if used else (),
            save=save,
            audited=turn.public(),
        )

    # One turn at a time per chat in this process; across processes the core's compare-and-set
    # save runs a losing turn again on the winner's state.
    async with _lock(chat_id):
        with one_turn():
            done = await run_turn(APP, body, db=db, settings=s, session_id=chat_id, models=models, named=True)
    return done.response


async def _turn(ctx: TurnContext, text: str, images: list[BinaryContent]) -> tuple[ShopTurn, str | None, bool]:
    """(the answer, the model that gave it, whether the chat's state changed)."""
    db, s = ctx.db, ctx.settings
    if not images and not text:
        # Text that was only unstorable characters: nothing to answer, say so (not an error).
        empty = ShopTurn(message=EMPTY_REPLY, route="static")
        empty.trace = [DecisionStep(step="static", action="empty", model="rules", reason="no readable text")]
        return empty, "rules", False
    if not images and (static := _static(text)) is not None:
        static.trace = [DecisionStep(step="static", action=static.route, model="rules", reason="scenario 0")]
        return static, "rules", False
    if not images and await db.run(loaded_size, db) is None:
        raise DataMissing("No shop catalogue yet: run `quarry shop ingest` first.")
    state = ChatState.model_validate(ctx.state)
    if images:
        turn, used = await _vision(s, text, images, ctx.model("vision"))
    else:
        turn, used = await _text_turn(db, s, state, text, ctx.model("single_turn"), ctx.model("router"))
    _remember(state, turn, text)
    ctx.state.clear()
    ctx.state.update(state.model_dump(mode="json"))
    return turn, used, True


async def _text_turn(
    db: Database,
    s: Settings,
    state: ChatState,
    text: str,
    model: Model | None,
    router_model: Model | None,
) -> tuple[ShopTurn, str | None]:
    """The router runs on every turn. Inside an open narrowing dialogue, a turn the router sends to
    single-turn and that reads as a question of its own (a price, a feature, a comparison) is answered
    and the dialogue is kept for later; anything else continues the dialogue. A bare option number right
    after a selection goes to the dialogue too, for its 60-second cache."""
    mode, route_step = await _route(s, text, router_model)
    picks = state.multi is not None and picked_extreme(text, await _new_words(db, state)) is not None
    if state.multi is not None and (mode == "multi_turn" or picks or not is_side_question(text)):
        step = PlanStep(step="router", action="multi_turn", model=route_step.model, ms=route_step.ms,
                        reason=f"a narrowing dialogue is open (router: {mode})")  # fmt: skip
        return await _dialogue(db, s, state, text, step)
    if state.multi is None and state.asked and await db.run(_refines, db, text):
        # "یخچال ساید بای ساید" was asked back with a list; «تا ۸۰ میلیون» narrows that question, not a new one.
        opened = await _opened_from(db, s, state.asked)
        if opened is not None:
            state.multi = opened
            reason = f"a refinement of the previous question ({state.asked[:60]!r}): it opens the dialogue"
            step = PlanStep(step="router", action="multi_turn", model=route_step.model, ms=route_step.ms, reason=reason)
            return await _dialogue(db, s, state, text, step)
    if mode == "multi_turn" or picked_number(text) is not None:
        return await _dialogue(db, s, state, text, route_step)
    turn, used = await _single_turn(db, s, text, model)
    if state.multi is not None:
        route_step.reason = "a question of its own inside the dialogue; the dialogue is kept"
    turn.trace.insert(0, route_step)
    return turn, used


def _refines(db: Database, text: str) -> bool:
    """The turn only narrows: it names no category and no model code of its own, but a brand, a price
    bound, a city, a warranty, a seller score, a feature's value or the cheapest («سامسونایت», "512GB",
    "Tehran با گارانتی", «ارزون‌ترینشو میخوام»)."""
    words = catalogue_words(db)
    delta = extract_delta(text, words)
    if delta.category_id is not None or names_a_code(fold_joined(text.lower())):
        return False
    return not delta.is_empty() or said_extreme(text) is not None or states_a_measure(fold_joined(text.lower()))


async def _opened_from(db: Database, s: Settings, question: str) -> dict[str, object] | None:
    """The dialogue state the earlier question opens (its answer is not shown again), or None."""
    try:
        reply = await asyncio.wait_for(coordinate(db, s, None, question), timeout=TURN_TIMEOUT_S)
    except TimeoutError:
        return None
    return reply.state.model_dump(mode="json") if reply.state is not None else None


async def _new_words(db: Database, state: ChatState) -> Callable[[str], bool]:
    """Whether a word is one the catalogue writes and the open dialogue has not already said: "back to
    the watch, cheapest please" names the dialogue's own category, no new product."""
    words = await db.run(catalogue_words, db)
    category = TurnState.model_validate(state.multi).details.category_id if state.multi is not None else None
    said = {w for phrase, ident in words.categories if ident == category for w in phrase.split()}
    return lambda w: words.knows(w) and w not in said


async def _dialogue(
    db: Database, s: Settings, state: ChatState, text: str, step: PlanStep
) -> tuple[ShopTurn, str | None]:
    previous = TurnState.model_validate(state.multi) if state.multi is not None else None
    last = Selection.model_validate(state.selection) if state.selection else None
    try:
        reply = await asyncio.wait_for(coordinate(db, s, previous, text, last_selection=last), timeout=TURN_TIMEOUT_S)
    except TimeoutError:
        # The previous dialogue state is kept as it was: the user can simply answer again.
        failed = DecisionStep(
            step="multi_turn", action="timeout", model="policy", reason=f"over {TURN_TIMEOUT_S:.0f} s"
        )
        return ShopTurn(message=TIMEOUT_MESSAGE, route="multi_turn", trace=[step, failed]), "policy"
    state.multi = reply.state.model_dump(mode="json") if reply.state is not None else None
    if reply.selected is not None and reply.member_random_keys:
        pick = Selection(number=reply.selected, member_random_key=reply.member_random_keys[0], at=time.time())
        state.selection = pick.model_dump()
    turn = ShopTurn(message=reply.message, member_random_keys=reply.member_random_keys, route="multi_turn",
                    trace=[step, *(reply.trace or [])])  # fmt: skip
    return turn, "policy"


def _remember(state: ChatState, turn: ShopTurn, text: str) -> None:
    state.turns += 1
    if turn.route == "vision":
        state.multi = None  # an image ends an open dialogue; a single-turn question inside it does not
    state.last_mode = turn.route
    state.last_base_keys = list(turn.base_random_keys or [])
    state.last_member_keys = list(turn.member_random_keys or [])
    state.summary = f"{turn.route}: {text}"[:200]
    found = bool(turn.base_random_keys) or len(turn.candidates) > 1
    state.asked = text[:2000] if turn.route == "single_turn" and found and turn.status != "withheld" else None


async def _route(s: Settings, text: str, router_model: Model | None) -> tuple[Mode, PlanStep]:
    """single_turn | multi_turn; any failure routes to single_turn (fail closed)."""
    with timed() as t:
        try:
            r = await run_with_retry(
                router_agent(), text, settings=s, offline=offline_router, name="shopping-turn-router",
                model=router_model, timeout_s=10.0, model_name=s.openai_router_model,
            )  # fmt: skip
            mode: Mode = r.output.mode
            note, used = r.model_note, r.model
        except AgentFailed as exc:
            mode, note, used = "single_turn", f"router failed ({type(exc.cause).__name__}): single turn", exc.model
    failed = note is not None and note.startswith("router failed")
    return mode, PlanStep(
        step="router", action=mode, model=used, ms=t.ms, reason=note, codes=["router_failed"] if failed else []
    )


async def _single_turn(db: Database, s: Settings, text: str, model: Model | None) -> tuple[ShopTurn, str | None]:
    deps = ShopDeps(db=db)
    trace: list[TraceStep] = []
    try:
        r = await run_with_retry(
            single_turn_agent(), text, settings=s, offline=offline_single_turn, name="shop-single-turn",
            model=model, deps=deps, timeout_s=TURN_TIMEOUT_S,
        )  # fmt: skip
    except AgentFailed as exc:
        trace.extend(exc.tools)
        message = TIMEOUT_MESSAGE if exc.timeout else FAILED_MESSAGE
        trace.append(
            DecisionStep(step="single_turn", action="failed", model=exc.model, reason=type(exc.cause).__name__)
        )
        return ShopTurn(message=message, trace=trace, candidates=deps.candidates), exc.model
    answer: ShopAnswer = r.output
    trace.extend(r.tools)
    trace.append(DecisionStep(step="answer", action="answer", model=r.model, ms=r.ms, reason=r.model_note))
    known = {c.random_key for c in deps.candidates}
    # The model never invents records: only keys a tool returned this turn are passed on.
    keys = [k for k in (answer.base_random_keys or []) if k in known][:1] or None
    if answer.numeric_answer is not None and (missed := _unapplied(text, deps)):
        # Honest numbers whoever answered (a remote model may leave a filter out of its call): a figure
        # computed without a constraint the user stated is withheld, and the constraint named.
        note = DecisionStep(step="honesty", action="withheld", model="policy", reason=", ".join(missed))
        return ShopTurn(message=not_applied_message(missed, text), trace=[*trace, note], candidates=deps.candidates,
                        unapplied=missed, status="withheld"), r.model  # fmt: skip
    if answer.numeric_answer is not None:
        # Seller statistics: the message is the number alone (digits), as the contract's checker compares it.
        return ShopTurn(message=digits(answer.numeric_answer), trace=trace, candidates=deps.candidates), r.model
    status = "not_in_catalogue" if answer.absent or answer.differs else "withheld" if answer.unapplied else "answered"
    return ShopTurn(message=answer.message, base_random_keys=None if answer.differs else keys, trace=trace,
                    candidates=deps.candidates, unapplied=answer.unapplied or [], differs=answer.differs or [],
                    status=status), r.model  # fmt: skip


def _unapplied(text: str, deps: ShopDeps) -> list[str]:
    """The constraints of `text` the run's last statistics call (of one product, the lowest offer over
    several, or a count of shops) did not apply (all of them when none ran)."""
    stated = parse_question(text).stated
    counted = ("stats:", "lowest:", "count_shops:", "count_products:")
    calls = [v for k, v in deps.calls.items() if k.startswith(counted) and isinstance(v, dict)]
    if not calls:
        return list(stated)
    return unapplied(stated, [str(a) for a in calls[-1].get("applied") or []])


async def _vision(
    s: Settings, text: str, images: list[BinaryContent], model: Model | None
) -> tuple[ShopTurn, str | None]:
    """Images go to the vision agent, which names the dominant object in a few Persian words. It has
    no catalogue tools (seed), so an image turn never carries a key."""
    prompt: list[Any] = [text or "این چیست؟", *images]
    with timed() as t:
        try:
            r = await run_with_retry(
                vision_agent(), prompt, settings=s, offline=offline_vision, name="shop-vision", model=model,
                timeout_s=TURN_TIMEOUT_S,
            )  # fmt: skip
        except AgentFailed as exc:
            step = DecisionStep(
                step="vision", action="failed", model=exc.model, ms=t.ms, reason=type(exc.cause).__name__
            )
            return ShopTurn(message=FAILED_MESSAGE, route="vision", trace=[*exc.tools, step]), exc.model
    step = DecisionStep(step="vision", action="describe", model=r.model, ms=t.ms, reason=r.model_note)
    message = r.output.message.strip() or None
    return ShopTurn(message=message, route="vision", trace=[*r.tools, step]), r.model
