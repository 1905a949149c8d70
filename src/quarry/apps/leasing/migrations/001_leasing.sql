-- leasing: inventory (buildings, units), tenants, tenancies, leases + lease chunks, vendors,
-- rent comps, tour holds and thumbs feedback. Prefixed `leasing_` so no other app collides.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE IF NOT EXISTS leasing_buildings (
    building_id     text PRIMARY KEY,
    address         text    NOT NULL,
    address_key     text    NOT NULL,
    neighborhood    text    NOT NULL,
    borough         text    NOT NULL DEFAULT '',
    zip             text    NOT NULL DEFAULT '',
    lat             double precision,
    lon             double precision,
    building_class  text    NOT NULL DEFAULT '',
    year_built      integer,
    floors          integer,
    pet_policy      text    NOT NULL DEFAULT '',
    pets_allowed    boolean NOT NULL DEFAULT false,
    nearest_station text    NOT NULL DEFAULT '',
    station_m       double precision,
    near_transit    boolean NOT NULL DEFAULT false,
    amenities       text[]  NOT NULL DEFAULT '{}',
    landlord        text    NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS leasing_buildings_address_key ON leasing_buildings (address_key);

CREATE TABLE IF NOT EXISTS leasing_units (
    unit_id         text PRIMARY KEY,
    building_id     text    NOT NULL REFERENCES leasing_buildings (building_id) ON DELETE CASCADE,
    suite           text    NOT NULL DEFAULT '',
    floor           integer,
    unit_type       text    NOT NULL DEFAULT 'office',
    sqft            integer NOT NULL CHECK (sqft > 0),
    rent            numeric(12, 2) NOT NULL CHECK (rent > 0),
    ppsf_year       numeric(10, 2) NOT NULL,
    available       date,
    term_min_months integer,
    term_max_months integer,
    amenities       text[]  NOT NULL DEFAULT '{}',
    pet_friendly    boolean NOT NULL DEFAULT false,
    near_transit    boolean NOT NULL DEFAULT false,
    notes           text    NOT NULL DEFAULT '',
    source          text    NOT NULL DEFAULT 'bundled'
);
-- Hard filters of MatchRank: size and rent ranges, neighbourhood via the building.
CREATE INDEX IF NOT EXISTS leasing_units_rent ON leasing_units (rent);
CREATE INDEX IF NOT EXISTS leasing_units_sqft ON leasing_units (sqft);
CREATE INDEX IF NOT EXISTS leasing_units_building ON leasing_units (building_id);

CREATE TABLE IF NOT EXISTS leasing_tenants (
    tenant_id    text PRIMARY KEY,
    company      text NOT NULL,
    contact_name text NOT NULL DEFAULT '',
    email        text NOT NULL DEFAULT '',
    phone        text NOT NULL DEFAULT '',
    industry     text NOT NULL DEFAULT ''
);

CREATE TABLE IF NOT EXISTS leasing_leases (
    lease_id   text PRIMARY KEY,
    premises   text    NOT NULL DEFAULT '',
    pages      integer NOT NULL,
    body       text    NOT NULL,
    source     text    NOT NULL DEFAULT 'bundled'
);

-- One chunk per (section, page): what LeaseQA retrieves and cites. `body` is an exact slice of
-- the stored lease text, so a quote taken from a chunk is a substring of the lease.
CREATE TABLE IF NOT EXISTS leasing_lease_chunks (
    lease_id  text    NOT NULL REFERENCES leasing_leases (lease_id) ON DELETE CASCADE,
    chunk_no  integer NOT NULL,
    page      integer NOT NULL,
    section   text,
    heading   text    NOT NULL DEFAULT '',
    body      text    NOT NULL,
    terms     text[]  NOT NULL DEFAULT '{}',
    PRIMARY KEY (lease_id, chunk_no)
);
CREATE INDEX IF NOT EXISTS leasing_lease_chunks_terms ON leasing_lease_chunks USING gin (terms);

CREATE TABLE IF NOT EXISTS leasing_tenancies (
    tenancy_id       text PRIMARY KEY,
    tenant_id        text    NOT NULL REFERENCES leasing_tenants (tenant_id) ON DELETE CASCADE,
    unit_id          text    NOT NULL,
    lease_id         text,
    start_date       date    NOT NULL,
    end_date         date    NOT NULL,
    monthly_rent_usd numeric(12, 2) NOT NULL,
    escalation_pct   numeric(5, 2),
    security_deposit_usd numeric(12, 2),
    renewal_option   text    NOT NULL DEFAULT '',
    status           text    NOT NULL DEFAULT 'active'
);
CREATE INDEX IF NOT EXISTS leasing_tenancies_tenant ON leasing_tenancies (tenant_id);

CREATE TABLE IF NOT EXISTS leasing_vendors (
    vendor_id      text PRIMARY KEY,
    name           text    NOT NULL,
    category       text    NOT NULL,
    boroughs       text[]  NOT NULL DEFAULT '{}',
    sla_p0_hours   double precision NOT NULL,
    sla_p1_hours   double precision NOT NULL,
    sla_p2_hours   double precision NOT NULL,
    available_24_7 boolean NOT NULL DEFAULT false,
    hourly_rate_usd numeric(8, 2)
);

CREATE TABLE IF NOT EXISTS leasing_rent_comps (
    comp_id          text PRIMARY KEY,
    address          text    NOT NULL,
    neighborhood     text    NOT NULL,
    borough          text    NOT NULL,
    building_class   text    NOT NULL,
    unit_type        text    NOT NULL,
    sqft             integer NOT NULL,
    signed_date      date    NOT NULL,
    term_months      integer NOT NULL,
    starting_rent_psf numeric(10, 2) NOT NULL,
    free_rent_months integer NOT NULL DEFAULT 0,
    ti_allowance_psf numeric(10, 2) NOT NULL DEFAULT 0,
    escalation_pct   numeric(5, 2),
    net_effective_rent_psf numeric(10, 2)
);

-- Tour holds. Two active holds on one unit can never overlap in time: the exclusion constraint
-- decides under concurrency (no check-then-insert). Expired holds are marked 'expired' by the
-- next booking transaction before it inserts, so they stop blocking.
CREATE TABLE IF NOT EXISTS leasing_holds (
    hold_id    bigserial PRIMARY KEY,
    unit_id    text        NOT NULL REFERENCES leasing_units (unit_id) ON DELETE CASCADE,
    session_id text,
    during     tstzrange   NOT NULL CHECK (NOT isempty(during)),
    status     text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'released', 'expired')),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    CONSTRAINT leasing_holds_no_overlap EXCLUDE USING gist (unit_id WITH =, during WITH &&) WHERE (status = 'active')
);
CREATE INDEX IF NOT EXISTS leasing_holds_session ON leasing_holds (session_id);

-- Thumbs up/down on a turn (and optionally one unit of it).
CREATE TABLE IF NOT EXISTS leasing_feedback (
    feedback_id bigserial PRIMARY KEY,
    run_id      bigint,
    session_id  text,
    unit_id     text,
    thumbs      smallint    NOT NULL CHECK (thumbs IN (-1, 1)),
    created_at  timestamptz NOT NULL DEFAULT now()
);
