// swift-tools-version:6.1
import Foundation
import PackageDescription

// A path dependency's identity is its folder name, which differs between checkouts (CI clones anywhere).
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The ORMGen benchmarks: its own package so GRDB never becomes a dependency of the product.
// Run: swift run -c release --package-path Benchmarks bench [--quick]
//      swift run -c release --package-path Benchmarks bench-postgres [--quick] [--url postgres://…]
let package = Package(
    name: "ORMGenBenchmarks",
    platforms: [.macOS(.v13)],
    traits: [
        .trait(name: "SQLCipher", description: "ORMKit on SQLCipher, for bench-encryption (bench links the system SQLite: not with it)."),
    ],
    dependencies: [
        // The PostgreSQL trait enables ORMKitPostgres (contender D of bench-postgres); SQLCipher passes through.
        // Telemetry: contender T (D with ORMKitTelemetry's instrument).
        .package(path: "..", traits: ["PostgreSQL", "Telemetry", .trait(name: "SQLCipher", condition: .when(traits: ["SQLCipher"]))]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        // PostgreSQL contenders (bench-postgres only): A on postgres-nio, F on Fluent's ORM (FluentKit) and driver.
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
        .package(url: "https://github.com/vapor/fluent-kit.git", exact: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", exact: "2.14.0"),
    ],
    targets: [
        // The SQLite C API for the hand-written reference contender.
        .systemLibrary(name: "BenchSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Counts malloc calls by defining malloc & co. in the executable (glibc supports replacing them).
        .target(name: "MallocCounter"),
        // callgrind's client requests (valgrind/callgrind.h, when installed): profile.sh counts only the timed body and
        // runs the rest (fixtures, the warm-up run) uninstrumented.
        .target(name: "CallgrindControl"),
        // What both engines' benchmarks share: the workloads, the fixture data, timing and allocation counting.
        .target(name: "BenchSupport", dependencies: ["MallocCounter", "CallgrindControl"]),
        .executableTarget(
            name: "bench",
            dependencies: [
                "BenchSQLite",
                "BenchSupport",
                "MallocCounter",
                .product(name: "ORMKit", package: rootPackage),
                .product(name: "ORMKitTelemetry", package: rootPackage),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // PostgreSQL workloads: its own executable so `bench` never builds NIO or Fluent. Its Generated/ is a link to
        // bench's (ormgen's output for schema/): the same models, compiled into each executable as an app compiles them.
        .executableTarget(
            name: "bench-postgres",
            dependencies: [
                "BenchSupport",
                "MallocCounter",
                .product(name: "ORMKit", package: rootPackage),
                .product(name: "ORMKitPostgres", package: rootPackage),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
            ]
        ),
        // ORMKit on a plaintext and on an encrypted file, built with --traits SQLCipher (only this executable: bench
        // and GRDB link the system SQLite, which must not meet SQLCipher in one process).
        .executableTarget(
            name: "bench-encryption",
            dependencies: ["BenchSupport", .product(name: "ORMKit", package: rootPackage)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
