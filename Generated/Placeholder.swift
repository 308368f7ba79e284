// Placeholder: replaced by `swift run ormgen generate schema --output Generated`.
