import Foundation
import HTTPTypes
import Hummingbird
import TableApp
import TableKit
import TableRender
import TableStore

extension SiteServer {
    /// A form post: decode, check the token, let the scene's editor apply the rules, redirect.
    func action(_ segments: [String], name: String, request: inout Request, context: ServerContext, session: Session) async throws -> Response {
        guard configuration.allowsEditing else {
            throw ServerError.forbidden("Editing is disabled on this server: it is not on a loopback address and has no editor password.")
        }
        guard mayEdit(session) else { throw ServerError.forbidden("Sign in to edit: this server requires the editor password.") }
        let body = try await collectBody(of: &request)
        // Bytes that are not UTF-8 are refused, never repaired into U+FFFD and stored.
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw ServerError.badRequest("The request body is not valid UTF-8; nothing was changed.")
        }
        let contentType = request.headers[.contentType] ?? ""
        if name == "batch" {
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
        let scene = try await resolve(segments)
        let sceneAction = try Self.sceneAction(name, form: form)
        let editor = SceneEditor(runtime: site.runtime, scene: scene)
        do {
            let outcome = try await editor.perform(sceneAction, revisionToken: revision)
            let staysEditing = form["editing"] == "1" || ["insert", "move", "move-up", "move-down"].contains(name)
            let anchor = outcome.highlightKey.map { "#" + RowAnchor.id(for: $0) } ?? ""
            let location = site.urls.page(segments, from: segments, query: staysEditing && scene.canEdit ? [("editing", "1")] : []) + anchor
            var response = redirect(to: location, session: session, flash: outcome.notice)
            // Scripts posting in a loop read the lists' new revisions here instead of the page:
            // one revision read per list the page shows, not another load of the scene.
            var updated = scene
            for list in scene.revisions.keys {
                if let revision = try? await site.runtime.store.revision(of: list) { updated.revisions[list] = revision }
            }
            response.headers[.tableStackRevision] = updated.revisionToken
            return response
        } catch let error as ActionError {
            switch error {
            case let .stale(message):
                return try await page(segments, request: request, session: session, status: .conflict,
                                      notice: "Your change was not applied: \(message). This is the list as it is now.")
            case let .badRequest(message):
                throw ServerError.badRequest(message)
            case let .refused(message):
                throw ServerError.unprocessable(message)
            case let .invalidFields(messages, typed):
                let sheets = Sheets(site: site, scene: scene, csrf: session.csrf)
                guard let sheet = name == "add" ? sheets.add(typed: typed, errors: messages) : sheets.detail(typed: typed, errors: messages) else {
                    throw ServerError.unprocessable(error.description)
                }
                return try await page(segments, request: request, session: session, status: .unprocessableContent,
                                      notice: nil, sheetOverride: sheet)
            }
        }
    }

