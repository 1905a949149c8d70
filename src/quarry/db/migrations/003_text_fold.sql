-- Multilingual folding and tokenising, step for step the same as quarry/search/text.py
-- (tests/test_search_text.py checks Python == SQL on a table of strings).
--
-- quarry_fold: NFKC, full lower case, Latin diacritics stripped (marks U+0300-U+036F only
-- after a Latin letter, so Cyrillic й and Arabic آ stay whole), then one translate for the
-- Persian letters and digits, ё -> е, ς -> σ, the undecomposable Latin letters, and the
-- removal of ZWNJ and tatweel; ß/æ/œ become two letters; harakat and Quranic
-- annotation marks (U+0610-U+061A, U+064B-U+065F, U+0670, U+06D6-U+06ED but the Lm letters)
-- are removed last.
-- The collation is pinned to pg_unicode_fast (full case mapping, Unicode character
-- classes), so the result does not depend on the database's ctype (its encoding must be
-- UTF-8). No unaccent: its rules file is not Python's, and parity matters more.
CREATE OR REPLACE FUNCTION quarry_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN regexp_replace(
    replace(replace(replace(
        translate(
            normalize(
                regexp_replace(
                    normalize(lower(normalize(value, NFKC) COLLATE pg_unicode_fast), NFD),
                    '([a-zßæœøđðłıþ])[\u0300-\u036f]+', '\1', 'g'),
                NFC),
            'يىكۀة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ёςđðøłıþ' || U&'\200C\0640',
            'ییکهه01234567890123456789еσddolit'),
        'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'),
    '[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]', '', 'g');

-- quarry_tokens: distinct words of the folded text in order of first appearance; a word is
-- a run of letters or decimal digits (Unicode classes under pg_unicode_fast).
CREATE OR REPLACE FUNCTION quarry_tokens(value text) RETURNS text[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN (
    SELECT coalesce(array_agg(w.word ORDER BY w.first), '{}')
    FROM (
        SELECT s.word, min(s.n) AS first
        FROM regexp_split_to_table(quarry_fold(value) COLLATE pg_unicode_fast,
                                   '[^[:alpha:][:digit:]]+') WITH ORDINALITY AS s(word, n)
        WHERE s.word <> ''
        GROUP BY s.word
    ) AS w
);
