"""Function allowlist and denylist for the SQL guard.

Why an allowlist: Postgres exposes hundreds of functions, some of which sleep, read files,
change settings, take locks or run SQL strings of their own (``ts_stat``, ``query_to_xml``,
``dblink``). Enumerating the bad ones is a losing game, so only functions a reporting query
really needs are allowed. The denylist is a second, independent net: it rejects the known
dangerous families by name even if someone widens the allowlist carelessly.

Names are matched as Postgres will execute them. The guard returns SQL regenerated from the
sqlglot tree, so for typed sqlglot nodes the name that matters is the one the Postgres
generator prints (``now()`` is printed as ``CURRENT_TIMESTAMP``, ``char_length`` as
``LENGTH``, ``variance`` as ``VAR_SAMP``). A few nodes are SQL syntax rather than calls
(``CASE``, ``x -> 'k'``, ``x ~ 're'``, ``ARRAY[...]``); those fall back to sqlglot's own name
for the node, which is why such internal names also appear in the default allowlist.
"""

from __future__ import annotations

import re

from sqlglot import exp

_AGGREGATES = {
    "count", "sum", "avg", "min", "max", "stddev", "stddev_samp", "stddev_pop", "variance",
    "var_samp", "var_pop", "percentile_cont", "percentile_disc", "mode", "array_agg",
    "string_agg", "bool_and", "bool_or", "every", "json_agg", "jsonb_agg", "corr",
    "covar_pop", "covar_samp", "regr_slope", "regr_intercept", "regr_r2",
}  # fmt: skip
_MATH = {
    "abs", "round", "ceil", "ceiling", "floor", "trunc", "power", "sqrt", "exp", "ln", "log",
    "log10", "mod", "greatest", "least", "sign", "random", "width_bucket",
}  # fmt: skip
_STRING = {
    "lower", "upper", "length", "char_length", "character_length", "octet_length",
    "substring", "substr", "trim", "ltrim", "rtrim", "btrim", "replace", "concat",
    "concat_ws", "left", "right", "position", "strpos", "split_part", "initcap", "translate",
    "unaccent", "similarity", "word_similarity", "strict_word_similarity", "regexp_replace",
    "regexp_match", "regexp_matches", "lpad", "rpad", "reverse", "starts_with",
    "string_to_array", "array_to_string", "array_length", "cardinality", "unnest",
}  # fmt: skip
_DATETIME = {
    "now", "current_date", "current_timestamp", "current_time", "localtimestamp",
    "localtime", "date_trunc", "date_part", "extract", "age", "make_date", "make_timestamp",
    "make_interval", "to_char", "to_date", "to_timestamp", "to_number", "justify_interval",
    "justify_days", "justify_hours", "date", "isfinite", "generate_series",
}  # fmt: skip
# "all" is x <> ALL (ARRAY[...]), which sqlglot parses as a call named ALL.
_CONDITIONAL_AND_CASTS = {"coalesce", "nullif", "case", "cast", "try_cast", "exists", "all"}
_WINDOW = {
    "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
    "first_value", "last_value", "nth_value",
}  # fmt: skip
_JSON = {
    "jsonb_extract_path_text", "json_extract_path_text", "jsonb_extract_path",
    "json_extract_path", "jsonb_array_length", "json_array_length", "jsonb_typeof",
}  # fmt: skip
# Names of sqlglot nodes that Postgres writes as syntax rather than as a call (see
# ``function_name``): CASE/WHEN, JSON operators (-> ->> #> #>> @> ? ?| ?&), regex match
# operators (~ ~*), array operators (@> <@ &&), ARRAY[...] constructors and COLLATE.
_SQLGLOT_INTERNAL = {
    "if", "json_extract", "json_extract_scalar", "jsonb_extract", "jsonb_extract_scalar",
    "jsonb_contains", "jsonb_contains_top_key", "jsonb_contains_any_top_keys",
    "jsonb_contains_all_top_keys", "regexp_like", "regexp_i_like", "array",
    "array_contains", "array_contains_all", "array_contained_by", "array_overlaps", "collate",
}  # fmt: skip

