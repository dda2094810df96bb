import Foundation

/// Where TableStack keeps its data. All SQL stays behind this interface, so SQLite (embedded, the
/// default) and a server database can serve the same app. Every change is one transaction that
/// first checks, in the database, that the list is still at the revision the change was based on.
public protocol DataStore: Sendable {
    /// The list `id` with its items in order and its revision (an empty list is at revision 0).
    func list(_ id: ListID) async throws -> StoredList
    /// The items at `positions` of list `id` (those that exist), its revision, and how many
    /// items the whole list holds; all read at one moment.
    func list(_ id: ListID, positions: Range<Int>) async throws -> (list: StoredList, count: Int)
    /// The revision of list `id`, without its items.
    func revision(of id: ListID) async throws -> Int
    /// The revision of list `id` when the store knows it from memory, without a query or a wait;
    /// `nil` otherwise: then ask `revision(of:)`. A server's event loop serves warm pages with it.
    func revisionNow(of id: ListID) -> Int?
    /// The revision of list `id` when memory can tell for certain that a read of the database
    /// would find it now; `nil` otherwise. Contents kept under such a revision may stand in for a
    /// read anywhere, an action's checks included. `revisionNow` may lag behind another server's
    /// commit for a moment (PostgreSQL's change feed): good enough to serve a page to read, not
    /// to act on.
    func certainRevision(of id: ListID) -> Int?
    /// The item with `key` in list `list`, if there is one.
    func item(_ key: String, in list: ListID) async throws -> StoredItem?
    /// Applies `changes` to list `id` in one transaction, if the list is still at `revision`;
    /// returns the new revision. A stale revision throws `StoreError.staleRevision` and changes
    /// nothing. With no revision, the changes apply to the list as it is (changes that name rows
    /// by key and mean the same whatever else changed, such as an append).
    @discardableResult
    func apply(_ changes: [ListChange], to id: ListID, basedOn revision: Int?) async throws -> Int
    /// Applies `writes` in order in one transaction: every list named (by a write, or by a change
    /// that takes an item from it) moves on one revision, and a write based on a revision the
    /// list is no longer at refuses all of them. Returns each changed list's new revision.
    @discardableResult
    func apply(_ writes: [ListWrite]) async throws -> [ListID: Int]
    /// Loads a document; with `replacing`, everything in the store is replaced, and what was
    /// there is told (read in the load's own transaction).
    @discardableResult
    func load(_ document: DataDocument, replacing: Bool) async throws -> ReplacedData
    /// Loads a document into a store that holds no item, and returns `true`; returns `false`,
    /// loading nothing, when it holds some. Emptiness is checked in the load's own transaction,
    /// so two servers seeding one new database at once load it once between them.
    func loadIntoEmpty(_ document: DataDocument) async throws -> Bool
    /// The whole store as a document.
    func document() async throws -> DataDocument
    /// Whether the store holds no item at all.
    func isEmpty() async throws -> Bool
    /// The keys of the rows that this server's commits inserted, deleted, moved or changed in
    /// `list` from revision `old` to `new`, when it still knows them; `nil` otherwise (then a
    /// page built from the list at `old` must be built again whole, not updated).
    func changedKeys(of list: ListID, from old: Int, to new: Int) -> Set<String>?
    /// The last commit of the change log this server has taken in (0 for a store without one).
    var appliedSequence: Int { get }
    /// Takes in the change log up to `sequence` at least, when this server is behind it: a
    /// person whose edit another server committed sees it on this server's next page.
    func catchUp(to sequence: Int) async throws
}

extension DataStore {
    public var appliedSequence: Int { 0 }
    /// A store that cannot answer at once says so: `nil`.
    public func revisionNow(of id: ListID) -> Int? { nil }
    /// A store that cannot be certain without a read says so: `nil`.
    public func certainRevision(of id: ListID) -> Int? { nil }
    /// A store that keeps no record of its commits' rows cannot say: `nil`.
    public func changedKeys(of list: ListID, from old: Int, to new: Int) -> Set<String>? { nil }
    public func catchUp(to sequence: Int) async throws {}
}

