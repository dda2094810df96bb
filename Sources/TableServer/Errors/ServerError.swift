import HTTPTypes
import Hummingbird

/// What the server itself refuses a request for (what the modules below refuse renders through
/// their own errors' `PageError` conformances): each with its status and a message for the person.
public enum ServerError: PageError, Sendable, Hashable {
    case badRequest(String)
    case forbidden(String)
    case notFound(String, upPath: [String], upTitle: String? = nil)
    /// The path does not take the method; `allow` names the methods it takes.
    case methodNotAllowed(String, allow: String)
    /// The body did not arrive in time; the connection is closed after the answer.
    case requestTimeout(String)
    case conflict(String)
    /// The body is larger than accepted; the connection is closed after the answer.
    case tooLarge(String)
    case unsupportedMediaType(String)
    /// The body is in a content coding the server does not read: left unread, the connection is
    /// closed after the answer.
    case unreadableBody(String)
    /// A proxy's tunnel request (CONNECT): refused as a method the site does not take, and the
    /// connection closed after the answer, which the client may otherwise wait on as a tunnel.
    case tunnel
    case unprocessable(String)
    /// Too many attempts; try again after `retryAfter` seconds.
    case tooManyRequests(String, retryAfter: Int)
    case internalError(String)
    /// The server cannot take this now; try again after `retryAfter` seconds.
    case unavailable(String, retryAfter: Int)
    /// The database stopped answering after a change's commit was sent: it may or may not have
    /// been made. The way back is the page the form came from, by a link: a reload of the answer
    /// would send the form again (an Add twice is two items).
    case outcomeUnknown(title: String, upPath: [String])

    public var status: HTTPResponse.Status {
        switch self {
        case .badRequest: .badRequest
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .requestTimeout: .requestTimeout
        case .conflict: .conflict
        case .tooLarge: .contentTooLarge
        case .unsupportedMediaType, .unreadableBody: .unsupportedMediaType
        case .tunnel: .methodNotAllowed
        case .unprocessable: .unprocessableContent
        case .tooManyRequests: .tooManyRequests
        case .internalError: .internalServerError
        case .unavailable, .outcomeUnknown: .serviceUnavailable
        }
    }

    public var description: String {
        switch self {
        case let .badRequest(message), let .forbidden(message), let .notFound(message, _, _), let .methodNotAllowed(message, _),
             let .requestTimeout(message), let .conflict(message), let .tooLarge(message), let .unsupportedMediaType(message),
             let .unprocessable(message), let .tooManyRequests(message, _), let .internalError(message), let .unavailable(message, _),
             let .unreadableBody(message):
            message
        case .tunnel:
            "CONNECT is not accepted: this server is not a proxy."
        case let .outcomeUnknown(title, _):
            "The database stopped answering while your change was being saved, so it may or may not have been made. "
                + "Open “\(title)” to see whether it was before you send it again: sending this form again could make the change twice."
        }
    }

    public var upPath: [String] {
        switch self {
        case let .notFound(_, path, _), let .outcomeUnknown(_, path): path
        default: []
        }
    }

    public var upTitle: String? {
        switch self {
        case let .outcomeUnknown(title, _): title
        case let .notFound(_, _, title): title
        default: nil
        }
    }

    /// `Retry-After` for a refusal to try again later; `Connection: close` when the request's
    /// body was left unread (too large, too slow, or in a coding the server does not read), so
    /// what remains of it is not taken for a next request, and after a CONNECT; `Allow` for a
    /// method the path does not take.
    public var headers: HTTPFields {
        var fields: HTTPFields = [:]
        switch self {
        case let .tooManyRequests(_, seconds), let .unavailable(_, seconds): fields[.retryAfter] = String(seconds)
        case .requestTimeout, .tooLarge, .unreadableBody: fields[.connection] = "close"
        case .tunnel:
            fields[.allow] = "GET, HEAD"
            fields[.connection] = "close"
        case let .methodNotAllowed(_, allow): fields[.allow] = allow
        default: break
        }
        return fields
    }
}
