import Hummingbird
import TableSite

/// Everything a request can be refused for, each with its HTTP status and a message for the person.
public enum ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    case badRequest(String)
    case forbidden(String)
    case notFound(String, upPath: [String])
    case methodNotAllowed(String)
    /// The body did not arrive in time; the connection is closed after the answer.
    case requestTimeout(String)
    case conflict(String)
    /// The body is larger than accepted; the connection is closed after the answer.
    case tooLarge(String)
    case unsupportedMediaType(String)
    case unprocessable(String)
    /// Too many attempts; try again after `retryAfter` seconds.
    case tooManyRequests(String, retryAfter: Int)
    case internalError(String)
    /// The server cannot take this now; try again after `retryAfter` seconds.
    case unavailable(String, retryAfter: Int)

    public var status: Int {
        switch self {
        case .badRequest: 400
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .requestTimeout: 408
        case .conflict: 409
        case .tooLarge: 413
        case .unsupportedMediaType: 415
        case .unprocessable: 422
        case .tooManyRequests: 429
        case .internalError: 500
        case .unavailable: 503
        }
    }

    public var reason: String {
        switch self {
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .conflict: "Conflict"
        case .tooLarge: "Content Too Large"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .unprocessable: "Unprocessable Content"
        case .tooManyRequests: "Too Many Requests"
        case .internalError: "Internal Server Error"
        case .unavailable: "Service Unavailable"
        }
    }

    public var description: String {
        switch self {
        case let .badRequest(message), let .forbidden(message), let .notFound(message, _), let .methodNotAllowed(message),
             let .requestTimeout(message), let .conflict(message), let .tooLarge(message), let .unsupportedMediaType(message),
             let .unprocessable(message), let .tooManyRequests(message, _), let .internalError(message), let .unavailable(message, _):
            message
        }
    }

    /// The site's refusal as an answer: a path that leads nowhere is a 404 with the way back up.
    init(_ error: SiteError) {
        switch error {
        case let .notFound(reason, upPath): self = .notFound(reason, upPath: upPath)
        case let .unavailable(reason): self = .internalError(reason)
        }
    }

    /// Seconds to wait before trying again, for the `Retry-After` header.
    var retryAfter: Int? {
        switch self {
        case let .tooManyRequests(_, seconds), let .unavailable(_, seconds): seconds
        default: nil
        }
    }

    /// Whether the connection must close after the answer: the request's body was not read
    /// (too large, or too slow), and what remains of it must not be taken for a next request.
    var closesConnection: Bool {
        switch self {
        case .requestTimeout, .tooLarge: true
        default: false
        }
    }
}

extension Response {
    /// The response with the headers `error` calls for: `Retry-After`, and `Connection: close`
    /// when the request's body was left unread.
    func withRefusalHeaders(for error: ServerError) -> Response {
        var response = self
        if let seconds = error.retryAfter { response.headers[.retryAfter] = String(seconds) }
        if error.closesConnection { response.headers[.connection] = "close" }
        return response
    }
}
