import ArgumentParser

/// The `tablestack` command: a thin shell over the TableStack modules. Every command names
/// itself: ArgumentParser otherwise spells each type's name out, and the casts that takes scan
/// the binary's conformance records, a millisecond of every command's start.
@main
struct TableStack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tablestack",
        abstract: "Serve hierarchical data as iOS-style table views in the browser.",
        discussion: """
            TableStack renders navigation stacks, plain, grouped and indexed lists, the four cell \
            styles, accessories, selection lists, editing and reordering as HTML pages.
            """,
        version: "0.1.0",
        subcommands: [Serve.self, Export.self, Validate.self, Import.self, Dump.self, HashPassword.self, StressWrite.self, BenchInternals.self]
    )

    /// The allocator is tuned before the arguments are parsed, while no thread has a heap yet
    /// (see `MemoryTuning`); then the command runs as ArgumentParser runs it.
    static func main() async {
        MemoryTuning.apply()
        await main(nil)
    }
}
