/// Where an observation (`Database.observe`, `observeChanges`) fetches its new value after a commit made through
/// the database (`Database.Options.observationFetch`).
public enum ObservationFetch: Hashable, Sendable {
    /// On the writer, right after the commit and before `write` returns, when the observation's task is waiting
    /// for a value: the value is ready when the write returns, and the write call lasts as long as the fetch
    /// (no other write starts meanwhile). While the task is busy with the previous value, on a reader, as
    /// `.readers`. The default: what a screen that shows the data it just saved expects.
    case writerWhenAwaited
    /// Always on a reader connection (the writer's queue without readers), after the write returned: a write never
    /// waits for an observation, and the value arrives one reader fetch later. For servers whose writes must not
    /// wait for observers.
    case readers
}
