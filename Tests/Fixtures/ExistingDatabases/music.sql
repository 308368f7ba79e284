-- A Chinook-like music store: PascalCase names, NVARCHAR and NUMERIC(10,2) types, DATETIME values stored
-- as 'YYYY-MM-DD HH:MM:SS' text, a self-referencing foreign key, a composite key, explicit indexes and the
-- join table PlaylistTrack. Every row is generated deterministically.

CREATE TABLE Artist (
    ArtistId INTEGER PRIMARY KEY,
    Name NVARCHAR(120)
);

CREATE TABLE Album (
    AlbumId INTEGER NOT NULL,
    Title NVARCHAR(160) NOT NULL,
    ArtistId INTEGER NOT NULL,
    CONSTRAINT PK_Album PRIMARY KEY (AlbumId),
    FOREIGN KEY (ArtistId) REFERENCES Artist (ArtistId) ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE INDEX IFK_AlbumArtistId ON Album (ArtistId);

CREATE TABLE Genre (
    GenreId INTEGER NOT NULL,
    Name NVARCHAR(120),
    CONSTRAINT PK_Genre PRIMARY KEY (GenreId)
);

CREATE TABLE MediaType (
    MediaTypeId INTEGER NOT NULL,
    Name NVARCHAR(120),
    CONSTRAINT PK_MediaType PRIMARY KEY (MediaTypeId)
);

CREATE TABLE Track (
    TrackId INTEGER NOT NULL,
    Name NVARCHAR(200) NOT NULL,
    AlbumId INTEGER,
    MediaTypeId INTEGER NOT NULL,
    GenreId INTEGER,
    Composer NVARCHAR(220),
    Milliseconds INTEGER NOT NULL,
    Bytes INTEGER,
    UnitPrice NUMERIC(10,2) NOT NULL,
    CONSTRAINT PK_Track PRIMARY KEY (TrackId),
    FOREIGN KEY (AlbumId) REFERENCES Album (AlbumId) ON DELETE SET NULL ON UPDATE NO ACTION,
    FOREIGN KEY (GenreId) REFERENCES Genre (GenreId) ON DELETE NO ACTION ON UPDATE NO ACTION,
    FOREIGN KEY (MediaTypeId) REFERENCES MediaType (MediaTypeId) ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE INDEX IFK_TrackAlbumId ON Track (AlbumId);
CREATE INDEX IFK_TrackGenreId ON Track (GenreId);
CREATE INDEX IFK_TrackMediaTypeId ON Track (MediaTypeId);

CREATE TABLE Employee (
    EmployeeId INTEGER PRIMARY KEY,
    LastName NVARCHAR(20) NOT NULL,
    FirstName NVARCHAR(20) NOT NULL,
    Title NVARCHAR(30),
    ReportsTo INTEGER REFERENCES Employee (EmployeeId),
    BirthDate DATETIME,
    HireDate DATETIME,
    Email NVARCHAR(60),
    UNIQUE (FirstName, LastName)
);
CREATE INDEX IFK_EmployeeReportsTo ON Employee (ReportsTo);

CREATE TABLE Customer (
    CustomerId INTEGER PRIMARY KEY,
    FirstName NVARCHAR(40) NOT NULL,
    LastName NVARCHAR(20) NOT NULL,
    Company NVARCHAR(80),
    Country NVARCHAR(40) DEFAULT 'USA',
    Email NVARCHAR(60) NOT NULL UNIQUE,
    SupportRepId INTEGER REFERENCES Employee (EmployeeId)
);
CREATE INDEX IFK_CustomerSupportRepId ON Customer (SupportRepId);

CREATE TABLE Invoice (
    InvoiceId INTEGER NOT NULL,
    CustomerId INTEGER NOT NULL,
    InvoiceDate DATETIME NOT NULL,
    BillingCountry NVARCHAR(40),
    Total NUMERIC(10,2) NOT NULL DEFAULT 0,
    CONSTRAINT PK_Invoice PRIMARY KEY (InvoiceId),
    FOREIGN KEY (CustomerId) REFERENCES Customer (CustomerId) ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE INDEX IFK_InvoiceCustomerId ON Invoice (CustomerId);
CREATE INDEX IX_InvoiceDate ON Invoice (InvoiceDate);

-- Composite key: (InvoiceId, LineNo).
CREATE TABLE InvoiceLine (
    InvoiceId INTEGER NOT NULL,
    LineNo INTEGER NOT NULL,
    TrackId INTEGER NOT NULL,
    UnitPrice NUMERIC(10,2) NOT NULL,
    Quantity INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT PK_InvoiceLine PRIMARY KEY (InvoiceId, LineNo),
    FOREIGN KEY (InvoiceId) REFERENCES Invoice (InvoiceId) ON DELETE CASCADE ON UPDATE NO ACTION,
    FOREIGN KEY (TrackId) REFERENCES Track (TrackId) ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE INDEX IFK_InvoiceLineTrackId ON InvoiceLine (TrackId);

CREATE TABLE Playlist (
    PlaylistId INTEGER NOT NULL,
    Name NVARCHAR(120),
    CONSTRAINT PK_Playlist PRIMARY KEY (PlaylistId)
);

-- A pure join table: two NOT NULL foreign keys and a composite primary key on them.
CREATE TABLE PlaylistTrack (
    PlaylistId INTEGER NOT NULL,
    TrackId INTEGER NOT NULL,
    CONSTRAINT PK_PlaylistTrack PRIMARY KEY (PlaylistId, TrackId),
    FOREIGN KEY (PlaylistId) REFERENCES Playlist (PlaylistId) ON DELETE NO ACTION,
    FOREIGN KEY (TrackId) REFERENCES Track (TrackId)
);
CREATE INDEX IFK_PlaylistTrackTrackId ON PlaylistTrack (TrackId);

-- Rows.

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
INSERT INTO Artist (ArtistId, Name)
SELECT i, CASE WHEN i % 10 = 0 THEN NULL ELSE 'Artist ' || i END FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
INSERT INTO Album (AlbumId, Title, ArtistId)
SELECT i, 'Album ' || i, (i - 1) % 25 + 1 FROM n;

INSERT INTO Genre (GenreId, Name) VALUES (1, 'Rock'), (2, 'Jazz'), (3, 'Metal'), (4, 'Latin'), (5, 'Classical');
INSERT INTO MediaType (MediaTypeId, Name) VALUES
    (1, 'MPEG audio file'), (2, 'Protected AAC audio file'), (3, 'Purchased AAC audio file');

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
INSERT INTO Track (TrackId, Name, AlbumId, MediaTypeId, GenreId, Composer, Milliseconds, Bytes, UnitPrice)
SELECT i,
       'Track ' || i,
       CASE WHEN i % 50 = 0 THEN NULL ELSE (i - 1) % 40 + 1 END,
       i % 3 + 1,
       CASE WHEN i % 17 = 0 THEN NULL ELSE i % 5 + 1 END,
       CASE WHEN i % 4 = 0 THEN NULL ELSE 'Composer ' || (i % 30) END,
       180000 + (i * 7919) % 120000,
       3000000 + (i * 104729) % 9000000,
       CASE i % 6 WHEN 0 THEN 0.99 WHEN 1 THEN 1.99 WHEN 2 THEN 9.2 WHEN 3 THEN 9.5 WHEN 4 THEN 10 ELSE 100 END
FROM n;

INSERT INTO Employee (EmployeeId, LastName, FirstName, Title, ReportsTo, BirthDate, HireDate, Email) VALUES
    (1, 'Adams', 'Andrew', 'General Manager', NULL, '1962-02-18 00:00:00', '2002-08-14 00:00:00', 'andrew@example.com'),
    (2, 'Edwards', 'Nancy', 'Sales Manager', 1, '1958-12-08 00:00:00', '2002-05-01 00:00:00', 'nancy@example.com'),
    (3, 'Peacock', 'Jane', 'Sales Support Agent', 2, '1973-08-29 00:00:00', '2002-04-01 00:00:00', 'jane@example.com'),
    (4, 'Park', 'Margaret', 'Sales Support Agent', 2, '1947-09-19 00:00:00', '2003-05-03 00:00:00', 'margaret@example.com'),
    (5, 'Johnson', 'Steve', 'Sales Support Agent', 2, '1965-03-03 00:00:00', '2003-10-17 00:00:00', 'steve@example.com'),
    (6, 'Mitchell', 'Michael', 'IT Manager', 1, '1973-07-01 00:00:00', '2003-10-17 00:00:00', 'michael@example.com'),
    (7, 'King', 'Robert', 'IT Staff', 6, '1970-05-29 00:00:00', '2004-01-02 00:00:00', 'robert@example.com'),
    (8, 'Callahan', 'Laura', 'IT Staff', 6, '1968-01-09 00:00:00', '2004-03-04 00:00:00', 'laura@example.com');

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
INSERT INTO Customer (CustomerId, FirstName, LastName, Company, Country, Email, SupportRepId)
SELECT i,
       'First' || i,
       'Last' || i,
       CASE WHEN i % 3 = 0 THEN 'Company ' || i ELSE NULL END,
       CASE i % 4 WHEN 0 THEN 'USA' WHEN 1 THEN 'Canada' WHEN 2 THEN 'Brazil' ELSE 'Germany' END,
       'customer' || i || '@example.com',
       i % 3 + 3
FROM n;

-- 100 invoices, one every 18 days from 2009-01-01 (the last on 2013-11-18).
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
INSERT INTO Invoice (InvoiceId, CustomerId, InvoiceDate, BillingCountry, Total)
SELECT i,
       (i * 7) % 30 + 1,
       date('2009-01-01', '+' || ((i - 1) * 18) || ' days') || ' 00:00:00',
       CASE WHEN i % 9 = 0 THEN NULL ELSE 'USA' END,
       0
FROM n;

-- One to four lines per invoice.
WITH RECURSIVE
    n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100),
    line(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM line WHERE j < 4)
INSERT INTO InvoiceLine (InvoiceId, LineNo, TrackId, UnitPrice, Quantity)
SELECT i, j, t.TrackId, t.UnitPrice, (i + j) % 3 + 1
FROM n
JOIN line ON j <= i % 4 + 1
JOIN Track AS t ON t.TrackId = (i * 13 + j * 7) % 200 + 1;

UPDATE Invoice SET Total = (
    SELECT round(sum(UnitPrice * Quantity), 2) FROM InvoiceLine WHERE InvoiceLine.InvoiceId = Invoice.InvoiceId
);

INSERT INTO Playlist (PlaylistId, Name) VALUES
    (1, 'Music'), (2, 'Movies'), (3, 'Grunge'), (4, 'Classical'), (5, 'Audiobooks');

INSERT INTO PlaylistTrack (PlaylistId, TrackId)
SELECT Playlist.PlaylistId, Track.TrackId
FROM Playlist JOIN Track ON Track.TrackId % (Playlist.PlaylistId + 1) = 0;
