"""Data preparation for leasing: the generator of the bundled inventory, the lease texts and label
builders. Only ingest and setup call it; parsers, orchestrators and tools never import it
(an import-linter contract in pyproject.toml)."""
