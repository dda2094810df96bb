import Foundation

/// How a table is set up before its data source is asked anything.
public struct TableConfiguration: Sendable, Hashable, Codable {
    /// Plain or grouped; fixed for the table's life.
    public var style: TableStyle
    /// The table header title.
    public var headerTitle: String?
    /// The table footer title.
    public var footerTitle: String?
    /// Whether the table is in editing mode (`setEditing(_:animated:)`).
    public var isEditing: Bool

    /// Makes a configuration.
    public init(style: TableStyle, headerTitle: String? = nil, footerTitle: String? = nil, isEditing: Bool = false) {
        self.style = style
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.isEditing = isEditing
    }
}

extension TableConfiguration {
    /// The title of the navigation bar's edit button: "Edit", or "Done" while editing.
    public var editButtonTitle: String { isEditing ? "Done" : "Edit" }

    /// Whether the Add button is enabled: not while editing (Listing 7-1).
    public var isAddEnabled: Bool { !isEditing }
}