/// The data hierarchy as plain values: root lists of items, each item with its own lists.
/// What a replacing load took away: how many items the store held, at every depth, and the root
/// lists that held some. Nothing, for a load that adds.
public struct ReplacedData: Sendable, Hashable {
    public var itemCount = 0
    public var rootLists: [String] = []

    public init(itemCount: Int = 0, rootLists: [String] = []) {
        self.itemCount = itemCount
        self.rootLists = rootLists
    }
}

public struct DataDocument: Sendable, Hashable {
    /// One item and its to-many relationships, in order.
    public struct Item: Sendable, Hashable {
        public var key: String
        public var attributes: [String: AttributeValue]
        public var lists: [(name: String, items: [Item])]

        /// Makes an item.
        public init(key: String, attributes: [String: AttributeValue] = [:], lists: [(name: String, items: [Item])] = []) {
            self.key = key
            self.attributes = attributes
            self.lists = lists
        }

        public static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.key == rhs.key && lhs.attributes == rhs.attributes
                && lhs.lists.map(\.name) == rhs.lists.map(\.name) && lhs.lists.map(\.items) == rhs.lists.map(\.items)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
        }
    }

    /// The root lists, in order.
    public var lists: [(name: String, items: [Item])]
    /// How many `null` members the file held: each an attribute without a value, kept as none
    /// (the import says so; a dump cannot give them back).
    public var nullsLeftOut = 0

    /// Makes a document.
    public init(lists: [(name: String, items: [Item])] = []) {
        self.lists = lists
    }

    public static func == (lhs: DataDocument, rhs: DataDocument) -> Bool {
        lhs.lists.map(\.name) == rhs.lists.map(\.name) && lhs.lists.map(\.items) == rhs.lists.map(\.items)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lists.map(\.name))
    }

    /// How many lists of items, at every depth, are empty (`"tags": []`): the store keeps a
    /// list by its items, so an empty one is kept as none, as a list never given is.
    public var emptyListCount: Int {
        func count(_ lists: [(name: String, items: [Item])]) -> Int {
            lists.reduce(0) { $0 + ($1.items.isEmpty ? 1 : 0) + $1.items.reduce(0) { $0 + count($1.lists) } }
        }
        return count(lists)
    }

    /// How many items the document holds, at every depth.
    public var itemCount: Int {
        func count(_ items: [Item]) -> Int { items.reduce(items.count) { $0 + $1.lists.reduce(0) { $0 + count($1.items) } } }
        return lists.reduce(0) { $0 + count($1.items) }
    }
}

/// Keys are safe in URLs and ids: 1 to 200 letters, digits, '-', '_' or '.', starting with a letter or digit,
/// and none of the names an export gives files of its own.
public enum ItemKey {
    /// Whether `key` is a valid key for a new item.
    public static func isValid(_ key: String) -> Bool {
        isWellFormed(key) && !isReserved(key)
    }

