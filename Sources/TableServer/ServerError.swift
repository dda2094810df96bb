/// Everything a request can be refused for, each with its HTTP status and a message for the person.
public enum ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    case badRequest(String)
    case forbidden(String)
    case notFound(String, upPath: [String])
    case methodNotAllowed(String)
    case conflict(String)
    case tooLarge(String)
    case unsupportedMediaType(String)
    case unprocessable(String)
    case internalError(String)

    public var status: Int {
        switch self {
        case .badRequest: 400
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .conflict: 409
        case .tooLarge: 413
        case .unsupportedMediaType: 415
        case .unprocessable: 422
        case .internalError: 500
        }
    }

    public var reason: String {
        switch self {
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .conflict: "Conflict"
        case .tooLarge: "Content Too Large"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .unprocessable: "Unprocessable Content"
        case .internalError: "Internal Server Error"
        }
    }

    public var description: String {
        switch self {
        case let .badRequest(message), let .forbidden(message), let .notFound(message, _), let .methodNotAllowed(message),
             let .conflict(message), let .tooLarge(message), let .unsupportedMediaType(message), let .unprocessable(message),
             let .internalError(message):
            message
        }
    }
}
