-- An event log: snake_case names, dates as INTEGER Unix seconds (declared TIMESTAMP on some columns,
-- INTEGER on others), milliseconds and Julian days, UUIDs as lowercase TEXT in a column declared UUID,
-- BOOLEAN 0/1 columns, nullable and cascading foreign keys, two foreign keys to the same table, a table
-- without a primary key, a full-text virtual table (with its shadow tables) and AUTOINCREMENT (so
-- sqlite_sequence exists). Every row is generated deterministically.

CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_name TEXT NOT NULL UNIQUE,
    display_name TEXT,
    is_admin BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE event_types (
    code TEXT PRIMARY KEY,
    label TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE events (
    id UUID PRIMARY KEY NOT NULL,
    event_type TEXT NOT NULL REFERENCES event_types (code),
    title TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP,
    updated_at_ms DATETIME,
    reminder_day DATE,
    is_public BOOLEAN NOT NULL DEFAULT 1,
    created_by_user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    assigned_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    payload BLOB
);
CREATE INDEX events_starts_at ON events (starts_at);
CREATE UNIQUE INDEX events_type_title ON events (event_type, title);
CREATE INDEX events_recent ON events (created_at) WHERE created_at > 1700000000;

CREATE TABLE event_tags (
    event_id UUID NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (event_id, tag)
);

CREATE TABLE audit_log (
    happened_at INTEGER NOT NULL,
    message TEXT NOT NULL
);

CREATE VIRTUAL TABLE event_search USING fts5(title);

-- Rows.

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
INSERT INTO users (user_name, display_name, is_admin, created_at)
SELECT 'user' || i, CASE WHEN i % 3 = 0 THEN NULL ELSE 'User ' || i END, i = 1, 1577836800 + i * 86400 FROM n;

INSERT INTO event_types (code, label) VALUES ('meeting', 'Meeting'), ('call', 'Call'), ('trip', 'Trip');

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
INSERT INTO events (id, event_type, title, created_at, starts_at, ends_at, updated_at_ms, reminder_day,
                    is_public, created_by_user_id, assigned_user_id, payload)
SELECT printf('%08x-%04x-4%03x-8%03x-%012x', (i * 2654435761) % 4294967296, i, i * 7, i * 11, i * 1000003),
       CASE i % 3 WHEN 0 THEN 'meeting' WHEN 1 THEN 'call' ELSE 'trip' END,
       'Event ' || i,
       1600000000 + i * 3600,
       1600000000 + i * 86400,
       CASE WHEN i % 5 = 0 THEN NULL ELSE 1600000000 + i * 86400 + 5400 END,
       CASE WHEN i % 4 = 0 THEN NULL ELSE (1600000000 + i * 3600) * 1000 + i END,
       CASE WHEN i % 2 = 0 THEN NULL ELSE 2459000.5 + i END,
       i % 2,
       i % 10 + 1,
       CASE WHEN i % 3 = 0 THEN NULL ELSE (i * 3) % 10 + 1 END,
       CASE WHEN i % 10 = 0 THEN x'00ff' ELSE NULL END
FROM n;

INSERT INTO event_tags (event_id, tag)
SELECT id, 'tag' || (created_at % 5) FROM events WHERE created_at % 2 = 0;

INSERT INTO audit_log (happened_at, message) VALUES (1600000000, 'created'), (1600003600, 'updated');

INSERT INTO event_search (title) SELECT title FROM events;
