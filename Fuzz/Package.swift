// swift-tools-version:6.0
import PackageDescription

// The libFuzzer target over the schema loader, validator, resolver, renderer and migration planner.
// Built apart from the root package so the sanitizer flags never reach the products:
//
//     swift build --package-path Fuzz -c release --sanitize=fuzzer \
//         -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address
//
// (`--sanitize=fuzzer --sanitize=address` alone is not enough: the swift driver keeps only the last -sanitize=
// flag, so one of the two is lost. scripts/fuzz.sh builds it, seeds a corpus with the repository's YAML and runs it.)
//
// ORMGenCore is not a product of the root package, so it is not depended on by path: Sources/ORMGenCore,
// Sources/ORMSchema, Sources/ORMKitSQLite and Sources/ORMKitCSQLite here are symbolic links to the root package's folders, compiled again with the
// fuzzer's coverage instrumentation. If ORMGenCore gains a dependency, add it here too.
let package = Package(
    name: "ORMGenFuzz",
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(name: "ORMKitCSQLite"),
        .target(name: "ORMKitSQLite", dependencies: ["ORMKitCSQLite"]),
        .target(name: "ORMSchema"),
        .target(name: "ORMGenCore", dependencies: ["ORMSchema", "ORMKitSQLite", .product(name: "Yams", package: "Yams")]),
        // No `main`: libFuzzer's runtime provides it and calls `LLVMFuzzerTestOneInput`.
        .executableTarget(
            name: "FuzzSchema",
            dependencies: ["ORMGenCore"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
