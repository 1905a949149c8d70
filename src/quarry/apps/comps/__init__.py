"""`comps`: HDB resale comparables — ranked comps, price stats, histogram and agent trace.

Kept import-free: the CLI imports every app's spec at start-up, and a command that needs
no model (`--help`, `labs validate`) must not pay for pydantic-ai. Entry point:
`quarry.apps.comps.orchestrator.run`.
"""
