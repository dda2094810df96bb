import Foundation
import PostgresNIO

/// Where a PostgreSQL database is, from a URL `postgresql://user[:password]@host[:port]/name`
/// (`postgres://` too). TLS is not used: run the servers and PostgreSQL on one private network,
/// or put them on one machine (see docs/deployment.md).
public struct PostgresAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String

    public init(host: String, port: Int = 5432, user: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// Reads a URL, or throws a message that says what is wrong with it (never repeating the
    /// password). Without a password in the URL, `PGPASSWORD` from the environment is used, so
    /// the password need not appear in the process list.
    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let shown = Self.redacted(text)
        guard let components = URLComponents(string: text), ["postgresql", "postgres"].contains(components.scheme?.lowercased() ?? "") else {
            throw AddressError("\"\(shown)\" is not a postgresql:// URL")
        }
        guard let host = components.host, !host.isEmpty else { throw AddressError("\(shown): the URL names no host") }
        guard let user = components.user, !user.isEmpty else { throw AddressError("\(shown): the URL names no user (postgresql://USER@HOST/NAME)") }
        let name = String(components.path.drop { $0 == "/" })
        guard !name.isEmpty, !name.contains("/") else { throw AddressError("\(shown): the URL names no database (postgresql://USER@HOST/NAME)") }
        guard components.query == nil else {
            throw AddressError("\(shown): options after \"?\" are not supported (connections do not use TLS; see docs/deployment.md)")
        }
        self.init(host: host, port: components.port ?? 5432, user: user, password: components.password ?? environment["PGPASSWORD"], database: name)
    }

    /// Whether `text` is meant as a PostgreSQL address rather than a SQLite file.
    public static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://")
    }

    /// `text` with any password between `user:` and `@` replaced by `***`.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
              let colon = text[scheme.upperBound..<at].firstIndex(of: ":") else { return text }
        return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
    }

    /// The address for logs and messages, without the password.
    public var description: String { "postgresql://\(user)@\(host):\(port)/\(database)" }

    var configuration: PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database,
                                                             tls: .disable)
        // A busy server forks a backend per connection: give it more than postgres-nio's 10 s.
        configuration.options.connectTimeout = .seconds(30)
        return configuration
    }

    public struct AddressError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
