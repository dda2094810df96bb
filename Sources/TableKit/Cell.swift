import Foundation

/// One row's content and appearance, as a `UITableViewCell` in a standard style carries them.
///
/// The fields live in one shared, copy-on-write box: a cell is copied with every row of a
/// snapshot, a rendered row's memory and each comparison of a row with the one rendered before,
/// so a copy costs one reference count, and a row carried on unchanged compares equal by identity.
/// A field is read through the box and written as a whole (the box copied first if shared).
public struct Cell: Sendable, Hashable, Codable {
    /// The cell's fields; their coding is the cell's.
    private struct Fields: Sendable, Hashable, Codable {
        // Each field is described at its accessor below.
        var key: String
        var text: String
        var detailText: String?
        var image: CellImage?
        var style: CellStyle
        var accessory: Accessory
        var editingAccessory: Accessory
        var indentationLevel: Int
        var selectionStyle: SelectionStyle
        var accessibilityLabel: String?
        var showsReorderControl: Bool
        var backgroundHint: String?
        var customView: TemplateView?
        var rowHeight: RowHeight?
    }

    private final class Box: @unchecked Sendable {
        // Written only while uniquely referenced (`uniquelyOwned`), so sharing it is safe.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// The stable key of the item the row shows; it survives reordering, unlike the row index.
    public var key: String {
        get { box.fields.key }
        set { uniquelyOwned().fields.key = newValue }
    }

    /// The main label.
    public var text: String {
        get { box.fields.text }
        set { uniquelyOwned().fields.text = newValue }
    }

    /// The detail label (the subtitle, or the value in value1 and value2); `nil` for none.
    public var detailText: String? {
        get { box.fields.detailText }
        set { uniquelyOwned().fields.detailText = newValue }
    }

    /// The image at the left edge; only the default and subtitle styles have a place for it.
    public var image: CellImage? {
        get { box.fields.image }
        set { uniquelyOwned().fields.image = newValue }
    }

    /// The layout of text, detail and image.
    public var style: CellStyle {
        get { box.fields.style }
        set { uniquelyOwned().fields.style = newValue }
    }

    /// What the row shows at its right edge outside editing mode.
    public var accessory: Accessory {
        get { box.fields.accessory }
        set { uniquelyOwned().fields.accessory = newValue }
    }

    /// What the row shows at its right edge in editing mode (`editingAccessoryType`).
    public var editingAccessory: Accessory {
        get { box.fields.editingAccessory }
        set { uniquelyOwned().fields.editingAccessory = newValue }
    }

    /// How many indentation steps the content is moved to the right.
    public var indentationLevel: Int {
        get { box.fields.indentationLevel }
        set { uniquelyOwned().fields.indentationLevel = newValue }
    }

    /// Whether and how the row highlights when selected.
    public var selectionStyle: SelectionStyle {
        get { box.fields.selectionStyle }
        set { uniquelyOwned().fields.selectionStyle = newValue }
    }

    /// What assistive technology reads for the row; `nil` joins the visible texts.
    public var accessibilityLabel: String? {
        get { box.fields.accessibilityLabel }
        set { uniquelyOwned().fields.accessibilityLabel = newValue }
    }

    /// Whether the row shows a reorder grip in editing mode, where the data source allows moving it.
    public var showsReorderControl: Bool {
        get { box.fields.showsReorderControl }
        set { uniquelyOwned().fields.showsReorderControl = newValue }
    }

    /// A free-form appearance hint set by the delegate just before display (Listing 5-2 alternates
    /// row backgrounds this way); renderers map known values to classes and ignore the rest.
    public var backgroundHint: String? {
        get { box.fields.backgroundHint }
        set { uniquelyOwned().fields.backgroundHint = newValue }
    }

    /// The app's template that draws the row's content instead of its style's layout (a custom
    /// cell); `nil` for the standard layouts. `text` and `detailText` still name the row.
    public var customView: TemplateView? {
        get { box.fields.customView }
        set { uniquelyOwned().fields.customView = newValue }
    }

    /// How tall the row is; `nil` sizes it to its content, at least a standard row's height.
    public var rowHeight: RowHeight? {
        get { box.fields.rowHeight }
        set { uniquelyOwned().fields.rowHeight = newValue }
    }

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
        box = Box(Fields(key: key, text: text, detailText: detailText, image: image, style: style, accessory: accessory,
                         editingAccessory: editingAccessory, indentationLevel: indentationLevel, selectionStyle: selectionStyle,
                         accessibilityLabel: accessibilityLabel, showsReorderControl: showsReorderControl,
                         backgroundHint: backgroundHint, customView: customView, rowHeight: rowHeight))
    }

    /// Reads a cell coded as its fields.
    public init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    /// Codes the cell as its fields, by name.
    public func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

    /// Whether two cells have equal fields (at once when they share their box).
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.sharesBox(with: rhs) || lhs.box.fields == rhs.box.fields
    }

    /// Whether the two cells share their box, hence their fields (a cell copied, never changed).
    func sharesBox(with other: Cell) -> Bool { box === other.box }

    /// Hashes the cell's fields.
    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// The box, copied first if another cell shares it.
    private mutating func uniquelyOwned() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    /// The name assistive technology announces: the explicit label, or the visible texts and the
    /// control's state joined with commas, as the guide's "Apple Inc., $648.11, up 1.85%" reads.
    public var accessibleName: String {
        if let accessibilityLabel, !accessibilityLabel.isEmpty { return accessibilityLabel }
        // Joined by hand, without an array of the two texts: every row of a page asks.
        guard let detailText, !detailText.isEmpty else { return text }
        return text.isEmpty ? detailText : text + ", " + detailText
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

extension Cell: CustomReflectable {
    /// The cell's fields, as printed, dumped and shown in test failures.
    public var customMirror: Mirror { Mirror(reflecting: box.fields) }
}
