import ArgumentParser
import Foundation
import TableStore

/// `tablestack import`: loads JSON, property-list or CSV files into a database.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load data files (.json, .plist, .csv) into a database.",
        discussion: """
            A JSON or plist file is an object whose fields are root lists, or an array that becomes \
            the root list named by --list (default: the file's name). A CSV file is one flat list \
            with a header row. Problems are printed as file:line: message.
            """
    )

    @Argument(help: "The data files to load.")
    var files: [String]

    @Option(name: .long, help: StoreOpening.help)
    var db: String = DefaultPaths.database

    @Option(name: .long, help: "The root list an array or CSV file becomes.")
    var list: String?

    @Flag(name: .long, help: "Replace everything in the database instead of adding to it.")
    var replace = false

    func run() async throws {
        let store = try await StoreOpening.open(db)
        // Closed rather than left to the process's end, after a file that fails too (the files
        // before it are in).
        try await store.closing {
            var first = true
            for file in files {
                let document = try CommandErrors.reporting { try DataFileReader.read(path: file, listName: list) }
                try await CommandErrors.reporting { try await store.load(document, replacing: replace && first) }
                first = false
                print("\(file): \(document.itemCount) items into \(StoreOpening.describe(db))")
            }
        }
    }
}

/// `tablestack dump`: writes the whole database as JSON, in the shape `import` reads.
struct Dump: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dump", abstract: "Write the whole database as JSON.")

    @Option(name: .long, help: StoreOpening.help)
    var db: String = DefaultPaths.database

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var out: String?

    func run() async throws {
        let store = try await StoreOpening.open(db)
        let json = DataFileWriter.json(try await CommandErrors.reporting { try await store.document() })
        if let out {
            try CommandErrors.reporting { try Data(json.utf8).write(to: URL(fileURLWithPath: out)) }
        } else {
            print(json, terminator: "")
        }
    }
}

/// `tablestack stress-write`: a test aid that appends items one transaction at a time and
/// prints `ack KEY` after each commit, so a test can kill it and check every acknowledged write.
struct StressWrite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stress-write", abstract: "Append items one commit at a time, acknowledging each (a test aid).",
        shouldDisplay: false)

    @Option(name: .long) var db: String
    @Option(name: .long) var count: Int = 1_000

    func run() async throws {
        let store = try await StoreOpening.open(db)
        let list = ListID.root("stress")
        var revision = try await store.revision(of: list)
        for number in 0..<count {
            let key = "item-\(number)"
            revision = try await store.apply([.insert(StoredItem(key: key, attributes: ["n": .number(Double(number))]), at: 0),
                                              .move(key: key, to: number / 2)], to: list, basedOn: revision)
            FileHandle.standardOutput.write(Data("ack \(key)\n".utf8))
        }
    }
}
