"""Data preparation for shop: the catalogue generator. Only ingest (and the eval's label builder)
call it; the chat pipeline never imports it."""
