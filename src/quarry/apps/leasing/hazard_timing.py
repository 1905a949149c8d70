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
Frame = Literal["over", "what_if"]


@dataclass(frozen=True)
class Timing:
    past: re.Pattern[str]
    resolved: re.Pattern[str]
    what_if: re.Pattern[str]
    ongoing: re.Pattern[str]


@lru_cache(maxsize=1)
def timing() -> Timing:
    raw = load_lexicon("quarry.apps.leasing", "hazard_timing")

    def of(section: str) -> re.Pattern[str]:
        return phrase_pattern(fold(e) for entries in raw[section].values() for e in entries)

    return Timing(of("past"), of("resolved"), of("hypothetical"), of("ongoing"))


def _ongoing(folded: str, t: Timing) -> bool:
    """An ongoing marker outside the resolution phrases ("fine now" is not "now")."""
    return t.ongoing.search(t.resolved.sub(" ", folded)) is not None


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
    over = bool(t.past.search(whole)) and bool(t.resolved.search(whole)) and not now
    kept: list[str] = []
    frames: list[Frame] = []
    for original, low in zip(sentences, folded, strict=True):
        if over and (t.past.search(low) or t.resolved.search(low)):
            frames.append("over")
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
