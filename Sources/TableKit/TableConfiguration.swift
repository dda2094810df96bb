import Foundation

/// How a table is set up before its data source is asked anything.
public struct TableConfiguration: Sendable, Hashable, Codable {
    /// Plain or grouped; fixed for the table's life.
    public var style: TableStyle
    /// The table header title.
    public var headerTitle: String?
    /// How the header title shows: a line of text, or Listing 4-10's title label.
    public var headerStyle: TableHeaderStyle = .text
    /// The table footer title.
    public var footerTitle: String?
    /// Whether the table is in editing mode (`setEditing(_:animated:)`).
    public var isEditing: Bool
    /// Whether a delete-style row can be deleted by a swipe outside editing mode.
    public var allowsSwipeToDelete: Bool
    /// Whether rows can be selected outside editing mode (`allowsSelection`).
    public var allowsSelection: Bool
    /// Whether rows can be selected in editing mode (`allowsSelectionDuringEditing`).
    public var allowsSelectionDuringEditing: Bool
    /// The kind of selection list the table is, if any: an exclusive list shows one checkmark.
    public var selectionMode: SelectionList.Mode?

    /// Makes a configuration. The defaults are UIKit's.
    public init(style: TableStyle, headerTitle: String? = nil, footerTitle: String? = nil, isEditing: Bool = false,
                allowsSwipeToDelete: Bool = true, allowsSelection: Bool = true, allowsSelectionDuringEditing: Bool = false,
                selectionMode: SelectionList.Mode? = nil) {
        self.style = style
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.isEditing = isEditing
        self.allowsSwipeToDelete = allowsSwipeToDelete
        self.allowsSelection = allowsSelection
        self.allowsSelectionDuringEditing = allowsSelectionDuringEditing
        self.selectionMode = selectionMode
    }

    /// Whether tapping a row selects it in the table's current mode.
    public var selectsRows: Bool { isEditing ? allowsSelectionDuringEditing : allowsSelection }
}

extension TableConfiguration {
    /// The title of the navigation bar's edit button: "Edit", or "Done" while editing.
    public var editButtonTitle: String { isEditing ? "Done" : "Edit" }

    /// Whether the Add button is enabled: not while editing (Listing 7-1).
    public var isAddEnabled: Bool { !isEditing }
}
