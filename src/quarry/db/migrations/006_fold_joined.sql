-- quarry_fold_joined: quarry_fold, then Persian suffixes (ها های هایی ای تر ترین) written after
-- a space joined to the word before, and the verb prefixes می/نمی joined to the word after,
-- so "گوشی های", "گوشی‌های" and "گوشیهای" are one string. Same steps as
-- quarry.search.text.fold_joined (tests/test_shop_text.py checks Python == SQL).
CREATE OR REPLACE FUNCTION quarry_fold_joined(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN regexp_replace(
    regexp_replace(
        quarry_fold(value),
        '([\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff]) (ها|های|هایی|ای|تر|ترین)(?![\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff])',
        '\1\2', 'g'),
    '(^|[^\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff])(می|نمی) (?=[\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06ff])',
    '\1\2', 'g');
