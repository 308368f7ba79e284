-- An event service made by PostgreSQL's own DDL, snake_case names: serial and bigserial keys, a uuid key with a
-- function default, timestamptz with now(), jsonb of two shapes, an enum type, a domain, an array, a generated
-- column, CHECK constraints (one on two columns), timestamptz(3) as Prisma declares it, a unique constraint on two
-- columns and an expression index.
CREATE TYPE ticket_status AS ENUM ('open', 'used', 'void');
CREATE DOMAIN email_address AS varchar(120) CHECK (VALUE LIKE '%@%');

CREATE TABLE venues (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    capacity integer NOT NULL CHECK (capacity > 0),
    location jsonb,
    updated_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE events (
    id bigserial PRIMARY KEY,
    venue_id integer NOT NULL REFERENCES venues (id),
    title varchar(200) NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    tags jsonb NOT NULL DEFAULT '[]',
    price numeric(12,2),
    price_with_fee numeric GENERATED ALWAYS AS (price * 1.1) STORED,
    UNIQUE (venue_id, starts_at),
    CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX events_starts_at_idx ON events (starts_at);
CREATE INDEX events_lower_title_idx ON events (lower(title));

CREATE TABLE tickets (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    holder_email email_address NOT NULL,
    status ticket_status NOT NULL DEFAULT 'open',
    seats integer[],
    issued_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    code_hash bytea,
    scanned boolean NOT NULL DEFAULT false
);

INSERT INTO venues (name, capacity, location) VALUES
    ('Hall', 500, '{"city": "Oslo", "country": "NO"}'),
    ('Club', 80, NULL),
    ('Arena', 12000, '{"city": "Bergen", "country": "NO"}');
INSERT INTO events (venue_id, title, starts_at, ends_at, tags, price)
    SELECT 1 + i % 3, 'Event ' || i, timestamptz '2024-01-01 18:00:00+00' + i * interval '5 days 3 hours',
        CASE WHEN i % 4 = 0 THEN NULL ELSE timestamptz '2024-01-01 21:30:00+00' + i * interval '5 days 3 hours' END,
        CASE WHEN i % 2 = 0 THEN '["music", "live"]'::jsonb ELSE '[]'::jsonb END,
        CASE WHEN i % 5 = 0 THEN NULL ELSE (i * 731 % 9000) / 100.0 END
    FROM generate_series(1, 40) AS i;
INSERT INTO tickets (id, event_id, holder_email, status, issued_at, code_hash, scanned)
    SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 1 + i % 40, 'guest' || i || '@example.com',
        (ARRAY['open', 'used', 'void']::ticket_status[])[1 + i % 3], timestamptz '2023-12-01 08:00:00+00' + i * interval '1 hour',
        CASE WHEN i % 2 = 0 THEN decode(md5(i::text), 'hex') ELSE NULL END, i % 3 = 1
    FROM generate_series(1, 60) AS i;
