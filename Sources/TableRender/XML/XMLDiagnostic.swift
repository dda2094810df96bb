import Foundation

/// One problem found in a file, addressed the way editors and compilers do: `file:line:column: message`.
public struct XMLDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file (or page path) the problem is in.
    public var file: String
    /// The line, counted from 1; 0 when unknown.
    public var line: Int
    /// The column, counted from 1; 0 when unknown (RelaxNG reports none).
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Makes a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}
