// ┌──────────────────────────────────────────────────────────────────────────────────────────────────────────┐
// │ (D) ORMKitPostgres: the place for the contender this benchmark exists for. Not written yet.              │
// └──────────────────────────────────────────────────────────────────────────────────────────────────────────┘
//
// To add it:
//
// 1. Benchmarks/Package.swift: give `bench-postgres` the ORMKitPostgres product and the generated models. The
//    models `ormgen` writes for `Benchmarks/schema` sit in the `bench` target today (Sources/bench/Generated); move
//    them to a library target both executables depend on (say `BenchModels`; CI's `check_generated` then points
//    there), or generate a second copy here.
// 2. Replace `ORMKitPostgresContenderSlot` below with
//
//        final class ORMKitPostgresContender: PostgresContender {
//            init(server: PostgresServer, database: String) async throws {
//                // open ORMKitPostgres on server.url(database: database) (or server.host/port/username/…) and
//                // connect now: the timed body must not pay for the connection
//            }
//            func prepare(_ workload: Workload, sizes: Sizes) async throws -> (() async throws -> Outcome)? {
//                // mirror bench's ORMKitContender (Sources/bench/Contenders/ORMKitGenerated.swift) workload by
//                // workload: insert / fetchAll / find / filter(Item.age > x).order(Item.score).limit(100) /
//                // update / upsert / cursor / including(Author.books), each run in one transaction; fold every
//                // decoded item with Fixture.fold so the checksums agree with A's and F's
//            }
//            func close() async throws { /* close every connection */ }
//        }
//
//    and return `ORMKitPostgresContender.self` for `.D` in `PostgresContenderID.type`.
// 3. Switch `PostgresSchema.createStatements` to the generated PostgreSQL DDL once ormgen writes it, so every
//    contender keeps running on the tables D's models declare.
//
// Then `bench-postgres --contender A,F,D` reports D/A (goal: ≤ 1.10 on every workload) and D/F (goal: < 1).

/// Stands in for D until it is written: no type, so the harness reports D as not run.
enum ORMKitPostgresContenderSlot {
    static var type: (any PostgresContender.Type)? { nil }
}
