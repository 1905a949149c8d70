-- The shop catalogue: the seed's tables and indexes, in their own schema `shop` so the
-- seed's short names (members, shops, cities…) cannot collide with another app's tables.
CREATE SCHEMA IF NOT EXISTS shop;

CREATE TABLE IF NOT EXISTS shop.cities (
    id integer PRIMARY KEY,
    name text NOT NULL
);

CREATE TABLE IF NOT EXISTS shop.categories (
    id integer PRIMARY KEY,
    title text NOT NULL,
    parent_id integer REFERENCES shop.categories (id)
);

CREATE TABLE IF NOT EXISTS shop.brands (
    id integer PRIMARY KEY,
    title text NOT NULL
);

CREATE TABLE IF NOT EXISTS shop.shops (
    id integer PRIMARY KEY,
    city_id integer NOT NULL REFERENCES shop.cities (id),
    score real NOT NULL CHECK (score BETWEEN 0 AND 5),
    has_warranty boolean NOT NULL
);

-- persian_fold / english_fold: the names as `quarry_fold_joined` sees them (Arabic ي/ك, digit
-- shapes, half-spaces, diacritics and suffix spacing folded), what the trigram indexes and
-- the `simple` search vector are built on.
CREATE TABLE IF NOT EXISTS shop.base_products (
    random_key text PRIMARY KEY,
    persian_name text NOT NULL,
    english_name text NOT NULL DEFAULT '',
    category_id integer NOT NULL REFERENCES shop.categories (id),
    brand_id integer REFERENCES shop.brands (id),
    extra_features jsonb NOT NULL DEFAULT '{}',
    image_url text,
    members jsonb NOT NULL DEFAULT '[]',
    persian_fold text GENERATED ALWAYS AS (quarry_fold_joined(persian_name)) STORED,
    english_fold text GENERATED ALWAYS AS (quarry_fold_joined(english_name)) STORED,
    search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, quarry_fold_joined(persian_name)), 'A')
        || setweight(to_tsvector('simple'::regconfig, quarry_fold_joined(english_name)), 'B')
    ) STORED
);

CREATE TABLE IF NOT EXISTS shop.members (
    random_key text PRIMARY KEY,
    base_random_key text NOT NULL REFERENCES shop.base_products (random_key),
    shop_id integer NOT NULL REFERENCES shop.shops (id),
    price bigint NOT NULL CHECK (price >= 0)
);

CREATE TABLE IF NOT EXISTS shop.searches (
    id bigint PRIMARY KEY,
    uid text NOT NULL,
    query text NOT NULL,
    page integer NOT NULL,
    timestamp timestamptz NOT NULL,
    session_id text NOT NULL,
    result_base_product_rks jsonb NOT NULL DEFAULT '[]',
    category_id integer NOT NULL DEFAULT 0,
    category_brand_boosts jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE IF NOT EXISTS shop.base_views (
    id bigint PRIMARY KEY,
    search_id bigint NOT NULL REFERENCES shop.searches (id),
    base_product_rk text NOT NULL REFERENCES shop.base_products (random_key),
    timestamp timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS shop.final_clicks (
    id bigint PRIMARY KEY,
    base_view_id bigint NOT NULL REFERENCES shop.base_views (id),
    shop_id integer NOT NULL REFERENCES shop.shops (id),
    timestamp timestamptz NOT NULL
);

-- The seed's indexes (trigram on the folded names, the generated search vector, filters).
CREATE INDEX IF NOT EXISTS idx_base_products_persian_name_trgm ON shop.base_products USING gin (persian_fold gin_trgm_ops);
CREATE INDEX IF NOT EXISTS idx_base_products_english_name_trgm ON shop.base_products USING gin (english_fold gin_trgm_ops);
CREATE INDEX IF NOT EXISTS idx_base_products_search_vector ON shop.base_products USING gin (search_vector);
CREATE INDEX IF NOT EXISTS idx_base_products_category ON shop.base_products (category_id);
CREATE INDEX IF NOT EXISTS idx_base_products_brand ON shop.base_products (brand_id);
CREATE INDEX IF NOT EXISTS idx_members_base_random_key ON shop.members (base_random_key);
CREATE INDEX IF NOT EXISTS idx_members_shop_id ON shop.members (shop_id);
CREATE INDEX IF NOT EXISTS idx_shops_city ON shop.shops (city_id);

-- Conversation memory of POST /chat: the client names the chat (chat_id, the public
-- contract), so it is keyed here rather than in the core's server-issued sessions.
CREATE TABLE IF NOT EXISTS shop_chats (
    chat_id text PRIMARY KEY,
    state jsonb NOT NULL DEFAULT '{}',
    summary text NOT NULL DEFAULT '' CHECK (char_length(summary) <= 200),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- What the loaded catalogue was generated from (seed and sizes), so `prepare` can skip a
-- second load and `quarry shop ingest` can say what it replaced.
CREATE TABLE IF NOT EXISTS shop.catalogue_meta (
    key text PRIMARY KEY,
    value jsonb NOT NULL
);
