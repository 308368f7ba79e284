/// Orders tables for creation: a model after the models it references (ties and cycles by name), and each
/// join table right after the later of the two models it joins.
enum TableOrder {
    static func order(models: [Model], joinTables: [JoinTable]) -> [Table] {
        let byName = Dictionary(uniqueKeysWithValues: models.map { ($0.name, $0) })
        let tableOwners = Dictionary(models.map { ($0.table.name, $0.name) }, uniquingKeysWith: { first, _ in first })
        var remaining = models.map(\.name).sorted()
        var placed = Set<String>()
        var result: [Table] = []
        var pendingJoins = joinTables.sorted { $0.table.name < $1.table.name }
        while !remaining.isEmpty {
            let ready = remaining.first { name in
                let dependencies = byName[name]?.table.foreignKeys.compactMap { tableOwners[$0.targetTable] } ?? []
                return dependencies.allSatisfy { $0 == name || placed.contains($0) }
            } ?? remaining[0]
            remaining.removeAll { $0 == ready }
            placed.insert(ready)
            if let model = byName[ready] { result.append(model.table) }
            let joinsNow = pendingJoins.filter { $0.models.allSatisfy(placed.contains) }
            pendingJoins.removeAll { $0.models.allSatisfy(placed.contains) }
            result += joinsNow.map(\.table)
        }
        return result + pendingJoins.map(\.table)
    }
}
