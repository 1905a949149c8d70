"""`leasing`: commercial leasing assistant (data generator and bundled data so far; see `generate.py`)."""
