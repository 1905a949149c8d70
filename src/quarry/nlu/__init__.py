"""One language layer for every app: how people write numbers, money, ranges, periods, names
and places in en, ru, uk, es, fa, ms (and zh words in Singapore English), read the same way
everywhere. Python here holds grammar; which words play which part are data files
(`quarry/nlu/data/*.toml` for the layer, `apps/<app>/data/*.toml` for an app's own words).

- `text`: script-level normalisation (digits of any script, dashes, quotes), word edges;
- `numbers`: number words → digits (number-parser's tables + our grammar; Chinese numerals);
- `money`: amounts with scale words and currencies; `bounds`: ranges, min/max, approximations;
- `periods`: rolling windows, "since <month>", years, relative to an anchor (dateparser);
- `fuzzy`: names of the data matched with typing slips and shortened words (rapidfuzz);
- `removals`: constraints taken back; `translate`: another language's words read as known ones;
- `coverage`: what a parse left unread (no silent drops); `scan`: the buffer parsers share;
- `lexicon`: the TOML loader.
"""
