"""Data preparation for labs: the generator of the demo patients, reports and results. Only ingest
and setup call it; the question parser, the agent and the tools never import it."""
