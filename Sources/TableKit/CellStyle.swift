import Foundation

/// The four standard cell layouts of `UITableViewCell`.
public enum CellStyle: String, Sendable, Codable, CaseIterable {
    /// A title and an optional image.
    case `default`
    /// A title with grey secondary text under it; an image is allowed.
    case subtitle
    /// A title at the left and the detail right-aligned in secondary colour (the Settings look); no image.
    case value1
    /// A small tinted label right-aligned at a fixed indent, the detail left-aligned after it
    /// (the Contacts look); no image.
    case value2

    /// Whether the style has a place for the cell's image (value1 and value2 do not).
    public var allowsImage: Bool {
        switch self {
        case .default, .subtitle: true
        case .value1, .value2: false
        }
    }
}
