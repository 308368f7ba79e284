import Foundation

extension QueryRequest {
    /// The matching records as an asynchronous sequence, streamed from the database: the async counterpart of
    /// `cursor(_:)`, for results too large to hold in memory.
    ///
    /// ```swift
    /// for try await author in Author.order(Author.name).stream(db) {
    ///     print(author.name)
    /// }
    /// ```
    ///
    /// Iterating runs the query in one read transaction on one reader connection (one snapshot, as `read`),
    /// stepped by a producer thread of its own that keeps at most 64 records ahead of the loop and waits
    /// when they are not consumed: memory stays constant, and the iterating task suspends instead of
    /// blocking its thread. The loop body may read (on another reader) and write (on the writer) meanwhile;
    /// the stream does not see those writes. Breaking out of the loop, dropping the iterator or cancelling the
    /// task stops the producer at its next row and gives the reader back.
    ///
    /// While a stream is being iterated it holds its reader: reads elsewhere share the other
    /// `maximumReaderCount - 1` (and wait while streams hold them all), and `close()` waits for the stream to
    /// end (finish, break or cancel first).
    ///
    /// A database without a reader pool, or with `maximumReaderCount` below 2, has no reader to spare for the
    /// loop body: there the stream fetches every record in one read first (as `fetchAll`) and then yields
    /// them, so the loop body can still use the database. So does a stream iterated inside an async
    /// `transaction { }`, on the transaction's writer (it sees the transaction's changes).
    ///
    /// Named `stream` rather than `cursor` (the synchronous `RecordCursor` lives inside a `read` closure and
    /// throws from `next()`, this one is handed around as an `AsyncSequence`) or `values(in:)` (which in GRDB
    /// names an observation that yields again after every change; this one yields each record once).
    ///
    /// Iterating throws `DatabaseError` (after the records before the failing row), or `CancellationError`
    /// when the iterating task is cancelled.
    public func stream(_ db: Database) -> RecordStream<R> {
        RecordStream(request: self, source: .sqlite(db))
    }

    /// The matching records as an asynchronous sequence on any engine, read as the engine's `forEach` delivers
    /// them (on PostgreSQL: rows as they arrive, in one read transaction): at most 64 records wait for the loop,
    /// the reading suspends while they do, and breaking out of the loop, dropping the iterator or cancelling the
    /// task stops it. On a SQLite `Database` the overload above runs instead.
    ///
    /// ```swift
    /// func printTitles(in db: some DatabaseReader & Sendable) async throws {
    ///     for try await book in Book.order(Book.title).stream(db) { print(book.title) }
    /// }
    /// ```
    ///
    /// Iterating throws `DatabaseError` (after the records before the failing row), or `CancellationError`.
    public func stream(_ db: some DatabaseReader & Sendable) -> RecordStream<R> {
        RecordStream(request: self, source: .engine { [self] buffer in
            do {
                try await db.forEach(self) { record in
                    guard await buffer.push(record) else { throw CancellationError() }
                }
                buffer.finish(throwing: nil)
            } catch {
                buffer.finish(throwing: error)
            }
        })
    }
}

extension Record {
    /// Every record of the table as an asynchronous sequence streamed from the database (see
    /// `QueryRequest.stream(_:)`).
    public static func stream(_ db: Database) -> RecordStream<Self> {
        all().stream(db)
    }

    /// Every record of the table as an asynchronous sequence on any engine (see `QueryRequest.stream(_:)`).
    public static func stream(_ db: some DatabaseReader & Sendable) -> RecordStream<Self> {
        all().stream(db)
    }
}

/// The records of a query, streamed from one reader connection as they are stepped: what
/// `QueryRequest.stream(_:)` returns. Each iteration runs the query again.
public struct RecordStream<R: Record>: AsyncSequence, Sendable {
    public typealias Element = R

    /// How many records the producer keeps ahead of the consumer before it waits.
    static var bufferCapacity: Int { 64 }

    /// Where the records come from.
    enum Source: Sendable {
        /// A SQLite database: a producer thread steps a cursor on a reader.
        case sqlite(Database)
        /// Any engine: `run` calls `forEach` and pushes each record into the buffer, suspending while it is full.
        case engine(@Sendable (StreamBuffer<R>) async -> Void)
    }

    let request: QueryRequest<R>
    let source: Source

    public func makeAsyncIterator() -> Iterator {
        Iterator(request: request, source: source)
    }

