-- A hold can be confirmed into a booking ('booked'): it no longer expires, and it blocks the
-- slot exactly as an active hold does (the exclusion constraint covers both).
ALTER TABLE leasing_holds DROP CONSTRAINT IF EXISTS leasing_holds_status_check;
ALTER TABLE leasing_holds ADD CONSTRAINT leasing_holds_status_check
    CHECK (status IN ('active', 'booked', 'released', 'expired'));
ALTER TABLE leasing_holds DROP CONSTRAINT IF EXISTS leasing_holds_no_overlap;
ALTER TABLE leasing_holds ADD CONSTRAINT leasing_holds_no_overlap
    EXCLUDE USING gist (unit_id WITH =, during WITH &&) WHERE (status IN ('active', 'booked'));
