import Foundation

/// What rendering and validation can refuse, with messages that name the file and the place.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidSchema(String)
    case templateFolderMissing(String)
    case invalidTemplates([XMLDiagnostic])

    public var description: String {
        switch self {
        case let .invalidSchema(file):
            "\(file): the RelaxNG schema does not compile"
        case let .templateFolderMissing(path):
            "\(path): no template folder here (point --templates at a folder of .mustache files)"
        case let .invalidTemplates(diagnostics):
            diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}
