"""`labs`: lab-results questions in any language → one safe, validated SQL query.

Kept import-free (see `quarry.apps.comps`). Entry point: `quarry.apps.labs.orchestrator.run`.
"""
