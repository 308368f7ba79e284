#if Telemetry  // the package trait that enables ORMKitTelemetry (Package.swift)
import CoreMetrics
import InMemoryTracing
import Logging
import MetricsTestKit
import ORMKit
import ORMKitTelemetry
import Synchronization
import Tracing

/// One log record a `RecordingLogHandler` received.
struct LogRecord: Sendable {
    let label: String
    let level: Logger.Level
    let message: String
    let metadata: [String: String]
}

/// What a test observes: the logger's records, the tracer's spans and the metrics.
final class TelemetryProbe: Sendable {
    let tracer = InMemoryTracer()
    let metrics = TestMetrics()
    let box: LogBox
    let telemetry: Telemetry

    init(level: Logger.Level = .trace, slowStatementThreshold: Duration? = .seconds(60), capturesArguments: Bool = false) {
        box = LogBox(label: "probe", level: level)
        telemetry = Telemetry(
            logger: box.logger, tracer: tracer, metricsFactory: metrics,
            slowStatementThreshold: slowStatementThreshold, capturesArguments: capturesArguments
        )
    }

    var logs: [LogRecord] { box.records }

    /// The finished spans named `name`.
    func spans(named name: String) -> [FinishedInMemorySpan] {
        tracer.finishedSpans.filter { $0.operationName == name }
    }
}

/// A logger and the records it wrote.
final class LogBox: Sendable {
    private let storage: RecordStorage
    let logger: Logger

    init(label: String, level: Logger.Level) {
        let storage = RecordStorage()
        self.storage = storage
        var logger = Logger(label: label) { label in StoringLogHandler(storage: storage, label: label, logLevel: .trace) }
        logger.logLevel = level
        self.logger = logger
    }

    var records: [LogRecord] { storage.records.withLock { $0 } }
}

final class RecordStorage: Sendable {
    let records = Mutex<[LogRecord]>([])
}

/// A swift-log handler that appends every record to a `RecordStorage`.
struct StoringLogHandler: LogHandler {
    let storage: RecordStorage
    let label: String
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    init(storage: RecordStorage, label: String, logLevel: Logger.Level) {
        self.storage = storage
        self.label = label
        self.logLevel = logLevel
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged: [String: String] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { merged[key] = "\(value)" }
        storage.records.withLock {
            $0.append(LogRecord(label: label, level: event.level, message: "\(event.message)", metadata: merged))
        }
    }
}

extension FinishedInMemorySpan {
    /// The attribute `name` as a string (ints written in decimal), nil when unset.
    func attribute(_ name: String) -> String? {
        switch attributes[name]?.toSpanAttribute() {
        case .string(let value): value
        case .int64(let value): String(value)
        case .int32(let value): String(value)
        case .none: nil
        case .some(let other): "\(other)"
        }
    }
}
#endif
