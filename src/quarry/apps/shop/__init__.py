"""`shop`: Persian/English catalogue shopping assistant (data generator so far; no app spec yet)."""
