/// One problem in an app file, addressed as `file:line:column: message`.
public struct AppDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Why an app could not be loaded or run.
public enum AppError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app file has problems; every one is listed.
    case invalidApp([AppDiagnostic])
    /// The file could not be read.
    case unreadable(String)

    public var description: String {
        switch self {
        case let .invalidApp(diagnostics): diagnostics.map(\.description).joined(separator: "\n")
        case let .unreadable(path): "\(path): cannot read the app file"
        }
    }
}
