"""Is the hazard a ticket names happening now? Past, resolved events and what-if questions are not.

"Last Tuesday's small kitchen fire was put out and FDNY cleared us: please send the incident
report" and "who do we call if someone gets stuck in the elevator?" name a hazard that is not
happening. Rating them P0 sends a crew and a phone call to nobody, and teaches tenants to
ignore P0. Two grammatical frames say so, in many languages (`data/hazard_timing.toml`):

- **over**: the message has a past-time marker and a resolution marker ("yesterday … turned
  out to be", «в прошлом месяце … всё потушили»), and no ongoing marker ("still", "again",
  "right now", «снова»). Its sentences that carry either marker are set aside whole.
- **what-if**: a conditional frame ("what do we do if", "in case of", «что делать если»). Only
  what follows it in its sentence is set aside, so "there's smoke, what do we do if it gets
  worse?" keeps "there's smoke".
- **permission**: a yes/no question about the house rules ("are open flames allowed in the
  conference room?", «можно ли …»): the sentence asks what may be done, it reports nothing. It
  must open with the question's verb, so "smoke is coming out, are we allowed to unplug it?"
  keeps its report.

Either frame yields to an ongoing marker anywhere in the message, and every other sentence is
read as before: "the leak was fixed last month but it's dripping again" and "who do we call? someone is
stuck right now" stay P0. The frames only ever remove words from what the detectors read; they
never add a hazard and never touch the rest of the message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from quarry.nlu.lexicon import load_lexicon, phrase_pattern
from quarry.nlu.text import fold

_SENTENCE = re.compile(r"(?<=[.!?;\n])\s*|\s[-–—]\s")
Frame = Literal["over", "what_if", "permission"]
_DATED = re.compile(
    r"\bon the \d{1,2}(?:st|nd|rd|th)\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?\b"
    r"|\b\d{1,2}/\d{1,2}\b"
)
"""A calendar date ("on the 12th", "March 3", "3/12"): with a resolution marker, a dated event is over."""


@dataclass(frozen=True)
class Timing:
    past: re.Pattern[str]
    resolved: re.Pattern[str]
    what_if: re.Pattern[str]
    ongoing: re.Pattern[str]
    asks: re.Pattern[str]
    """How a yes/no question opens ("are", "is it", «можно ли»), at the start of a sentence."""
    allowed: re.Pattern[str]
    """Words asking for permission ("allowed", "permitted", «разрешено»)."""
    conceding: re.Pattern[str]
    """"Still" before a wish ("we'd still like", "still want someone to check"): it concedes, it does
    not say something goes on."""


@lru_cache(maxsize=1)
def timing() -> Timing:
    raw = load_lexicon("quarry.apps.leasing", "hazard_timing")

    def of(section: str) -> re.Pattern[str]:
        return phrase_pattern(fold(e) for entries in raw[section].values() for e in entries)

    wishes = "|".join(re.escape(fold(w)) for entries in raw["concessive"].values() for w in entries)
    conceding = re.compile(rf"(?<!\w)still\s+(?:{wishes})(?!\w)")
    return Timing(of("past"), of("resolved"), of("hypothetical"), of("ongoing"), of("asks"), of("allowed"), conceding)


def _asks_permission(sentence: str, t: Timing) -> bool:
    opener = t.asks.match(sentence.lstrip(" \"'¿¡«"))
    return opener is not None and t.allowed.search(sentence) is not None


def _ongoing(folded: str, t: Timing) -> bool:
    """An ongoing marker outside the resolution phrases ("fine now" is not "now") and the concessive
    "still" ("we'd still like someone to look")."""
    return t.ongoing.search(t.conceding.sub(" ", t.resolved.sub(" ", folded))) is not None


@dataclass(frozen=True)
class NowPart:
    """What may report a hazard happening now, and which frames set the rest aside."""

    text: str
    frames: tuple[Frame, ...]


def happening_now(text: str) -> NowPart:
    """`text` without its over and what-if parts (folded when anything was removed)."""
    t = timing()
    sentences = [s for s in _SENTENCE.split(text) if s and s.strip()]
    folded = [fold(s) for s in sentences]
    whole = " ".join(folded)
    # Anything said to be going on now keeps the whole message: "what's the procedure if you smell
    # gas? I kinda smell it right now" reports the smell through a pronoun in the other sentence.
    now = _ongoing(whole, t)
    past = t.past.search(whole) or _DATED.search(whole)
    over = bool(past) and bool(t.resolved.search(whole)) and not now
    kept: list[str] = []
    frames: list[Frame] = []
    for original, low in zip(sentences, folded, strict=True):
        if over and (t.past.search(low) or _DATED.search(low) or t.resolved.search(low)):
            frames.append("over")
            continue
        if not now and _asks_permission(low, t):
            frames.append("permission")
            continue
        frame = None if now else t.what_if.search(low)
        if frame is not None:
            frames.append("what_if")
            kept.append(low[: frame.start()])
            continue
        kept.append(original)
    if not frames:
        return NowPart(text, ())
    return NowPart(" ".join(k.strip() for k in kept if k.strip()), tuple(dict.fromkeys(frames)))
