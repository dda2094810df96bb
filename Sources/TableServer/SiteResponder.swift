import HTTPTypes
import Hummingbird
import Logging
import TableRender

/// Hands every request to `SiteServer.respond`, which routes on the navigation path itself.
/// Hummingbird's router would only match `**` (a trie walk that captures the whole path) and
/// call two middleware closures around it: about 20,000 instructions a request for no decision.
/// What those middlewares did is done here: the request is logged at `.info`, and every response
/// carries the security headers. A method the site does not answer is a 404, as the router's was.
public struct SiteResponder: HTTPResponder, HTTPResponderBuilder {
    let server: SiteServer

    static let methods: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .delete, .patch]

    public func respond(to request: Request, context: ServerContext) async throws -> Response {
        context.logger.info("Request", metadata: ["hb.request.path": .stringConvertible(request.uri),
                                                  "hb.request.method": .string(request.method.rawValue)])
        guard Self.methods.contains(request.method) else { return try HTTPError(.notFound).response(from: request, context: context) }
        var response = Self.isAnsweredOnItsLoop(request)
            ? await server.respond(request, context: context)
            : await withTaskExecutorPreference(globalConcurrentExecutor) { await server.respond(request, context: context) }
        SecurityHeaders.add(to: &response.headers)
        return response
    }

    /// Whether the request is answered on its connection's event loop (see `LoopBoundChannel`):
    /// a form's post, which changes a row or two and waits for its commit, where handing it to
    /// the task pool and back cost more than the work. Everything else (a page, a JSON batch)
    /// may render a long list, and goes to the task pool as before, so that the loop keeps
    /// reading and writing its other connections meanwhile.
    static func isAnsweredOnItsLoop(_ request: Request) -> Bool {
        request.method == .post && !request.uri.path.hasSuffix("/_/" + PageAction.batch.rawValue)
    }

    public func buildResponder() -> SiteResponder { self }
}
