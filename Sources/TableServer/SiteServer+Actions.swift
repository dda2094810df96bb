import Foundation
import HTTPTypes
import Hummingbird
import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

extension SiteServer {
    /// A form post: decode, check the token, carry the action out through the page's controller
    /// (or, for an app file's forms and batches, its scene editor), redirect.
    func action(_ segments: [String], name: String, request: inout Request, context: ServerContext, session: Session) async throws -> Response {
        guard configuration.allowsEditing else {
            throw ServerError.forbidden("Editing is disabled on this server: it is not on a loopback address and has no editor password.")
        }
        guard mayEdit(session) else { throw ServerError.forbidden("Sign in to edit: this server requires the editor password.") }
        guard let action = PageAction(rawValue: name) else { throw ServerError.notFound("there is no action \"\(name)\"", upPath: segments) }
        let body = try await collectBody(of: &request)
        // Bytes that are not UTF-8 are refused, never repaired into U+FFFD and stored.
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw ServerError.badRequest("The request body is not valid UTF-8; nothing was changed.")
        }
        let contentType = request.headers[.contentType] ?? ""
        if action == .batch {
            return try await jsonBatch(segments, text: text, contentType: contentType, request: request, session: session)
        }
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            throw ServerError.unsupportedMediaType("Expected a form (application/x-www-form-urlencoded), got \"\(contentType)\".")
        }
        let form = try FormBody(text)
        guard session.accepts(form["csrf"], signer: signer) else {
            throw ServerError.forbidden("The form's security token is missing or does not belong to this session. Reload the page and try again; nothing was changed.")
        }
        let revision = try form.required("revision")
        let page = try await locate(segments)
        do {
            let outcome: ActionOutcome
            var controller = page.controller
            if let tableAction = try Self.tableAction(action, form: form) {
                let result = try await controller.perform(tableAction, basedOn: revision)
                outcome = ActionNotice.outcome(of: tableAction, result: result, on: controller)
            } else {
                guard let scene = page.scene, let runtime = site.appRuntime else {
                    throw ServerError.notFound("\"\(page.title)\" has no action \"\(name)\"", upPath: segments)
                }
                outcome = try await SceneEditor(runtime: runtime, scene: scene).perform(try Self.sceneAction(action, form: form),
                                                                                        revisionToken: revision)
            }
            let staysEditing = form["editing"] == "1" || [.insert, .move, .moveUp, .moveDown].contains(action)
            let state = staysEditing && controller.showsEditButton ? ViewState.editing : ViewState()
            var response = redirect(to: site.urls.page(segments, from: segments, state: state, row: outcome.highlightKey),
                                    session: session, flash: outcome.notice)
            // Scripts posting in a loop read the lists' new revisions here instead of the page.
            response.headers[.tableStackRevision] = try await currentRevision(of: page)
            return response
        } catch let conflict as SaveConflict {
            return try await pageResponse(try await locate(segments), state: viewState(of: request, session: session), request: request,
                                          session: session, status: .conflict,
                                          notice: "Your change was not applied: \(conflict). This is the list as it is now.")
        } catch let ActionError.invalidFields(messages, typed) {
            // The sheet again, with what was typed and a message by each refused field.
            let sheets = Sheets(site: site, page: page, csrf: session.csrf)
            guard let sheet = action == .add ? sheets.add(typed: typed, errors: messages) : sheets.detail(typed: typed, errors: messages) else {
                throw ActionError.invalidFields(messages, typed: typed)
            }
            return try await pageResponse(page, state: ViewState(), request: request, session: session, status: .unprocessableContent,
                                          notice: nil, sheet: sheet)
        }
    }

    /// The revision token of `page`'s lists as they are now, after an action changed them: one
    /// revision read per list for an app file's scene, not another load of it.
    private func currentRevision(of page: SitePage) async throws -> String {
        guard var scene = page.scene, let runtime = site.appRuntime else { return try await locate(page.path).controller.revisionToken }
        for list in scene.revisions.keys {
            if let revision = try? await runtime.store.revision(of: list) { scene.revisions[list] = revision }
        }
        return scene.revisionToken
    }

    /// The table action a form posts, or `nil` for an app file's form and batch actions.
    static func tableAction(_ action: PageAction, form: FormBody) throws(ServerError) -> TableAction? {
        switch action {
        case .select: return .select(key: try form.required("key"))
        case .toggle:
            let key = try form.required("key")
            return .toggle(key: key, isOn: form["on-\(key)"] == "on")
        case .slider:
            let key = try form.required("key")
            let text = try form.required("value-\(key)")
            guard let value = DecimalNumber.parse(text) else { throw .badRequest("the slider value \"\(text)\" is not a number") }
            return .slide(key: key, value: value)
        case .delete: return .delete(key: try form.required("key"), isEditing: form["editing"] == "1")
        case .insert: return .insert(key: try form.required("key"))
        case .moveUp: return .moveUp(key: try form.required("key"))
        case .moveDown: return .moveDown(key: try form.required("key"))
        case .move:
            let key = try form.required("key")
            guard let proposed = IndexPath(try form.required("to")) else {
                throw .badRequest("the destination \"\(form["to"] ?? "")\" is not a row (expected section.row, such as 0.2)")
            }
            return .move(key: key, proposed: proposed)
        case .update: throw .badRequest("the form was sent without choosing an action; use one of the row's buttons")
        case .add, .save, .runBatch, .batch: return nil
        }
    }

    /// An app file's form or named batch action.
    static func sceneAction(_ action: PageAction, form: FormBody) throws(ServerError) -> SceneAction {
        let reserved: Set<String> = ["csrf", "revision", "editing", "key"]
        switch action {
        case .add: return .add(fields: form.fields.filter { !reserved.contains($0.key) })
        case .save: return .saveDetail(fields: form.fields.filter { !reserved.contains($0.key) })
        case .runBatch: return .runBatch(name: try form.required("batch"))
        default: throw .notFound("there is no form action \"\(action.rawValue)\"", upPath: [])
        }
    }

    // MARK: The JSON batch endpoint

    /// `POST …/_/batch` with `{"csrf", "revision", "operations": [...]}`: UIKit's batch rules in one transaction.
    func jsonBatch(_ segments: [String], text: String, contentType: String, request: Request, session: Session) async throws -> Response {
        guard contentType.hasPrefix("application/json") else {
            throw ServerError.unsupportedMediaType("The batch endpoint takes application/json, got \"\(contentType)\".")
        }
        let batch: BatchRequest
        do {
            batch = try JSONDecoder().decode(BatchRequest.self, from: Data(text.utf8))
        } catch {
            throw ServerError.badRequest("The batch is not valid JSON of the expected shape: \(BatchRequest.describe(error))")
        }
        guard session.accepts(batch.csrf ?? request.headers[.csrfToken], signer: signer) else {
            throw ServerError.forbidden("The batch's security token is missing or does not belong to this session; nothing was changed.")
        }
        let (update, inserted, reloaded) = try batch.update()
        let page = try await locate(segments)
        guard let scene = page.scene, let runtime = site.appRuntime else {
            throw ServerError.unprocessable("\"\(page.title)\" does not take batch updates")
        }
        let outcome = try await SceneEditor(runtime: runtime, scene: scene)
            .perform(.batch(update, insertedItems: inserted, reloadedItems: reloaded), revisionToken: batch.revision)
        let fresh = try await locate(segments)
        var json = SceneJSON(page: fresh, snapshot: try fresh.controller.snapshot(isEditing: false))
        json.title = DocumentText.cleaned(outcome.notice ?? json.title)
        return respond(bytes: Array(json.encoded()), type: "application/json; charset=utf-8", status: .ok,
                       request: request, session: session, etag: nil)
    }
}
