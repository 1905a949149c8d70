"""`archive`: heritage archive search over a bundled corpus of Malaysian and Southeast-Asian records."""
