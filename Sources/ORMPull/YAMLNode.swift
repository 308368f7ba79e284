/// A YAML scalar; how it is written (plain or double-quoted) is decided by `YAMLEmitter`.
enum YAMLScalar: Equatable {
    /// Text: plain when it reads back as the same string, double-quoted otherwise.
    case text(String)
    /// Text that is always double-quoted (SQL types, string defaults).
    case quoted(String)
    /// A number in plain decimal notation; double-quoted if it is not one.
    case number(String)
    case bool(Bool)
    case integer(Int)
}

/// A value written on one line: a scalar, `[a, b]` or `{ a: b, c: d }`.
indirect enum YAMLInline {
    case scalar(YAMLScalar)
    case sequence([YAMLScalar])
    /// A flow sequence of inline values (`[{ … }, { … }]`).
    case list([YAMLInline])
    case mapping([(key: String, value: YAMLInline)])
}

/// A value written as block YAML (one entry per line, nested by two spaces), or an inline value.
indirect enum YAMLBlock {
    case inline(YAMLInline)
    case mapping([(key: String, value: YAMLBlock)])
    case sequence([YAMLInline])
}
