import Foundation
import TableStore

/// How a server is set up: where it listens, what it serves, and who may edit.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Where pages are mounted ("/" or "/prefix/").
    public var basePath: String
    /// The folder of static assets served under `_assets/`.
    public var publicFolder: String
    /// The key that signs the cookies (session, flash, editor, change-log position) and the form
    /// tokens. Servers behind one load balancer share it.
    public var secret: [UInt8]
    /// The editors' password hash; `nil` lets anyone edit, which is allowed only on a loopback address.
    public var editorPassword: PasswordHash?
    /// Timeouts, the connection cap and the largest body.
    public var limits = ConnectionLimits()
    /// The address people reach the site at (`https://tables.example.com/`), when it is not the
    /// listening address: its host is the one the server answers to, and forms must come from it.
    public var publicURL: URL?
    /// Further host names the server answers to (`tables.example.com`, `.example.com` for every
    /// subdomain, `name:port` for one port only).
    public var allowedHosts: [String] = []
    /// The store whose change log this server follows, when several servers share one database:
    /// a browser whose edit one server committed is answered by any other only once that one
    /// has taken the commit in (see `Session.sequenceCookie`).
    public var followedStore: (any DataStore)?
    /// A list longer than this many rows is sent while it is read, this many rows at a time,
    /// rather than read, rendered and kept whole (see `AppRuntime.isWindowable` for which lists
    /// qualify). Even, so alternating row backgrounds stay in step.
    public var streamingWindow: Int = 2_000 {
        didSet { streamingWindow = max(2, streamingWindow + streamingWindow % 2) }
    }

    /// How many live streams (pages following their lists' changes) may be open at once; 0
    /// turns live pages off. Lowered to four fifths of the connection cap.
    public var liveStreams: Int = 800

    /// Whether the server asks itself for its front page (`StartupWarmUp`) before it says it is
    /// serving (`SiteServer.run`'s `onServerRunning`), so its first visitor is answered as
    /// quickly as later ones. `tablestack serve` and `TableStackServer.run` turn it on.
    public var warmsUpBeforeServing = false

    /// Whether warm pages are answered on the connection's event loop (`WarmPageHandler`) rather
    /// than through the router. The answers are the same; off, every request takes the router's
    /// path.
    public var answersWarmPagesOnEventLoop = true

    /// Makes a configuration; without a secret, a random one (sessions end with the process).
    public init(host: String = "127.0.0.1", port: Int = 8080, basePath: String = "/", publicFolder: String,
                secret: [UInt8]? = nil, editorPassword: PasswordHash? = nil, limits: ConnectionLimits = ConnectionLimits()) {
        self.host = host
        self.port = port
        self.basePath = basePath
        self.publicFolder = publicFolder
        self.secret = secret ?? (0..<32).map { _ in UInt8.random(in: 0...255) }
        self.editorPassword = editorPassword
        self.limits = limits
    }

    /// Whether the address only this machine can reach.
    public var isLoopback: Bool { HostPolicy.isLoopbackName(host) }

    /// Whether editing is possible at all: with a password, or on a loopback address.
    public var allowsEditing: Bool { editorPassword != nil || isLoopback }

    /// Which `Host` headers and form origins the server accepts.
    var hostPolicy: HostPolicy {
        var listed = allowedHosts
        if let publicURL, let host = publicURL.host {
            let port = publicURL.port ?? (publicURL.scheme?.lowercased() == "https" ? 443 : 80)
            listed.append("\(host):\(port)")
        }
        if !listed.isEmpty { return HostPolicy(rule: .listed(listed), publicScheme: publicURL?.scheme) }
        return HostPolicy(rule: isLoopback ? .loopbackNames : .any, publicScheme: nil)
    }

    /// The folder of static assets that ships with TableStack, found from the working directory
    /// or beside the source tree (a package that depends on TableStack has it in its checkout).
    public static var bundledPublicFolder: String {
        let candidates = [
            FileManager.default.currentDirectoryPath + "/Public",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Public").standardized.path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    /// Whether `entry` can name an allowed host: `name`, `name:port`, or `.domain`.
    public static func isValidAllowedHost(_ entry: String) -> Bool {
        HostPolicy.split(entry.hasPrefix(".") ? String(entry.dropFirst()) : entry) != nil
    }

    /// What the server says about editing when it starts; `passwordOption` is how its user gives
    /// the editor password (the command line's option, or a library's property).
    public func editingPolicy(passwordOption: String = "--editor-password-file") -> String {
        if editorPassword != nil { return "editing requires the editor password (sign in at _login)" }
        if isLoopback { return "editing is open to anyone who can reach \(host) (loopback only); use \(passwordOption) to require a login" }
        return "editing is disabled: \(host) is not a loopback address and no \(passwordOption) was given"
    }

    /// What the server says about the host names it answers to when it starts.
    public var hostNamePolicy: String {
        switch hostPolicy.rule {
        case .loopbackNames: "answers only to loopback host names (localhost, 127.0.0.1, [::1])"
        case .listed:
            "answers only to " + (allowedHosts + [publicURL.flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } }]
                .compactMap { $0 }).joined(separator: ", ")
        case .any: "answers to any host name; give --public-url or --allowed-host to refuse the others"
        }
    }
}
