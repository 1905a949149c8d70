# Two commands do all set-up on a fresh machine:
#   make demo   install everything, start embedded Postgres, ingest bundled data, serve the UI
#   make test   install everything (incl. Debian chromium for the browser test), lint, type-check, test
SHELL := /bin/bash
# uv from PATH, else as a module of the machine's Python (installed by `setup` when missing).
UV := $(shell command -v uv 2>/dev/null)
ifeq ($(UV),)
UV := python3 -m uv
endif


.PHONY: setup browser demo serve test test-fast lint typecheck bench eval clean

setup:
	@$(UV) --version >/dev/null 2>&1 || python3 -m pip install --quiet uv
	$(UV) sync --frozen --compile-bytecode
	$(UV) run --frozen python -m compileall -q src >/dev/null

browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian chromium for the end-to-end browser test"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; }

demo: setup
	$(UV) run quarry demo

serve: setup
	$(UV) run quarry serve

lint: setup
	$(UV) run ruff check src tests bench
	$(UV) run ruff format --check src tests bench
	$(UV) run lint-imports

typecheck: setup
	$(UV) run mypy

test: setup browser lint typecheck
	$(UV) run pytest -q

# The fast tier while editing: no lint, type-check, browser or tests marked slow (under a minute, warm database).
test-fast: setup
	$(UV) run pytest -q -m "not slow and not e2e"

eval: setup
	$(UV) run quarry comps eval
	$(UV) run quarry labs eval
	$(UV) run quarry archive eval
	$(UV) run quarry shop eval
	$(UV) run quarry leasing eval

bench: setup
	$(UV) run python bench/bench_comps.py
	$(UV) run python bench/bench_labs.py
	$(UV) run python bench/bench_comps_parse.py
	$(UV) run python bench/bench_labs_timeout.py
	$(UV) run python bench/bench_labs_sandbox.py
	$(UV) run python bench/bench_archive.py
	$(UV) run python bench/bench_shop.py
	$(UV) run python bench/bench_leasing.py

clean:
	rm -rf .quarry .pytest_cache .mypy_cache .ruff_cache
