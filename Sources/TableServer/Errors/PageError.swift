import HTTPTypes
import Hummingbird

/// An error a request can end in, answered with a page (or, to a client that asked for JSON,
/// JSON) that says what went wrong: its status, its message for the person, where to go back up
/// to, and the headers the answer needs. Every module's errors that reach the server conform
/// (`Errors+Page.swift`), so each is turned into an answer in one place.
public protocol PageError: HTTPResponseError, CustomStringConvertible {
    /// The part of the request's path that still leads to a page, for the way back (a 404's).
    var upPath: [String] { get }
    /// The title of the page at `upPath` when the error knows it; otherwise the server looks it up.
    var upTitle: String? { get }
    /// Headers the answer carries (`Retry-After`, `Connection: close`).
    var headers: HTTPFields { get }
}

extension PageError {
    public var upPath: [String] { [] }
    public var upTitle: String? { nil }
    public var headers: HTTPFields { [:] }

    /// The answer without the site's templates, for an error that escaped the site's own handler.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: description + "\n")))
    }
}
