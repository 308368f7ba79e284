import Foundation

// `CrashWorker MODE PATH [ARGUMENTS]`: writes to the database at PATH through ORMKit and reports each durable
// step on standard output, one line as soon as it returns, for CrashTests to SIGKILL at random moments.
// See `WorkerCommand` for the modes.
do {
    try WorkerCommand(arguments: Array(CommandLine.arguments.dropFirst())).run()
} catch {
    FileHandle.standardError.write(Data("CrashWorker: \(error)\n".utf8))
    exit(1)
}
