import HTTPTypes
import Hummingbird
import Logging

/// Hands every request to `SiteServer.respond`, which routes on the navigation path itself.
/// Hummingbird's router would only match `**` (a trie walk that captures the whole path) and
/// call two middleware closures around it: about 20,000 instructions a request for no decision.
/// What those middlewares did is done here: the request is logged at `.info` (but for the
/// server's own `StartupWarmUp`), and every response
/// carries the security headers. A method the site does not answer (OPTIONS, TRACE …) is a 405
/// naming the ones it does, as a page or an error object, like any other refusal.
public struct SiteResponder: HTTPResponder, HTTPResponderBuilder {
    let server: SiteServer

    public func respond(to request: Request, context: ServerContext) async throws -> Response {
        if context.logger.logLevel <= .info, !server.warmUp.isWarmUp(request.headers) {
            context.logger.info("Request", metadata: ["hb.request.path": .stringConvertible(request.uri),
                                                      "hb.request.method": .string(request.method.rawValue)])
        }
        var response = await server.respond(request, context: context)
        SecurityHeaders.add(to: &response.headers)
        return response
    }

    public func buildResponder() -> SiteResponder { self }
}
