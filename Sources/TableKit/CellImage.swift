import Foundation

/// The image at a cell's left edge: where to load it from and the text that stands for it.
public struct CellImage: Sendable, Hashable, Codable {
    /// A path relative to the public folder, or a URL.
    public var source: String
    /// The text alternative; empty for a decorative image whose meaning the row's text carries.
    public var alternativeText: String

    /// Makes an image reference.
    public init(source: String, alternativeText: String = "") {
        self.source = source
        self.alternativeText = alternativeText
    }
}
