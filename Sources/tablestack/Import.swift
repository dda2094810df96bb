import ArgumentParser
import Foundation
import TableKit
import TableStore
import TableStorePostgres

/// `tablestack import`: loads JSON, property-list or CSV files into a database.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load data files (.json, .plist, .csv) into a database.",
        discussion: """
            A JSON or plist file is an object whose fields are root lists, or an array that becomes \
            the root list named by --list (default: the file's name). A CSV file is one flat list \
            with a header row. Problems are printed as file:line: message. Every file is read \
            before anything is written, and all of them are loaded in one transaction: when one \
            fails, nothing is imported.
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
        // Every file is read before anything is written, and all of them go in one transaction:
        // a file that cannot be read, or an item that clashes, leaves the database as it was.
        // One file by two names (./a.json, a link) is given twice as much as one name twice.
        let identities = files.map(Self.identity)
        if let repeated = identities.indices.first(where: { index in identities[..<index].contains { $0 != nil && $0 == identities[index] } }) {
            let first = identities.firstIndex { $0 == identities[repeated] } ?? repeated
            let names = files[first] == files[repeated] ? files[first] : "\(files[first]) (as \(files[repeated]))"
            printError("tablestack: \(names) is given twice: each of its items would clash with itself; nothing was imported")
            throw ExitCode.failure
        }
        var documents: [(file: String, document: DataDocument)] = []
        for file in files {
            documents.append((file, try CommandErrors.reporting { try DataFileReader.read(path: file, listName: list) }))
        }
        let store = try await StoreOpening.open(db)
        let replaced = try await store.closing {
            try await CommandErrors.reporting {
                do {
                    return try await store.load(DataDocument(lists: documents.flatMap(\.document.lists)), replacing: replace)
                } catch let StoreError.duplicateKey(key) {
                    throw CommandErrors.Refusal(description: await Self.clash(of: key, in: documents, replacing: replace, store: store)
                                                    + "; nothing was imported")
                }
            }
        }
        if replaced.itemCount > 0 {
            print(Self.replaced(replaced, by: documents.map(\.document)))
        }
        for (file, document) in documents {
            print("\(file): \(document.itemCount) item\(document.itemCount == 1 ? "" : "s") into \(StoreOpening.describe(db))" + Self.leftOut(of: document))
        }
    }

    /// The file at `path` by its device and inode, whatever name leads to it; `nil` when it cannot be read.
    static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// What a replacing import took away (read in its own transaction): how many items there
    /// were, and the root lists no file gave, which are empty now.
    static func replaced(_ before: ReplacedData, by documents: [DataDocument]) -> String {
        let given = Set(documents.flatMap { $0.lists.lazy.filter { !$0.items.isEmpty }.map(\.name) })
        let emptied = before.rootLists.filter { !given.contains($0) }
        // Names a database made before control characters were refused may hold: escaped, as messages are.
        return "--replace: the \(before.itemCount == 1 ? "1 item the database held is" : "\(before.itemCount) items the database held are") replaced"
            + (emptied.isEmpty ? "" : "; lists no file gives are empty now: " + DocumentText.escapingControls(emptied.joined(separator: ", ")))
    }

    /// What the import keeps as nothing, said beside its count: `null` members and empty lists
    /// (a dump gives neither back).
    static func leftOut(of document: DataDocument) -> String {
        var parts: [String] = []
        if document.nullsLeftOut > 0 { parts.append("\(document.nullsLeftOut) null value\(document.nullsLeftOut == 1 ? "" : "s") (no attribute)") }
        let empty = document.emptyListCount
        if empty > 0 { parts.append("\(empty) empty list\(empty == 1 ? "" : "s")") }
        return parts.isEmpty ? "" : "; kept as nothing: " + parts.joined(separator: " and ")
    }

    /// Where the key `key` that clashed comes from: two files (or one, twice) giving one root list
    /// that key, or a root list the database holds it in already. Keys are unique per list, so
    /// each list holding it is asked.
    static func clash(of key: String, in documents: [(file: String, document: DataDocument)], replacing: Bool,
                      store: any DataStore) async -> String {
        let holders = documents.flatMap { entry in
            entry.document.lists.filter { $0.items.contains { $0.key == key } }.map { (file: entry.file, list: $0.name) }
        }
        for (index, holder) in holders.enumerated() {
            if let again = holders[(index + 1)...].first(where: { $0.list == holder.list }) {
                return "\(holder.file): list \(holder.list): the key \"\(key)\" is in \(again.file) too"
            }
        }
        if !replacing {
            for holder in holders where (try? await store.item(key, in: .root(holder.list))) != nil {
                return "\(holder.file): list \(holder.list): the key \"\(key)\" is in the database already (--replace replaces everything)"
            }
        }
        return "two items of one list have the key \"\(key)\""
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
        // Opening would make an empty database, and the dump would say nothing is in it.
        try StoreOpening.requireExisting(db)
        if let out, let file = StoreOpening.sqliteFile(db, isOrIsBeside: out) {
            printError("tablestack: --out \(out) is the database's own file (\(file)); write the dump to another file")
            throw ExitCode.failure
        }
        let store = try await StoreOpening.open(db)
        let json = DataFileWriter.json(try await CommandErrors.reporting { try await store.document() })
        if let out {
            try CommandErrors.write(Data(json.utf8), to: out, for: "--out")
        } else {
            try CommandErrors.writeToStandardOutput(Data(json.utf8), what: "dump")
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
