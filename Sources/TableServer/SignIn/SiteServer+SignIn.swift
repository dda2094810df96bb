import Foundation
import HTTPTypes
import Hummingbird
import TableRender
import TableSite

extension SiteServer {
    /// `GET /_login`: the sign-in sheet, where the server has an editor password.
    func signInPage(_ request: Request, session: Session) throws(ServerError) -> Response {
        guard configuration.editorPassword != nil else {
            throw .notFound("this server has no editor password to sign in with", upPath: [])
        }
        return html(LoginPage.signIn(site: site, error: nil, csrf: session.csrf), request: request, session: session)
    }

    /// `POST /_login`: checks the password, if the throttle lets this attempt be heard, and
    /// signs the browser in under a new session id.
    func signIn(_ request: inout Request, context: ServerContext, session: Session) async throws(ServerError) -> Response {
        guard let hash = configuration.editorPassword else {
            throw .notFound("this server has no editor password to sign in with", upPath: [])
        }
        let form = try await signInForm(&request)
        guard session.accepts(form["csrf"]) else {
            throw .forbidden("The form's security token is missing or does not belong to this session. Reload and try again.")
        }
        let address = context.clientAddress
        if case let .wait(seconds) = signInThrottle.admit(address: address) {
            return refusedSignIn(.tooManyRequests("Too many wrong passwords: try again in \(Self.duration(seconds)).",
                                                  retryAfter: Int(seconds.rounded(.up))), request: request, session: session)
        }
        guard let matches = await passwordChecker.verify(form["password"] ?? "", against: hash) else {
            signInThrottle.abandoned(address: address)
            return refusedSignIn(.unavailable("The server is busy checking other sign-ins: try again in a moment.", retryAfter: 1),
                                 request: request, session: session)
        }
        guard matches else {
            signInThrottle.failed(address: address)
            return refusedSignIn(.forbidden("That password is not right."), request: request, session: session)
        }
        signInThrottle.succeeded(address: address)
        let renewed = session.renewed(signer: signer)
        var response = redirect(to: site.urls.basePath, session: renewed, flash: "Signed in: you can edit now.")
        response.headers.append(HTTPField(name: .setCookie, value: renewed.editorCookie(signer: signer, basePath: site.urls.basePath)))
        return response
    }

    /// `GET /_logout`: the sign-out sheet for a signed-in editor.
    func signOutPage(_ request: Request, session: Session) throws(ServerError) -> Response {
        guard configuration.editorPassword != nil else {
            throw .notFound("this server has no editor password, so there is nothing to sign out of", upPath: [])
        }
        return html(LoginPage.signOut(site: site, csrf: session.csrf), request: request, session: session)
    }

    /// `POST /_logout`: ends the sign-in and the session id with it.
    func signOut(_ request: inout Request, session: Session) async throws(ServerError) -> Response {
        let form = try await signInForm(&request)
        guard session.accepts(form["csrf"]) else {
            throw .forbidden("The form's security token is missing or does not belong to this session. Reload and try again.")
        }
        revokedSessions.revoke(session.id)
        let renewed = session.renewed(signer: signer)
        var response = redirect(to: site.urls.basePath, session: renewed, flash: "Signed out.")
        response.headers.append(HTTPField(name: .setCookie, value: renewed.signedOutCookie(basePath: site.urls.basePath)))
        return response
    }

    /// The sign-in or sign-out form a post holds: a form, as every other post to the site is.
    private func signInForm(_ request: inout Request) async throws(ServerError) -> FormBody {
        let body = try await collectBody(of: &request, upTo: 4096)
        try ContentType.require(request.headers, is: "application/x-www-form-urlencoded") {
            "Expected a form (application/x-www-form-urlencoded), got \"\($0)\"."
        }
        return try FormBody(body)
    }

    /// The sign-in sheet again, saying why the attempt was refused, with the refusal's status.
    private func refusedSignIn(_ error: ServerError, request: Request, session: Session) -> Response {
        var response = html(LoginPage.signIn(site: site, error: error.description, csrf: session.csrf),
                            status: error.status, request: request, session: session)
        for field in error.headers { response.headers[field.name] = field.value }
        return response
    }

    /// "1 second", "14 seconds", "3 minutes".
    static func duration(_ seconds: TimeInterval) -> String {
        let whole = max(1, Int(seconds.rounded(.up)))
        if whole < 120 { return whole == 1 ? "1 second" : "\(whole) seconds" }
        return "\((whole + 59) / 60) minutes"
    }
}
