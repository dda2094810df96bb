import Foundation

/// A part of a table drawn by one of the app's own templates instead of a standard layout: a
/// custom cell (the guide's Listings 5-3 to 5-7, subviews filled from the data), a custom
/// accessory view, or a section's header or footer view (`viewForHeaderInSection`).
///
/// The template is named here and looked up by the renderer, which checks every name when the
/// app loads; the values are the texts the template shows, by the names it uses.
public struct TemplateView: Sendable, Hashable, Codable {
    /// The template's name: `cells/NAME`, `accessories/NAME` or `sections/NAME` in a template folder.
    public var name: String
    /// The texts the template shows, by key.
    public var values: [String: String]

    /// Makes a template view.
    public init(name: String, values: [String: String] = [:]) {
        self.name = name
        self.values = values
    }

    /// Whether `name` can name a template file: 1 to 64 ASCII letters, digits, `-` and `_`,
    /// starting with a letter, so that a name can never reach outside its folder.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
              first.isASCII, CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
        }
    }
}

/// How tall a row is (`rowHeight`, `estimatedRowHeight`, `heightForRowAt`), in points.
public enum RowHeight: Sendable, Hashable, Codable {
    /// The row is this tall. Content that needs more room makes it taller rather than being cut
    /// off: a page never hides data the way a clipped cell would.
    case fixed(Int)
    /// The row sizes itself to its content; the estimate stands in for rows not laid out yet, so
    /// a long list keeps its scroll length while rows off screen are skipped.
    case estimated(Int)

    /// The points given, fixed or estimated.
    public var points: Int {
        switch self {
        case let .fixed(points), let .estimated(points): points
        }
    }

    /// The heights a row may be given: from a compact row to about a phone screen.
    public static let allowedPoints = 20...800
}
