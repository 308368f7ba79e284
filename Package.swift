// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ORMGen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "ORMKit", targets: ["ORMKit"]),
        // PostgreSQL: its own product behind the `PostgreSQL` trait, so apps that only use SQLite never fetch or
        // build SwiftNIO. Enable it with `.package(url: …, from: …, traits: ["PostgreSQL"])`.
        .library(name: "ORMKitPostgres", targets: ["ORMKitPostgres"]),
        // Logs, traces and metrics of both engines: its own product behind the `Telemetry` trait.
        .library(name: "ORMKitTelemetry", targets: ["ORMKitTelemetry"]),
        .executable(name: "ormgen", targets: ["ormgen"]),
        .plugin(name: "ORMGenPlugin", targets: ["ORMGenPlugin"]),
        .plugin(name: "ORMGenCommandPlugin", targets: ["ORMGenCommandPlugin"]),
    ],
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "The ORMKitPostgres engine (postgres-nio and SwiftNIO). Off by default: a SQLite-only app resolves neither."
        ),
        .trait(
            name: "Telemetry",
            description: "ORMKitTelemetry: logs, traces and metrics of both engines through swift-log, swift-distributed-tracing and swift-metrics. Off by default: a SQLite-only app resolves none of them."
        ),
        .trait(
            name: "SQLCipher",
            description: "Encryption at rest: ORMKit links SQLCipher (Debian: libsqlcipher-dev) instead of the system SQLite, and Database.Options.encryptionKey opens and creates encrypted files."
        ),
        .trait(
            name: "PostgreSQLTools",
            description: "ormgen reads PostgreSQL databases (pull and diff with a postgres:// URL). Enables PostgreSQL, and Telemetry for this package's own tests (one build serves them all).",
            enabledTraits: ["PostgreSQL", "Telemetry"]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // The vocabulary the generator, the CLI and the runtime share (SQLite affinity, identifier quoting): no
        // dependencies, so each of them says these things once.
        .target(name: "ORMSchema"),

        // Runtime: SQLite C API, then the Swift runtime apps link.
        // The system SQLite (no pkg-config: its flags would link it into every build, SQLCipher ones too; the module
        // map's `link` links it where it is imported), SQLCipher behind the `SQLCipher` trait, and the Swift module
        // that imports one of them: the package's modules import that, so one build links exactly one library.
        .systemLibrary(name: "ORMKitCSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]),
        .systemLibrary(name: "ORMKitCSQLCipher", pkgConfig: "sqlcipher", providers: [.apt(["libsqlcipher-dev"]), .brew(["sqlcipher"])]),
        .target(
            name: "ORMKitSQLite",
            dependencies: ["ORMKitCSQLite", .target(name: "ORMKitCSQLCipher", condition: .when(traits: ["SQLCipher"]))]
        ),
        .target(name: "ORMKit", dependencies: ["ORMSchema", "ORMKitSQLite"]),
        // A `DatabaseInstrument` that logs (swift-log), traces (swift-distributed-tracing) and counts (swift-metrics).
        // Its sources compile only with the `Telemetry` trait (`#if Telemetry`); without it the target is empty.
        .target(
            name: "ORMKitTelemetry",
            dependencies: [
                "ORMKit",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Telemetry"])),
                .product(name: "CoreMetrics", package: "swift-metrics", condition: .when(traits: ["Telemetry"])),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["Telemetry"])),
            ]
        ),
        // The same generated models on PostgreSQL, through postgres-nio's PostgresClient pool.
        // Its sources compile only with the `PostgreSQL` trait (`#if PostgreSQL`); without it the target is empty.
        .target(
            name: "ORMKitPostgres",
            dependencies: [
                "ORMKit",
                "ORMSchema",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                // postgres-nio depends on it already: a PostgreSQL app resolves nothing more.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),

        // Generator: YAML schema -> Swift source. Never imports the runtime (SQLite only compiles `check:` expressions).
        .target(name: "ORMGenCore", dependencies: ["ORMSchema", "ORMKitSQLite", .product(name: "Yams", package: "Yams")]),
        // Pull: an existing database -> schema YAML (`ormgen pull`), a library with its own tests.
        // With the `PostgreSQLTools` trait it also reads a PostgreSQL database's catalog, through ORMKitPostgres.
        .target(
            name: "ORMPull",
            dependencies: [
                "ORMGenCore", "ORMSchema", "ORMKitSQLite",
                .target(name: "ORMKitPostgres", condition: .when(traits: ["PostgreSQLTools"])),
            ]
        ),
        // The CLI: `generate` and what every command shares (inputs, diagnostics, writing files) in ORMGenCLI, so the
        // build plugins' tool `ormgen-generate` links the generator without `pull` (ORMPull links SwiftNIO with the
        // PostgreSQLTools trait, which a plugin's tool would compile a second time).
        .target(name: "ORMGenCLI", dependencies: ["ORMGenCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "ormgen",
            dependencies: ["ORMGenCLI", "ORMGenCore", "ORMPull", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "ormgen-generate",
            dependencies: ["ORMGenCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Plugins: generate at build time (schema/ folder of the target), or on demand into the package.
        .plugin(name: "ORMGenPlugin", capability: .buildTool(), dependencies: ["ormgen-generate"]),
        .plugin(
            name: "ORMGenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "generate-orm", description: "Generate Swift files from the targets' schema/ YAML."),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift files into the package.")]
            ),
            dependencies: ["ormgen-generate"]
        ),

        // The example app (`swift run LibraryApp`): its models are generated at build time by ORMGenPlugin
        // from Examples/LibraryApp/schema/.
        .executableTarget(
            name: "LibraryApp",
            dependencies: ["ORMKit"],
            path: "Examples/LibraryApp",
            plugins: ["ORMGenPlugin"]
        ),

        // The checked-in output of `ormgen generate schema --output Generated`.
        .target(name: "ExampleModels", dependencies: ["ORMKit"], path: "Generated"),

        // Helpers several test targets share: temporary directories, running the built ormgen, swiftc -typecheck.
        .target(name: "TestSupport", dependencies: ["ORMKit", "ORMKitSQLite", "ORMKitPostgres"], path: "Tests/TestSupport"),
        // A C shim VFS over the default one that fails the Nth read, write, sync or lock (I/O fault tests).
        .target(name: "FaultVFS", dependencies: ["ORMKitCSQLite"], path: "Tests/FaultVFS"),

        // FuzzRegressions/: inputs scripts/fuzz.sh found, read by FuzzRegressionTests through #filePath.
        .testTarget(name: "ORMSchemaTests", dependencies: ["ORMSchema", "ORMKitSQLite"]),
        .testTarget(name: "ORMGenCoreTests", dependencies: ["ORMGenCore"], exclude: ["FuzzRegressions"]),
        .testTarget(name: "ORMPullTests", dependencies: ["ORMPull", "ORMGenCore", "ORMKit", "ORMKitSQLite", "TestSupport"]),
        .testTarget(name: "ORMKitTests", dependencies: ["ORMKit", "TestSupport"]),
        // One behaviour suite run on both engines (SQLite files; PostgreSQL when ORMKIT_POSTGRES_URL is set).
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "ORMKit", "ORMKitPostgres", "ORMPull", "ExampleModels", "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["PostgreSQL"])),
            ],
            exclude: ["ExistingPostgres/store/schema", "ExistingPostgres/events/schema"]
        ),
        // Logs, spans and metrics of both engines (with the `Telemetry` trait; PostgreSQL when ORMKIT_POSTGRES_URL is set).
        .testTarget(
            name: "TelemetryTests",
            dependencies: [
                "ORMKit", "ORMKitTelemetry", "ORMKitPostgres", "ExampleModels", "TestSupport",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Telemetry"])),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing", condition: .when(traits: ["Telemetry"])),
                .product(name: "MetricsTestKit", package: "swift-metrics", condition: .when(traits: ["Telemetry"])),
            ]
        ),
        .testTarget(name: "GeneratedTests", dependencies: ["ORMKit", "ORMSchema", "ExampleModels", "TestSupport"]),
        .testTarget(name: "RelationTests", dependencies: ["ORMKit", "ExampleModels", "TestSupport"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["ORMKit", "ExampleModels", "TestSupport", "FaultVFS"]),
        .testTarget(name: "ormgenTests", dependencies: ["ORMGenCore", "ormgen", "TestSupport"]),
        // Databases ormgen did not create (built from Tests/Fixtures/ExistingDatabases/*.sql): each target's
        // schema/ holds what `ormgen pull` wrote for it (PullCommandTests compares it with a fresh pull) and
        // Generated/ what `ormgen generate` writes from that (CI regenerates and diffs it, as for Generated/).
        // Not the build plugin: a test bundle that also links ormgen for ormgenTests cannot link its tool copy.
        .testTarget(name: "ExistingMusicTests", dependencies: ["ORMKit", "TestSupport"], exclude: ["schema"]),
        .testTarget(name: "ExistingEventsTests", dependencies: ["ORMKit", "TestSupport"], exclude: ["schema"]),
        .testTarget(name: "ExistingOddNamesTests", dependencies: ["ORMKit", "TestSupport"], exclude: ["schema"]),
        // Crash consistency: a worker process that CrashTests SIGKILLs mid-write, then reopens the file and checks.
        .executableTarget(name: "CrashWorker", dependencies: ["ORMKit", "ExampleModels"], path: "Tests/CrashWorker"),
        .testTarget(name: "CrashTests", dependencies: ["ORMKit", "ExampleModels", "TestSupport", "CrashWorker"]),
        .testTarget(
            name: "MigrationTests",
            dependencies: ["ORMKit", "ExampleModels", "ormgen", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// CI's sanitizer steps (.ci/run) build only the test targets they run: ORMGEN_TEST_TARGETS="A,B,…" keeps those test
// targets and leaves out the others and the executables no kept test runs (the example app; CrashWorker without
// CrashTests). Measured on 2 cores: ThreadSanitizer's build took 186 s so, against 278 s whole; AddressSanitizer's
// (with SQLCipher) 215 s against 300 s. Unset (every other build), the package is whole.
if let names = Context.environment["ORMGEN_TEST_TARGETS"] {
    let kept = Set(names.split(separator: ",").map(String.init))
    let testTargets = Set(package.targets.filter { $0.type == .test }.map(\.name))
    if let unknown = kept.subtracting(testTargets).sorted().first {
        fatalError("ORMGEN_TEST_TARGETS names \(unknown), which is not a test target of this package")
    }
    package.targets.removeAll { target in
        (target.type == .test && !kept.contains(target.name))
            || target.name == "LibraryApp" || (target.name == "CrashWorker" && !kept.contains("CrashTests"))
    }
}