    /// The scene action a named form action asks for.
    static func sceneAction(_ name: String, form: FormBody) throws(ServerError) -> SceneAction {
        let reserved: Set<String> = ["csrf", "revision", "editing", "key"]
        switch name {
        case "select": return .select(key: try form.required("key"))
        case "toggle":
            let key = try form.required("key")
            return .toggle(key: key, isOn: form["on-\(key)"] == "on")
        case "slider":
            let key = try form.required("key")
            return .slide(key: key, value: try form.required("value-\(key)"))
        case "delete": return .delete(key: try form.required("key"), isEditing: form["editing"] == "1")
        case "insert": return .insert(key: try form.required("key"))
        case "move-up": return .moveUp(key: try form.required("key"))
        case "move-down": return .moveDown(key: try form.required("key"))
        case "move":
            let key = try form.required("key")
            guard let proposed = IndexPath(try form.required("to")) else {
                throw .badRequest("the destination \"\(form["to"] ?? "")\" is not a row (expected section.row, such as 0.2)")
            }
            return .move(key: key, proposed: proposed)
        case "add": return .add(fields: form.fields.filter { !reserved.contains($0.key) })
        case "save": return .saveDetail(fields: form.fields.filter { !reserved.contains($0.key) })
        case "run-batch": return .runBatch(name: try form.required("batch"))
        case "update": throw .badRequest("the form was sent without choosing an action; use one of the row's buttons")
        default: throw .notFound("there is no action \"\(name)\"", upPath: [])
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
        let scene = try await resolve(segments)
        do {
            let outcome = try await SceneEditor(runtime: site.runtime, scene: scene)
                .perform(.batch(update, insertedItems: inserted, reloadedItems: reloaded), revisionToken: batch.revision)
            let fresh = try await resolve(segments)
            var json = SceneJSON(scene: fresh, snapshot: try fresh.snapshot(isEditing: false))
            json.title = outcome.notice ?? json.title
            return respond(bytes: Array(json.encoded()), type: "application/json; charset=utf-8", status: .ok,
                           request: request, session: session, etag: nil)
        } catch let error as ActionError {
            switch error {
            case let .stale(message): throw ServerError.conflict(message)
            case let .badRequest(message): throw ServerError.badRequest(message)
            case .refused, .invalidFields: throw ServerError.unprocessable(error.description)
            }
        }
    }
}

/// The body of the JSON batch endpoint.
struct BatchRequest: Decodable {
    struct Operation: Decodable {
        var op: String
        var rows: [String]?
        var sections: [Int]?
        var items: [[String: String]]?
        var from: String?
        var to: String?
    }

    var csrf: String?
    var revision: String
    var operations: [Operation]

    /// The operations as a TableKit batch, with the items inserted and reloaded.
    func update() throws(ServerError) -> (BatchUpdate, [IndexPath: [String: String]], [IndexPath: [String: String]]) {
        var operations: [BatchUpdate.Operation] = []
        var inserted: [IndexPath: [String: String]] = [:]
        var reloaded: [IndexPath: [String: String]] = [:]
        guard !self.operations.isEmpty, self.operations.count <= 10_000 else {
            throw .badRequest("a batch has 1 to 10000 operations")
        }
        for (number, operation) in self.operations.enumerated() {
            func paths() throws(ServerError) -> [IndexPath] {
                var paths: [IndexPath] = []
                for text in operation.rows ?? [] {
                    guard let path = IndexPath(text) else { throw .badRequest("operation \(number): \"\(text)\" is not a row (expected section.row)") }
                    paths.append(path)
                }
                return paths
            }
            switch operation.op {
            case "insert":
                let rows = try paths()
                let items = operation.items ?? []
                guard items.count == rows.count else { throw .badRequest("operation \(number): insert needs one item per row (\(rows.count) rows, \(items.count) items)") }
                for (path, item) in zip(rows, items) { inserted[path] = item }
                operations.append(.insertRows(rows))
            case "delete": operations.append(.deleteRows(try paths()))
            case "reload":
                let rows = try paths()
                for (path, item) in zip(rows, operation.items ?? []) { reloaded[path] = item }
                operations.append(.reloadRows(rows))
            case "move":
                guard let from = operation.from.flatMap(IndexPath.init), let to = operation.to.flatMap(IndexPath.init) else {
                    throw .badRequest("operation \(number): move needs from and to rows (section.row)")
                }
                operations.append(.moveRow(from: from, to: to))
            case "insertSections": operations.append(.insertSections(operation.sections ?? []))
            case "deleteSections": operations.append(.deleteSections(operation.sections ?? []))
            case "reloadSections": operations.append(.reloadSections(operation.sections ?? []))
            default:
                throw .badRequest("operation \(number): unknown op \"\(operation.op)\" (expected insert, delete, reload, move, insertSections, deleteSections or reloadSections)")
            }
        }
        return (BatchUpdate(operations), inserted, reloaded)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, _): "the field \"\(key.stringValue)\" is missing"
        case let DecodingError.typeMismatch(_, context): "\(context.codingPath.map(\.stringValue).joined(separator: ".")): wrong type"
        default: "it does not parse"
        }
    }
}