    /// Whether `key` is made of what keys are made of, reserved or not: a list that held a
    /// reserved key before they were refused keeps it through writes of the whole list.
    public static func isWellFormed(_ key: String) -> Bool {
        guard (1...200).contains(key.utf8.count), let first = key.unicodeScalars.first, first.isASCIIAlphanumeric else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || $0 == "-" || $0 == "_" || $0 == "." }
    }

    /// Whether `key` is, in any case, a name an export gives a file beside the folders of a
    /// list's items: its page (`index.html`) or, at the top, the sitemap. An item so keyed would
    /// need a folder of that name where the file is.
    public static func isReserved(_ key: String) -> Bool {
        key.utf8.count <= 11 && ["index.html", "sitemap.xml"].contains(key.lowercased())
    }

    /// A key made from a name: its letters in Latin, lower case and without accents (ICU's
    /// transliteration: "Åsa's Saga" is `asas-saga`, "東京" `dong-jing`), apostrophes dropped,
    /// runs of anything else turned into one '-'.
    public static func slug(_ name: String) -> String {
        var slug = ""
        var isAfterSeparator = false
        for scalar in latin(name).unicodeScalars {
            if scalar.isASCIIAlphanumeric {
                if isAfterSeparator, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                isAfterSeparator = false
            } else if !apostrophes.contains(scalar) {
                isAfterSeparator = true
            }
        }
        return slug.isEmpty ? "item" : String(slug.prefix(180))
    }

    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BC}"]

    /// Letters the transliteration leaves as they are, spelt in ASCII.
    private static let spelt: [Character: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i",
    ]

    /// `name` in lower-case ASCII where it can be: Latin script, no diacritics.
    private static func latin(_ name: String) -> String {
        guard !name.unicodeScalars.allSatisfy(\.isASCII) else { return name.lowercased() }
        // Compatibility forms first: a ligature's letters ("ﬁ"), fullwidth letters ("Ｍ"), "Ǆ" as "DŽ".
        let lowered = name.precomposedStringWithCompatibilityMapping.lowercased()
        let transliterated = lowered.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false) ?? lowered
        return String(transliterated.flatMap { spelt[$0] ?? String($0) })
    }
}

extension Unicode.Scalar {
    var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}

/// A store kept in a database (SQLite or PostgreSQL): the change log it writes with every
/// commit, and the checks and upkeep the command line offers.
public protocol DatabaseStore: DataStore {
    /// The commits this process knows of, as they are made.
    var feed: ChangeFeed { get }
    /// The schema version the database is at.
    func schemaVersion() async throws -> Int
    /// Problems in the stored data; empty when it is consistent.
    func integrityProblems() async throws -> [String]
    /// The commits after `sequence` in the change log, oldest first; `nil` when the log was
    /// trimmed past them.
    func commits(after sequence: Int) async throws -> [Commit]?
    /// Where the data stands now, read from the database: the newest commit's number, lists,
    /// summaries and time, for telling whether anything was committed since (an export's
    /// up-to-date check).
    func dataMark() async throws -> DataMark
    /// The mark `dataMark()` gave when `sequence` was the newest commit; `nil` when the change log
    /// no longer holds that commit. An export keeps its mark's number and asks for this later to
    /// tell that the database is still the one it read.
    func dataMark(at sequence: Int) async throws -> DataMark?
    /// Deletes change-log entries older than `cutoff` (the newest commit is always kept);
    /// returns how many rows went.
    @discardableResult
    func trimChangeLog(before cutoff: Date) async throws -> Int
    /// Closes every connection, for a command that is done with the database: the caller must not
    /// use the store while it closes, nor afterwards.
    func close() async
}

extension DatabaseStore {
    /// `body`'s result, with the store closed after it, also when it throws: Swift has no `async`
    /// `defer`, and a store left open past its user keeps its log (see `SQLiteStore.close`).
    public func closing<T>(after body: () async throws -> T) async rethrows -> T {
        do {
            let result = try await body()
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }
}

/// Where a database's data stands: its newest commit, written out, and when that commit was made.
///
/// Two marks of one database differ whenever a commit came between them (the number grows). Two
/// databases at the same number give the same mark only if their newest commits were alike and
/// made in the same second (and, for SQLite, in the same file): a caller that keeps a mark to
/// compare later keeps only one whose commit was made before the second it began reading in,
/// so that anything committed after it carries another time.
public struct DataMark: Sendable, Hashable {
    public var text: String
    /// Seconds since 1970 of the newest commit; 0 before any commit.
    public var newestCommitTime: Int

    public init(text: String, newestCommitTime: Int) {
        self.text = text
        self.newestCommitTime = newestCommitTime
    }

    /// The newest commit's number: the mark's first line.
    public var sequence: Int? { Int(text.prefix { $0 != "\n" }) }
}
