import TableKit

/// One item of the data hierarchy: a stable key and its attributes. Its ordered to-many
/// relationships are lists of their own, addressed by `list.child(of: key, relationship:)`.
public struct StoredItem: Sendable, Hashable, Codable {
    /// The stable key: unique in its list, used in URLs, never reused for another item there.
    public var key: String
    /// The attributes by name.
    public var attributes: [String: AttributeValue]

    /// Makes an item.
    public init(key: String, attributes: [String: AttributeValue] = [:]) {
        self.key = key
        self.attributes = attributes
    }

    /// The attribute `name` as text, or `nil`.
    public subscript(name: String) -> AttributeValue? { attributes[name] }
}

/// An ordered list: the root lists of the store, or a to-many relationship of an item.
///
/// Its hash is worked out once, when it is made: an edit looks lists up by their IDs some seventy
/// times (revisions, the list cache, the change records), and hashing both names every time was
/// a thirtieth of an edit's instructions.
public struct ListID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The identity of the item owning the list (its path from a root list, see
    /// `itemIdentity(_:)`); `nil` for a root list.
    public let parent: String?
    /// The relationship's name ("trails"), or the root list's name ("regions").
    public let relationship: String
    /// `parent` and `relationship` hashed.
    private let hash: Int

    /// A root list.
    public static func root(_ name: String) -> ListID { ListID(parent: nil, relationship: name) }

    /// Why `name` cannot name a list (a root list, or a relationship of items), if it cannot:
    /// - every page's forms carry their lists' revisions as `groceries=3;north.trails=7`, which a
    ///   name with '=', ';' or '.' would make unreadable, so that no edit of the list could be made;
    /// - an item is known by its path of lists and keys joined by '/' (`itemIdentity(_:)`): a list
    ///   named `p/a/c` would share its items' lists with those of item `c` in list `a` of item `p`;
    /// - a browser posts a line break in a form's value back as CR LF, and control characters
    ///   would reach terminals in messages as they are.
    public static func nameProblem(_ name: String) -> String? {
        guard let found = name.unicodeScalars.first(where: { "=;./".unicodeScalars.contains($0) || $0.properties.generalCategory == .control })
        else { return nil }
        let why = switch found {
        case "/": "an item is known by the path of lists and keys that leads to it, joined by '/', so that two lists could share their items' lists"
        case "=", ";", ".": "every page's forms name their lists' revisions as \"groceries=3;north.trails=7\""
        default: "a browser does not post it back as written"
        }
        return "the list name \"\(DocumentText.escapingControls(name))\" holds '\(DocumentText.escapingControls(String(found)))', which a list's name cannot: "
            + "\(why); use letters, digits, spaces, '-' or '_'"
    }

    /// The list `relationship` of the item `parent`.
    public init(parent: String?, relationship: String) {
        self.parent = parent
        self.relationship = relationship
        var hasher = Hasher()
        hasher.combine(parent)
        hasher.combine(relationship)
        hash = hasher.finalize()
    }

    public static func == (lhs: ListID, rhs: ListID) -> Bool {
        lhs.hash == rhs.hash && lhs.relationship == rhs.relationship && lhs.parent == rhs.parent
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    private enum CodingKeys: String, CodingKey { case parent, relationship }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(parent: try container.decodeIfPresent(String.self, forKey: .parent),
                  relationship: try container.decode(String.self, forKey: .relationship))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encode(relationship, forKey: .relationship)
    }

    public var description: String { parent.map { "\($0).\(relationship)" } ?? relationship }

    /// The identity of this list's item `key`: the path of lists and keys from a root list
    /// (`regions/north/trails/cascade-pass`). Keys are unique only in their list, so an item is
    /// known by where it stands; keys hold no `/`, so the path reads back one way only.
    public func itemIdentity(_ key: String) -> String {
        (parent.map { $0 + "/" } ?? "") + relationship + "/" + key
    }

    /// The list `relationship` of this list's item `key`.
    public func child(of key: String, relationship: String) -> ListID {
        ListID(parent: itemIdentity(key), relationship: relationship)
    }
}

/// A list as read from the store: its items in order and the revision they are at.
public struct StoredList: Sendable, Hashable {
    public var id: ListID
    public var revision: Int
    public var items: [StoredItem]

    /// Makes a list.
    public init(id: ListID, revision: Int, items: [StoredItem]) {
        self.id = id
        self.revision = revision
        self.items = items
    }
}

/// One change to a list. A batch of changes is applied in one transaction.
public enum ListChange: Sendable, Hashable {
    /// Inserts a new item at `position` (0 … count).
    case insert(StoredItem, at: Int)
    /// Inserts a new item just after the item `key` as the list stands, or at its end when `key`
    /// is `nil`; throws `StoreError.itemNotFound` when `key` is gone.
    case insertAfter(StoredItem, key: String?)
    /// Deletes the item and everything below it.
    case delete(key: String)
    /// Deletes the item and everything below it if its attributes have not changed since the
    /// list's revision `since` (throws `StoreError.itemChanged` otherwise).
    case deleteUnchanged(key: String, since: Int)
    /// Moves the item so that it stands at `position` afterwards.
    case move(key: String, to: Int)
    /// Sets the given attributes of the item, keeping the others.
    case update(key: String, attributes: [String: AttributeValue])
    /// Sets `attributes` of the item if each of them still has the value in `expected` (`nil`:
    /// not set); throws `StoreError.attributesChanged` naming the values found otherwise. With
    /// `since`, also only if the item has not changed since the list's revision `since` (throws
    /// `StoreError.itemChanged` otherwise): for a writer that cannot say which values it saw.
    case updateIfUnchanged(key: String, expected: [String: AttributeValue?], attributes: [String: AttributeValue], since: Int? = nil)
    /// Sets `attribute` to true on `key` and to false on every other item of the list.
    case checkExclusively(attribute: String, key: String)
    /// Replaces the list's items with these, in this order (items no longer present are deleted).
    case replaceAll([StoredItem])
    /// Moves the item `key` of the list `from` into this list at `position` (0 … count), with
    /// everything below it, under the key `renamedTo` when given (keys are unique per list).
    case moveIn(key: String, from: ListID, at: Int, renamedTo: String?)

    /// Lists other than the one it is applied to that the change alters.
    var otherLists: [ListID] {
        if case let .moveIn(_, from, _, _) = self { return [from] }
        return []
    }
}

/// The changes to one list within a write that may change several lists in one transaction.
public struct ListWrite: Sendable, Hashable {
    public var list: ListID
    public var changes: [ListChange]
    /// The revision the changes are based on; `nil` to apply them to the list as it is.
    public var revision: Int?

    /// Makes a write of `changes` to `list`, based on `revision`.
    public init(_ changes: [ListChange], to list: ListID, basedOn revision: Int?) {
        self.list = list
        self.changes = changes
        self.revision = revision
    }
}
