import Foundation

/// One row's content and appearance, as a `UITableViewCell` in a standard style carries them.
public struct Cell: Sendable, Hashable, Codable {
    /// The stable key of the item the row shows; it survives reordering, unlike the row index.
    public var key: String
    /// The main label.
    public var text: String
    /// The detail label (the subtitle, or the value in value1 and value2); `nil` for none.
    public var detailText: String?
    /// The image at the left edge; only the default and subtitle styles have a place for it.
    public var image: CellImage?
    /// The layout of text, detail and image.
    public var style: CellStyle
    /// What the row shows at its right edge outside editing mode.
    public var accessory: Accessory
    /// What the row shows at its right edge in editing mode (`editingAccessoryType`).
    public var editingAccessory: Accessory
    /// How many indentation steps the content is moved to the right.
    public var indentationLevel: Int
    /// Whether and how the row highlights when selected.
    public var selectionStyle: SelectionStyle
    /// What assistive technology reads for the row; `nil` joins the visible texts.
    public var accessibilityLabel: String?
    /// Whether the row shows a reorder grip in editing mode, where the data source allows moving it.
    public var showsReorderControl: Bool
    /// A free-form appearance hint set by the delegate just before display (Listing 5-2 alternates
    /// row backgrounds this way); renderers map known values to classes and ignore the rest.
    public var backgroundHint: String?
    /// The app's template that draws the row's content instead of its style's layout (a custom
    /// cell); `nil` for the standard layouts. `text` and `detailText` still name the row.
    public var customView: TemplateView?
    /// How tall the row is; `nil` sizes it to its content, at least a standard row's height.
    public var rowHeight: RowHeight?

    /// Makes a cell. Defaults are UIKit's: default style, no accessory, selectable, no indentation.
    public init(
        key: String,
        text: String,
        detailText: String? = nil,
        image: CellImage? = nil,
        style: CellStyle = .default,
        accessory: Accessory = .none,
        editingAccessory: Accessory = .none,
        indentationLevel: Int = 0,
        selectionStyle: SelectionStyle = .default,
        accessibilityLabel: String? = nil,
        showsReorderControl: Bool = true,
        backgroundHint: String? = nil,
        customView: TemplateView? = nil,
        rowHeight: RowHeight? = nil
    ) {
        self.key = key
        self.text = text
        self.detailText = detailText
        self.image = image
        self.style = style
        self.accessory = accessory
        self.editingAccessory = editingAccessory
        self.indentationLevel = indentationLevel
        self.selectionStyle = selectionStyle
        self.accessibilityLabel = accessibilityLabel
        self.showsReorderControl = showsReorderControl
        self.backgroundHint = backgroundHint
        self.customView = customView
        self.rowHeight = rowHeight
    }

    /// The name assistive technology announces: the explicit label, or the visible texts and the
    /// control's state joined with commas, as the guide's "Apple Inc., $648.11, up 1.85%" reads.
    public var accessibleName: String {
        if let accessibilityLabel, !accessibilityLabel.isEmpty { return accessibilityLabel }
        return [text, detailText].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The problems that make this cell impossible to show as configured, addressed at `indexPath`.
    public func problems(at indexPath: IndexPath) -> [TableKitError] {
        var problems: [TableKitError] = []
        if image != nil, !style.allowsImage {
            problems.append(.imageNotAllowed(style: style, at: indexPath))
        }
        if indentationLevel < 0 || indentationLevel > Self.maximumIndentationLevel {
            problems.append(.invalidIndentationLevel(indentationLevel, at: indexPath))
        }
        if key.isEmpty {
            problems.append(.emptyItemKey(at: indexPath))
        }
        for view in [customView, accessory.templateView, editingAccessory.templateView].compactMap({ $0 })
        where !TemplateView.isValidName(view.name) {
            problems.append(.invalidTemplateName(view.name, at: indexPath))
        }
        if let rowHeight, !RowHeight.allowedPoints.contains(rowHeight.points) {
            problems.append(.invalidRowHeight(rowHeight.points, at: indexPath))
        }
        return problems
    }

    /// The deepest indentation a row may have; deeper levels would push text out of a phone screen.
    public static let maximumIndentationLevel = 10
}
