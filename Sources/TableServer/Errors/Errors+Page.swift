import HTTPTypes
import Hummingbird
import TableApp
import TableKit
import TableSite
import TableStore

/// How the errors of the modules below the server answer a request. Each decides its status
/// here, once; the server renders any `PageError` the same way.

extension SiteError: PageError {
    public var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .unavailable: .internalServerError
        }
    }

    public var upPath: [String] {
        if case let .notFound(_, path, _) = self { return path }
        return []
    }

    public var upTitle: String? {
        if case let .notFound(_, _, title) = self { return title }
        return nil
    }
}

extension RuntimeError: PageError {
    public var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .misconfigured: .internalServerError
        }
    }

    public var upPath: [String] {
        if case let .notFound(path, depth, _, _) = self { return Array(path.prefix(depth)) }
        return []
    }

    public var upTitle: String? {
        if case let .notFound(_, _, _, title) = self { return title }
        return nil
    }
}

/// An app file's form or batch refused: a request that cannot be understood, rules that say no,
/// or fields someone else changed first.
extension ActionError: PageError {
    public var status: HTTPResponse.Status {
        switch self {
        case .badRequest: .badRequest
        case .refused, .invalidFields: .unprocessableContent
        case .fieldsChanged: .conflict
        }
    }
}

/// A table action refused: a row or control the page does not have cannot be understood (400);
/// the table's rules saying no is a 422 with their reason.
extension TableActionError: PageError {
    public var status: HTTPResponse.Status {
        switch self {
        case .noRow, .refused(.controlNotSupported): .badRequest
        case .refused, .ambiguous, .notBeside: .unprocessableContent
        }
    }
}

/// The data changed since the page that asked was shown.
extension SaveConflict: PageError {
    public var status: HTTPResponse.Status { .conflict }
}

/// A revision token the controller does not give.
extension MalformedRevision: PageError {
    public var status: HTTPResponse.Status { .badRequest }
}

/// Others' writes kept landing between an action's reads and its saves, past every try.
extension SaveRace: PageError {
    public var status: HTTPResponse.Status { .conflict }
}

/// A store refusal that reached the server: stale data is a conflict, a bad key a refusal, and
/// anything else the server's fault (its message stays in the log, not on the page).
extension StoreError: PageError {
    public var status: HTTPResponse.Status {
        switch self {
        case .staleRevision, .itemNotFound, .positionOutOfRange, .revisionAhead: .conflict
        case .duplicateKey, .invalidKey: .unprocessableContent
        case .unavailable, .outcomeUnknown: .serviceUnavailable
        default: .internalServerError
        }
    }

    /// A database that is restarting is back in a moment: say when to try again.
    public var headers: HTTPFields {
        if case .unavailable = self { return [.retryAfter: "2"] }
        return [:]
    }
}