    /// Iterates a `RecordStream`. The query starts at the first `next()`; dropping the iterator stops it.
    public final class Iterator: AsyncIteratorProtocol {
        private let request: QueryRequest<R>
        private let source: Source
        /// The records handed over by the producer; nil until the first `next()`.
        private var buffer: StreamBuffer<R>?

        init(request: QueryRequest<R>, source: Source) {
            self.request = request
            self.source = source
        }

        /// The next record, or nil after the last one.
        ///
        /// - Throws: `DatabaseError` from the query, or `CancellationError` when the task is cancelled (the
        ///   producer stops then).
        public func next() async throws -> R? {
            let buffer = started()
            return try await withTaskCancellationHandler {
                try await buffer.next()
            } onCancel: {
                buffer.cancel()
            }
        }

        /// The buffer, with its producer started on the first call.
        ///
        /// The producer gets a thread of its own rather than one of the read queue's: it blocks for as long as
        /// the loop takes to consume the records, and blocked dispatch threads hold up every other async read
        /// (Linux's dispatch adds threads only slowly).
        private func started() -> StreamBuffer<R> {
            if let buffer { return buffer }
            let database: Database
            switch source {
            case .sqlite(let sqlite):
                database = sqlite
            case .engine(let run):
                let buffer = StreamBuffer<R>(capacity: RecordStream.bufferCapacity)
                Task { await run(buffer) }
                self.buffer = buffer
                return buffer
            }
            if let held = HeldTransaction.current(for: database) { return startedInTransaction(held, database) }
            let streams = database.hasReaderPool && database.options.maximumReaderCount > 1
            let buffer = StreamBuffer<R>(capacity: streams ? RecordStream.bufferCapacity : Int.max)
            let producer = Thread { [request, database] in
                do {
                    try database.read { conn in
                        guard !buffer.isCancelled else { return }
                        if streams {
                            let cursor = try request.cursor(conn)
                            while let record = try cursor.next(), buffer.push(record) {}
                        } else {
                            // No reader to spare: fetch everything now, so the loop body can use the database.
                            for record in try request.fetchAll(conn) {
                                guard buffer.push(record) else { break }
                            }
                        }
                    }
                    buffer.finish(throwing: nil)
                } catch {
                    buffer.finish(throwing: error)
                }
            }
            producer.name = "ORMKit.RecordStream"
            producer.start()
            self.buffer = buffer
            return buffer
        }

        /// The buffer, filled in one read inside the task's `transaction` (whose writer the loop body shares).
        private func startedInTransaction(_ held: HeldTransaction, _ database: Database) -> StreamBuffer<R> {
            let buffer = StreamBuffer<R>(capacity: Int.max)
            Task { [request, database] in
                do {
                    let records = try await held.perform { try database.withConnection { try request.fetchAll($0) } }
                    for record in records { guard await buffer.push(record) else { break } }
                    buffer.finish(throwing: nil)
                } catch {
                    buffer.finish(throwing: error)
                }
            }
            self.buffer = buffer
            return buffer
        }

        /// How many records the producer stepped that `next()` has not returned yet (at most 64). For tests of
        /// the bound.
        @_spi(Testing) public var bufferedCount: Int { buffer?.count ?? 0 }

        deinit {
            buffer?.cancel()
        }
    }
}

/// The records a stream's producer (a thread holding a reader, or a task reading through `forEach`) hands to its
/// consumer (a task): at most `capacity` waiting, the producer blocked (a thread) or suspended (a task) while
/// they are, the consumer suspended (not blocked) while there are none.
final class StreamBuffer<R: Record>: @unchecked Sendable {
    // `@unchecked`: every `var` is only touched under `condition`, which the producer thread waits on and the
    // consumer signals. A continuation is resumed by exactly one side: whoever takes it from `waiting` under the
    // lock. (Exercised across threads by AsyncAPITests' stream tests.)

