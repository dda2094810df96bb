/// What a page's URL says about how it is shown, beyond which page it is: editing mode, a sheet
/// over it, a deletion waiting for its confirmation. Read from the query once, written back by
/// `URLBuilder`, so both directions use one vocabulary.
public struct ViewState: Sendable, Hashable {
    /// A modal sheet over the page.
    public enum Sheet: Sendable, Hashable {
        /// The Add sheet (`?add=1`).
        case add
        /// The Move to… sheet for the row `key` (`?editing=1&move=KEY`).
        case move(key: String)
    }

    /// Editing mode (`?editing=1`).
    public var isEditing: Bool
    /// The row whose Delete button shows, waiting to be confirmed (`?editing=1&delete=KEY`).
    public var confirmingDelete: String?
    public var sheet: Sheet?

    /// Makes a state; the default is the page as it first shows.
    public init(isEditing: Bool = false, confirmingDelete: String? = nil, sheet: Sheet? = nil) {
        self.isEditing = isEditing
        self.confirmingDelete = confirmingDelete
        self.sheet = sheet
    }

    /// The row the Move to… sheet is for, if that sheet shows.
    public var movingKey: String? {
        if case let .move(key) = sheet { return key }
        return nil
    }

    /// The page in editing mode.
    public static let editing = ViewState(isEditing: true)

    /// Reads the state from a query's decoded pairs; unknown names are ignored.
    public init(query pairs: [(name: String, value: String)]) {
        var state = ViewState()
        for (name, value) in pairs {
            switch name {
            case "editing": state.isEditing = value == "1"
            case "delete": state.confirmingDelete = value
            case "add" where value == "1": state.sheet = .add
            case "move": state.sheet = .move(key: value)
            default: continue
            }
        }
        self = state
    }

    /// The query that spells this state, in a fixed order.
    public var query: [(String, String)] {
        var pairs: [(String, String)] = []
        if isEditing { pairs.append(("editing", "1")) }
        if let confirmingDelete { pairs.append(("delete", confirmingDelete)) }
        switch sheet {
        case .add: pairs.append(("add", "1"))
        case let .move(key): pairs.append(("move", key))
        case nil: break
        }
        return pairs
    }

    /// Whether the page shows as it first does (no query).
    public var isPlain: Bool { self == ViewState() }
}
