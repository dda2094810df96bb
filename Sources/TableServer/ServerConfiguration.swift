import Foundation

/// How a server is set up: where it listens, what it serves, and who may edit.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Where pages are mounted ("/" or "/prefix/").
    public var basePath: String
    /// The folder of static assets served under `_assets/`.
    public var publicFolder: String
    /// The key that signs session, CSRF and flash cookies. Servers behind one load balancer share it.
    public var secret: [UInt8]
    /// The editors' password hash; `nil` lets anyone edit, which is allowed only on a loopback address.
    public var editorPassword: PasswordHash?
    /// Largest request body accepted.
    public var maximumBodySize: Int
    /// A list longer than this many rows is sent while it is read, this many rows at a time,
    /// rather than read, rendered and kept whole (see `AppRuntime.isWindowable` for which lists
    /// qualify). Even, so alternating row backgrounds stay in step.
    public var streamingWindow: Int = 2_000 {
        didSet { streamingWindow = max(2, streamingWindow + streamingWindow % 2) }
    }

    /// Makes a configuration; without a secret, a random one (sessions end with the process).
    public init(host: String = "127.0.0.1", port: Int = 8080, basePath: String = "/", publicFolder: String,
                secret: [UInt8]? = nil, editorPassword: PasswordHash? = nil, maximumBodySize: Int = 1 << 20) {
        self.host = host
        self.port = port
        self.basePath = basePath
        self.publicFolder = publicFolder
        self.secret = secret ?? (0..<32).map { _ in UInt8.random(in: 0...255) }
        self.editorPassword = editorPassword
        self.maximumBodySize = maximumBodySize
    }

    /// Whether the address only this machine can reach.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Whether editing is possible at all: with a password, or on a loopback address.
    public var allowsEditing: Bool { editorPassword != nil || isLoopback }

    /// What the server says about editing when it starts.
    public var editingPolicy: String {
        if editorPassword != nil { return "editing requires the editor password (sign in at _login)" }
        if isLoopback { return "editing is open to anyone who can reach \(host) (loopback only); use --editor-password-file to require a login" }
        return "editing is disabled: \(host) is not a loopback address and no --editor-password-file was given"
    }
}