    private let condition = NSCondition()
    private let capacity: Int
    /// The records handed over and not consumed yet: those from `head` on. (A moving start, so taking one does
    /// not copy the rest; in fallback mode `records` starts with the whole result.)
    private var records: [R] = []
    private var head = 0
    /// The consumer suspended in `next()` while no record is waiting.
    private var waiting: CheckedContinuation<R?, any Error>?
    /// Whether the producer is done; `failure` says why when it failed.
    private var isFinished = false
    private var failure: (any Error)?
    /// Whether the consumer is gone (cancelled, or the iterator dropped).
    private var isCancelledFlag = false
    /// The async producer suspended in `push(_:) async` while the buffer is full.
    private var suspendedProducer: CheckedContinuation<Void, Never>?

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many records wait for the consumer.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return records.count - head
    }

    // MARK: Producer

    /// Whether the consumer is gone.
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isCancelledFlag
    }

    /// Hands `record` to the consumer, waiting while `capacity` records are not consumed yet; returns false
    /// (dropping `record`) when the consumer is gone, so the producer stops.
    func push(_ record: R) -> Bool {
        condition.lock()
        while records.count - head >= capacity, !isCancelledFlag { condition.wait() }
        condition.unlock()
        // There is room now: only this producer adds records.
        return offer(record) == .handedOver
    }

    /// Hands `record` to the consumer from an async producer, suspending (not blocking) while `capacity` records
    /// are not consumed yet; returns false (dropping `record`) when the consumer is gone, so the producer stops.
    func push(_ record: R) async -> Bool {
        while true {
            switch offer(record) {
            case .handedOver: return true
            case .consumerGone: return false
            case .full: await withCheckedContinuation { waitForRoom($0) }
            }
        }
    }

    private enum Offer { case handedOver, consumerGone, full }

    /// Both `push` forms' step under the lock: hands `record` over when there is room.
    private func offer(_ record: R) -> Offer {
        condition.lock()
        guard !isCancelledFlag else {
            condition.unlock()
            return .consumerGone
        }
        guard records.count - head < capacity else {
            condition.unlock()
            return .full
        }
        if let consumer = waiting {
            waiting = nil
            condition.unlock()
            consumer.resume(returning: record)
        } else {
            records.append(record)
            condition.unlock()
        }
        return .handedOver
    }

    /// Resumes `producer` once there is room or the consumer is gone (at once when that is so already).
    private func waitForRoom(_ producer: CheckedContinuation<Void, Never>) {
        condition.lock()
        if records.count - head < capacity || isCancelledFlag {
            condition.unlock()
            producer.resume()
            return
        }
        suspendedProducer = producer
        condition.unlock()
    }

    /// Ends the stream after the records handed over: with `error` when the producer failed.
    func finish(throwing error: (any Error)?) {
        condition.lock()
        isFinished = true
        failure = error
        let consumer = waiting
        waiting = nil
        let outcome = consumer.flatMap { _ in takeLocked() }
        condition.unlock()
        if let consumer, let outcome { consumer.resume(with: outcome) }
    }

    // MARK: Consumer

    /// The next record; nil at the end.
    ///
    /// - Throws: the producer's error after the records before it, or `CancellationError` after `cancel()`.
    func next() async throws -> R? {
        if let ready = take() { return try ready.get() }
        return try await withCheckedThrowingContinuation { continuation in
            if let ready = take(waiting: continuation) { continuation.resume(with: ready) }
        }
    }

    /// What `next()` returns without waiting; nil after storing `continuation` (if any) to be resumed later.
    private func take(waiting continuation: CheckedContinuation<R?, any Error>? = nil) -> Result<R?, any Error>? {
        condition.lock()
        defer { condition.unlock() }
        if let ready = takeLocked() { return ready }
        if let continuation { waiting = continuation }
        return nil
    }

    /// Stops the stream: the producer stops at its next row (or wakes from waiting for room), and the
    /// consumer's pending and later `next()` calls throw `CancellationError`.
    func cancel() {
        condition.lock()
        isCancelledFlag = true
        records = []
        head = 0
        let consumer = waiting
        waiting = nil
        let producer = suspendedProducer
        suspendedProducer = nil
        condition.broadcast()
        condition.unlock()
        consumer?.resume(throwing: CancellationError())
        producer?.resume()
    }

    /// What `next()` returns without waiting, or nil when it has to wait. Called under the lock.
    private func takeLocked() -> Result<R?, any Error>? {
        if isCancelledFlag { return .failure(CancellationError()) }
        if head < records.count {
            let record = records[head]
            head += 1
            if head == records.count {
                records.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= RecordStream<R>.bufferCapacity, head * 2 >= records.count {
                // Drop the consumed prefix once it is at least half the array: amortized constant time.
                records.removeFirst(head)
                head = 0
            }
            condition.signal()
            suspendedProducer?.resume()
            suspendedProducer = nil
            return .success(record)
        }
        guard isFinished else { return nil }
        if let failure {
            self.failure = nil
            return .failure(failure)
        }
        return .success(nil)
    }
}
