// swift-tools-version:6.1
// ServerApp: a REST and live-query server over ORMGen models with Hummingbird 2. Its own package, so ORMGen itself
// never depends on a web framework. `swift run` serves an embedded SQLite file; DATABASE_URL=postgres://… serves
// PostgreSQL (README.md).
import PackageDescription

// ORMGen is the package two folders up. SwiftPM names a path dependency after its folder (a clone may be called
// anything), and products are looked up by that name.
let ormgen = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { $0.lowercased() } ?? "ormgen"

let package = Package(
    name: "ServerApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../..", traits: ["PostgreSQL", "Telemetry"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "ServerApp",
            dependencies: [
                .product(name: "ORMKit", package: ormgen),
                .product(name: "ORMKitPostgres", package: ormgen),
                .product(name: "ORMKitTelemetry", package: ormgen),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: [.plugin(name: "ORMGenPlugin", package: ormgen)]
        ),
    ]
)
