-- Names that are not Swift identifiers: spaces, dashes, a leading digit, quotes, a colon and '#', SQL
-- keywords ("group", "order"), a reserved Swift type name ("Type"), two columns and two tables that
-- would get the same identifier, text dates in mixed forms, and a view over a table with spaces in its name.

CREATE TABLE "customer-list" (
    id INTEGER PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT 'it''s: #1',
    "e-mail" TEXT UNIQUE,
    "2nd Phone" TEXT
);

CREATE TABLE "Order Details" (
    "Order ID" INTEGER PRIMARY KEY,
    "Unit Price" REAL NOT NULL DEFAULT 0.5,
    "UnitPrice" REAL,
    "group" TEXT,
    "Order Date" DATETIME,
    "Say ""hi"": #now" TEXT DEFAULT 'yes',
    "Customer Id" INTEGER REFERENCES "customer-list" (id) ON DELETE SET NULL
);
CREATE INDEX "Order Details by group" ON "Order Details" ("group", "Order Date" DESC);
CREATE INDEX "order details lower group" ON "Order Details" (lower("group"));

CREATE TABLE OrderDetails (
    id INTEGER PRIMARY KEY,
    note TEXT
);

CREATE TABLE "order" (
    "order" INTEGER PRIMARY KEY,
    "select" TEXT NOT NULL,
    "true" BOOLEAN DEFAULT TRUE,
    count INTEGER NOT NULL DEFAULT (0),
    amount DECIMAL(12, 4) DEFAULT 1.2500,
    "created" TEXT DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "Type" (
    "Type" TEXT PRIMARY KEY NOT NULL,
    "Self" TEXT
);

-- Names a schema cannot declare: two tables named café, the first with e and a combining acute accent (U+0301),
-- the second with a precomposed é (U+00E9), which SQLite tells apart and Swift does not (the pull keeps the first
-- in byte order: the combining one); a NULL-able column with an empty name (left out).
CREATE TABLE "café" (id INTEGER PRIMARY KEY, "" TEXT, name TEXT);
CREATE TABLE "café" (id INTEGER PRIMARY KEY, note TEXT);

-- Foreign keys a relation cannot express: composite, and to a column other than the target's key. The pull skips
-- them with a note; the database keeps enforcing them. "pair"'s composite key has no NOT NULL.
CREATE TABLE pair (a TEXT, b INTEGER, PRIMARY KEY (a, b));
CREATE TABLE line (
    id INTEGER PRIMARY KEY,
    "pair a" TEXT,
    "pair b" INTEGER,
    "customer e-mail" TEXT REFERENCES "customer-list" ("e-mail"),
    FOREIGN KEY ("pair a", "pair b") REFERENCES pair (a, b) ON DELETE CASCADE
);

CREATE VIEW "Big Orders" AS SELECT * FROM "Order Details" WHERE "Unit Price" > 100;

-- Rows.

INSERT INTO "customer-list" (id, "name", "e-mail", "2nd Phone") VALUES
    (1, 'Ann', 'ann@example.com', NULL), (2, 'Bob', NULL, '555-0100');

INSERT INTO "Order Details" ("Order ID", "Unit Price", "UnitPrice", "group", "Order Date", "Customer Id") VALUES
    (1, 10.5, 10.5, 'a', '2024-01-05 10:00:00', 1),
    (2, 120, 120, 'b', '2024-01-06 10:00:00.25', 2),
    (3, 99.99, NULL, NULL, '2024-01-07T09:00:00Z', NULL),
    (4, 250, 250, 'a', '2024-01-08 11:30:00', 1);

INSERT INTO OrderDetails (id, note) VALUES (1, 'first');
INSERT INTO "order" ("order", "select", "true", count, amount) VALUES
    (1, 'all', 1, 3, 2.5), (2, 'b', 0, 1, 10), (3, 'c', NULL, 2, 9.5), (4, 'd', 1, 0, 100), (5, 'e', 1, 0, '9.2');
INSERT INTO "Type" ("Type", "Self") VALUES ('x', 'y');
INSERT INTO "café" (id, "", name) VALUES (1, 'empty-named', 'combining');
INSERT INTO "café" (id, note) VALUES (1, 'precomposed');
INSERT INTO pair (a, b) VALUES ('x', 1);
INSERT INTO line (id, "pair a", "pair b", "customer e-mail") VALUES (1, 'x', 1, 'ann@example.com');