DEFAULT_FUNCTION_ALLOWLIST: frozenset[str] = frozenset(
    _AGGREGATES | _MATH | _STRING | _DATETIME | _CONDITIONAL_AND_CASTS | _WINDOW | _JSON | _SQLGLOT_INTERNAL
)
"""Lower-case function names a read-only reporting query may call."""

DENIED_FUNCTION_NAMES: frozenset[str] = frozenset(
    {
        # settings, sessions, identity and server fingerprinting
        "set_config", "current_setting", "version", "current_user", "session_user",
        "current_role", "user", "system_user", "current_database", "current_catalog",
        "current_schema", "current_schemas", "inet_server_addr", "inet_server_port",
        "inet_client_addr", "inet_client_port",
        # sequences mutate state even inside a read-only-looking SELECT
        "nextval", "setval", "currval", "lastval",
        # functions that run a SQL string of their own and so bypass every other rule
        "ts_stat", "ts_rewrite", "query_to_xml", "query_to_xml_and_xmlschema",
        "query_to_xmlschema", "cursor_to_xml", "cursor_to_xmlschema", "table_to_xml",
        "table_to_xml_and_xmlschema", "table_to_xmlschema", "schema_to_xml",
        "database_to_xml", "xpath_table", "crosstab", "connectby", "copy",
        # catalog lookups by name
        "to_regclass", "to_regproc", "to_regprocedure", "to_regtype", "to_regrole",
        "to_regnamespace", "has_table_privilege", "has_database_privilege",
    }
)  # fmt: skip
"""Function names rejected even when an allowlist contains them."""

DENIED_FUNCTION_PREFIXES: tuple[str, ...] = (
    "pg_",  # pg_sleep*, pg_read_file, pg_ls_dir, pg_terminate_backend, pg_advisory_*, ...
    "lo_",  # large objects: lo_import/lo_export read and write server files
    "dblink",  # connections to other databases
    "txid_",
    "xml",  # xmlparse & co: XML parsing surface, entity tricks
    "xpath",
    "file_",
    "binary_upgrade_",
    "crosstab",
)
"""Name prefixes of function families rejected even when an allowlist contains them."""

SQL_VALUE_FUNCTIONS: frozenset[str] = frozenset(
    {"user", "current_user", "current_role", "session_user", "system_user", "current_catalog",
     "current_schema"}
)  # fmt: skip
"""Keywords Postgres evaluates as functions without parentheses. sqlglot parses some of
them (``user``, ``current_role``, ``system_user``) as plain column references, so they are
checked by name on unquoted, unqualified columns."""

_CALL_NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_$]*)\s*(\(|$)")
_WORD_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def is_denied_function(name: str) -> bool:
    """True when ``name`` (lower-case) belongs to a known-dangerous function family."""
    return name in DENIED_FUNCTION_NAMES or name.startswith(DENIED_FUNCTION_PREFIXES)


def function_name(node: exp.Func) -> str:
    """The lower-case name Postgres will see for ``node`` once the tree is regenerated.

    Anonymous (unknown to sqlglot) functions keep the name the user wrote. Typed nodes are
    rendered with the Postgres generator and the leading call name is read back; nodes that
    render as operators or keywords (``x -> 'k'``, ``CASE ...``) use the node's class name in
    snake case (``JSONBContainsTopKey`` -> ``jsonb_contains_top_key``).
    """
    if isinstance(node, exp.Anonymous | exp.AnonymousAggFunc):
        return node.name.lower()
    match = _CALL_NAME.match(node.sql(dialect="postgres", comments=False))
    if match:
        return match.group(1).lower()
    return _WORD_BOUNDARY.sub("_", type(node).__name__).lower()
