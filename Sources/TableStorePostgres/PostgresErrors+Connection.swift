import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

extension PostgresErrors {
    /// A failed connection in a few words, for the log and the command line: the system's words
    /// for a refused or unreachable host, with the address tried ("Connection refused
    /// (127.0.0.1:5432)"), where NIO's own descriptions are nested dumps and PostgresNIO's code a
    /// name ("serverClosedConnection").
    static func connectionFailure(_ error: PSQLError) -> String {
        switch error.underlying {
        case let failure as NIOConnectionError:
            if let attempt = failure.connectionErrors.last { return systemWords(attempt.error) + " (\(failure.host):\(failure.port))" }
            if let lookup = failure.dnsAError ?? failure.dnsAAAAError { return "cannot resolve \(failure.host): \(systemWords(lookup))" }
            return "cannot connect to \(failure.host):\(failure.port)"
        case let inner as PSQLError:
            // A failure PostgresNIO wraps in another (a connection lost while the pool made one,
            // say): its own words, which the outer one's description hides behind generic text.
            return cause(of: inner)
        case let other?:
            return systemWords(other)
        case nil:
            switch error.code {
            case .serverClosedConnection: return "the server closed the connection"
            case .clientClosedConnection: return "the connection was closed"
            default: return String(describing: error.code)
            }
        }
    }

    /// An error's words: the system's message for a system call's error.
    private static func systemWords(_ error: any Error) -> String {
        guard let failure = error as? IOError else { return "\(error)" }
        return String(cString: strerror(failure.errnoCode))
    }
}
