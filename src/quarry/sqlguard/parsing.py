"""Input pre-checks and single-statement parsing for the SQL guard.

Pre-checks run on the raw text because some tricks never reach the parser's tree: null
bytes (which C-string based layers truncate at) and psql meta-commands such as ``\\!`` or
``\\copy`` (which psql executes itself, outside the server). Everything else is decided on
the sqlglot syntax tree.
"""

from __future__ import annotations

import re
from functools import lru_cache

import sqlglot
from sqlglot import exp
from sqlglot.dialects.postgres import Postgres
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from quarry.sqlguard.rejection import Rejection

DIALECT = "postgres"
MAX_SQL_CHARS = 100_000
"""Longer inputs are refused outright: no generated report query needs this much text and
sqlglot's recursive parser should not be handed unbounded input."""

_META_AT_LINE_START = re.compile(r"(?m)^\s*\\")


def _tokens(sql: str) -> list[Token] | None:
    """The Postgres tokens of ``sql``, or None when it cannot be tokenized."""
    try:
        return Postgres().tokenize(sql)
    except SqlglotError:
        return None


def _has_backslash_token(sql: str, tokens: list[Token] | None) -> bool:
    """True when a backslash appears outside string literals, identifiers and comments.

    Postgres SQL has no use for a bare backslash; in psql it starts a meta-command. The
    sqlglot tokenizer already understands every quoting form, so it tells us whether a
    backslash is inside a literal. If tokenizing failed, fall back to the line-start form.
    """
    if tokens is None:
        return bool(_META_AT_LINE_START.search(sql))
    return any(token.token_type == TokenType.BACKSLASH for token in tokens)


def precheck(sql: str, tokens: list[Token] | None = None) -> list[Rejection]:
    """Reasons to refuse the raw text before parsing (empty list when it may be parsed).
    ``tokens`` are the text's tokens when the caller already has them."""
    if not sql or not sql.strip():
        return [Rejection(code="empty", message="The SQL is empty.")]
    if "\x00" in sql:
        return [Rejection(code="null_byte", message="The SQL contains a null byte, which is not allowed.")]
    if len(sql) > MAX_SQL_CHARS:
        message = f"The SQL is too long ({len(sql)} characters; at most {MAX_SQL_CHARS})."
        return [Rejection(code="too_long", count=len(sql), message=message)]
    if _has_backslash_token(sql, tokens if tokens is not None else _tokens(sql)):
        message = "psql meta-commands (backslash commands such as \\! or \\copy) are not allowed."
        return [Rejection(code="psql_meta_command", message=message)]
    return []


def parse_statements(sql: str, tokens: list[Token] | None = None) -> list[exp.Expr]:
    """All statements in ``sql`` (Postgres dialect), ignoring empty ones such as a lone ``;``.
    ``tokens``, when given, are ``sql``'s tokens (tokenizing is a third of the parse).

    Raises ``SqlglotError`` on unparseable input.
    """
    parsed = sqlglot.parse(sql, read=DIALECT) if tokens is None else Postgres().parser().parse(tokens, sql)
    return [node for node in parsed if node is not None and not isinstance(node, exp.Semicolon)]


def parse_single(sql: str) -> tuple[exp.Expr | None, Rejection | None]:
    """Parse exactly one statement; return ``(tree, None)`` or ``(None, rejection)``. Never raises."""
    tokens = _tokens(sql) if sql and len(sql) <= MAX_SQL_CHARS else None
    problems = precheck(sql, tokens)
    if problems:
        return None, problems[0]
    try:
        statements = parse_statements(sql, tokens)
    except Exception as error:  # any parser failure is a rejection, never a crash
        return None, Rejection(code="parse_error", message=f"Could not parse SQL: {_first_line(error)}")
    if not statements:
        return None, Rejection(code="no_statement", message="The SQL contains no statement.")
    if len(statements) > 1:
        kinds = ", ".join(statement_keyword(node) for node in statements)
        message = f"Exactly one statement is allowed; found {len(statements)} ({kinds})."
        return None, Rejection(code="multiple_statements", subject=kinds, count=len(statements), message=message)
    return statements[0], None


@lru_cache(maxsize=512)
def reads_back(sql: str) -> bool:
    """True when ``sql`` parses as exactly one statement. Cached: the guard asks it of every
    SQL text it writes, and the same texts come back turn after turn."""
    return parse_single(sql)[0] is not None


def statement_keyword(node: exp.Expr) -> str:
    """First keyword of the node as Postgres SQL, e.g. ``DELETE`` or ``LISTEN``, for messages."""
    if isinstance(node, exp.Command):
        words = str(node.this).split()
        return words[0].upper() if words else "COMMAND"
    if node.args.get("with_") is not None:
        node = node.copy()
        node.set("with_", None)  # WITH x AS (...) DELETE ... is a DELETE, not a "WITH"
    words = node.sql(dialect=DIALECT, comments=False).split()
    return words[0].upper() if words else type(node).__name__.upper()


def _first_line(error: BaseException) -> str:
    """First line of a parser error: the rest is a highlighted excerpt for terminals."""
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]
