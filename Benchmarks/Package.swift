// swift-tools-version:6.0
import Foundation
import PackageDescription

// A path dependency's identity is its folder name, which differs between checkouts (CI clones anywhere).
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The ORMGen benchmarks: its own package so GRDB never becomes a dependency of the product.
// Run: swift run -c release --package-path Benchmarks bench [--quick]
let package = Package(
    name: "ORMGenBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
    ],
    targets: [
        // The SQLite C API for the hand-written reference contender.
        .systemLibrary(name: "BenchSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Counts malloc calls by defining malloc & co. in the executable (glibc supports replacing them).
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "bench",
            dependencies: [
                "BenchSQLite",
                "MallocCounter",
                .product(name: "ORMKit", package: rootPackage),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
