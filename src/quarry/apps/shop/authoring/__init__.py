"""Data preparation for shop: the catalogue generator and its category tables, and the label
builders (eval cases, generic queries). Only ingest (and the label builders) call them; the chat
pipeline never imports them: it reads the loaded catalogue's words from the database (`vocab`)."""
