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

    /// Reads a URL, or throws a message that says what is wrong with it.
    public init(url text: String) throws {
        guard let components = URLComponents(string: text), ["postgresql", "postgres"].contains(components.scheme ?? "") else {
            throw AddressError("\"\(text)\" is not a postgresql:// URL")
        }
        guard let host = components.host, !host.isEmpty else { throw AddressError("\(text): the URL names no host") }
        guard let user = components.user, !user.isEmpty else { throw AddressError("\(text): the URL names no user (postgresql://USER@HOST/NAME)") }
        let name = String(components.path.drop { $0 == "/" })
        guard !name.isEmpty, !name.contains("/") else { throw AddressError("\(text): the URL names no database (postgresql://USER@HOST/NAME)") }
        self.init(host: host, port: components.port ?? 5432, user: user, password: components.password, database: name)
    }

    /// Whether `text` is meant as a PostgreSQL address rather than a SQLite file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// The address for logs and messages, without the password.
    public var description: String { "postgresql://\(user)@\(host):\(port)/\(database)" }

    var configuration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: .disable)
    }

    public struct AddressError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
