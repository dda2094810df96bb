import TableKit

/// What the store refuses, each with a message that says what was expected.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The description, and for an unreachable database what the connection said (names the
    /// host and port: for the command line and the log, not for pages).
    public var detailedDescription: String {
        switch self {
        case let .unavailable(detail), let .outcomeUnknown(detail): "\(description) (\(detail))"
        default: description
        }
    }

    /// The database's or the connection's own words where the error carries them (for logs and
    /// the command line, where "try again in a moment" says nothing), else `description`.
    public var reason: String {
        switch self {
        case let .unavailable(detail), let .outcomeUnknown(detail): detail
        default: description
        }
    }

    /// The change was based on an older revision: someone else changed the list first.
    case staleRevision(list: ListID, expected: Int, current: Int)
    case itemNotFound(key: String, list: ListID)
    /// The item was changed (by someone else) after the revision the change was based on.
    case itemChanged(key: String, list: ListID)
    /// The change was based on a revision the list has not reached: the data was restored from
    /// an older copy since the page was shown, or the revision never came from this store.
    /// Nothing can be told changed or unchanged since it.
    case revisionAhead(list: ListID, shown: Int, current: Int)
    /// Attributes the change expected to find unchanged hold these values now.
    case attributesChanged(key: String, list: ListID, current: [String: AttributeValue?])
    case positionOutOfRange(Int, count: Int, list: ListID)
    case duplicateKey(String)
    case invalidKey(String)
    case database(String)
    /// The database cannot be reached (restarting, network down): nothing was changed, and the
    /// same request may succeed in a moment. The text is the connection's own error, for logs
    /// and the command line; pages show only `description`.
    case unavailable(String)
    /// The connection broke after the commit was sent: the change may or may not have been made.
    case outcomeUnknown(String)
    /// A data file could not be read: the file, where in it, and what was expected.
    case importFailed(file: String, location: String, message: String)
    /// A load meant only for an empty store found items there, and loaded nothing.
    case notEmpty

    public var description: String {
        switch self {
        case let .staleRevision(list, expected, current):
            "list \(list) changed meanwhile: the change was based on revision \(expected), the list is at revision \(current)"
        case let .itemNotFound(key, list):
            "no item \"\(key)\" in list \(list)"
        case let .itemChanged(key, list):
            "item \"\(key)\" of list \(list) was changed by someone else since the page was shown"
        case let .revisionAhead(list, shown, current):
            "the change was based on revision \(shown) of list \(list), which is at revision \(current): "
                + "the data is older than the page (restored from a copy), or the revision is not this store's"
        case let .attributesChanged(key, list, current):
            "item \"\(key)\" of list \(list) was changed by someone else: "
                + current.sorted { $0.key < $1.key }.map { "\($0.key) is now \($0.value.map { "\"\($0)\"" } ?? "empty")" }.joined(separator: ", ")
        case let .positionOutOfRange(position, count, list):
            "position \(position) is outside list \(list), which has \(count) items"
        case let .duplicateKey(key):
            "the list already has an item with key \"\(key)\""
        case let .invalidKey(key) where ItemKey.isReserved(key):
            "\"\(key)\" cannot be a key: an export writes a file of that name beside the items' pages (\"\(ItemKey.slug(key))\", say)"
        case let .invalidKey(key):
            "\"\(DocumentText.escapingControls(key))\" is not a valid key: use 1 to 200 of a-z, A-Z, 0-9, '-', '_' and '.', beginning with a letter or digit"
                + " (\"\(ItemKey.slug(key))\", say)"
        case let .database(message):
            "database error: \(message)"
        case .unavailable:
            "the database cannot be reached just now; nothing was changed, try again in a moment"
        case .outcomeUnknown:
            "the database stopped answering while the change was being saved, so it may or may not have been made: read the list again before sending the change again"
        case .notEmpty:
            "the database already holds data; nothing was loaded"
        case let .importFailed(file, location, message):
            // One line, whatever the file's names hold: a line break in a key path would print as two messages.
            DocumentText.escapingControls(location.isEmpty ? "\(file): \(message)" : "\(file):\(location): \(message)")
        }
    }
}
