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
    func action(_ segments: [String], _ action: PageAction, request: inout Request, context: ServerContext, session: Session) async throws -> Response {
        guard configuration.allowsEditing else {
            throw ServerError.forbidden("Editing is disabled on this server: it is not on a loopback address and has no editor password.")
        }
        guard mayEdit(session) else { throw ServerError.forbidden("Sign in to edit: this server requires the editor password.") }
        // (Read first, within its limit: a body refused unread would be drained, however long.)
        let body = try await collectBody(of: &request)
        if action == .batch {
            try ContentType.require(request.headers, is: "application/json") { "The batch endpoint takes application/json, got \"\($0)\"." }
        } else {
            try ContentType.require(request.headers, is: "application/x-www-form-urlencoded") {
                "Expected a form (application/x-www-form-urlencoded), got \"\($0)\"."
            }
        }
        // Bytes that are not UTF-8 are refused, never repaired into U+FFFD and stored.
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw ServerError.badRequest("The request body is not valid UTF-8; nothing was changed.")
        }
        if action == .batch { return try await jsonBatch(segments, text: text, request: request, session: session) }
        let form = try FormBody(text, query: request.uri.query, taking: MoveNeighbourFields.names)
        guard session.accepts(form["csrf"]) else {
            throw ServerError.forbidden("The form's security token is missing or does not belong to this session; nothing was changed. Open the page again and send the form from there.")
        }
        let revision = try form.required("revision")
        var page: SitePage
        do {
            page = try await actionPage(segments, for: action)
        } catch let error as SiteError where action == .save {
            guard let answer = try await goneItemResponse(to: error, segments: segments, form: form, request: request, session: session) else { throw error }
            return answer
        }
        // A malformed revision is a bad request whatever the action finds (a row already
        // deleted, a move the rules refuse), not something each action may or may not read.
        if let scene = page.scene {
            let shown = try ResolvedScene.parse(revision)
            // A page's token names its lists: one naming none of them came from no page of this
            // list, and tells nothing (a row it does not find was not "already deleted").
            if !scene.revisions.isEmpty, Set(shown.keys).isDisjoint(with: scene.revisions.keys) {
                throw ServerError.badRequest("The form's revision names none of the lists of \"\(page.title)\"; reload the page. Nothing was changed.")
            }
        }
        do {
            var outcome: ActionOutcome?
            // The action is carried out on the page as it is now; when someone else's write lands
            // between that read and the save (without conflicting), it is simply done again.
            for attempt in 0..<Self.attempts where outcome == nil {
                if attempt > 0 { page = try await actionPage(segments, for: action) }
                do {
                    outcome = try await perform(action, form: form, on: page, revision: revision)
                } catch is SaveRace {
                    continue
                }
            }
            // Every try lost: a conflict to try again (a `PageError`), not an error of the server's.
            guard let outcome else { throw SaveRace() }
            let staysEditing = form["editing"] == "1" || [.insert, .move, .moveUp, .moveDown].contains(action)
            let state = staysEditing && page.controller.showsEditButton ? ViewState.editing : ViewState()
            var response = redirect(to: site.urls.page(segments, from: segments, state: state, row: outcome.highlightKey),
                                    session: session, flash: outcome.notice)
            // Scripts posting in a loop read the lists' new revisions here instead of the page.
            response.headers[.tableStackRevision] = try await currentRevision(of: page)
            return response
        } catch let error as SiteError where action == .save {
            // Deleted between a try and the next.
            guard let answer = try await goneItemResponse(to: error, segments: segments, form: form, request: request, session: session) else { throw error }
            return answer
        } catch TableActionError.noRow where action == .delete && Self.othersMayHaveChanged(page, since: revision) {
            // Someone deleted it first: what the person wanted has happened. (From the list as
            // it is, a row it does not have is one it never had: a bad request, below.)
            return redirect(to: site.urls.page(segments, from: segments, state: form["editing"] == "1" ? .editing : ViewState()),
                            session: session, flash: "That row was already deleted.")
        } catch let TableActionError.noRow(key, _) where Self.othersMayHaveChanged(page, since: revision) {
            // Gone since the page was shown (or the controller cannot tell): a conflict. From the
            // list as it is, a row it never had is a bad request.
            return try await conflictPage(segments, form: form, shown: page, request: request, session: session) { _ in
                ActionNotice.reasonRowGone(isActedOn: key == form["key"])
            }
        } catch let TableActionError.notBeside(key, past, _) where Self.othersMayHaveChanged(page, since: revision) {
            // A second click, or someone else, moved it first; or the rows around it changed (or
            // the controller keeps no revision to tell).
            return try await conflictPage(segments, form: form, shown: page, request: request, session: session) { now in
                ActionNotice.reasonNotBeside(key, past: past, upward: action == .moveUp, on: now)
            }
        } catch let TableActionError.refused(rule) where Self.othersMayHaveCaused(rule, on: page, since: revision) {
            // The control the page showed is not there now because others changed the rows
            // around it: a conflict to show, not a forged post.
            return try await conflictPage(segments, form: form, shown: page, request: request, session: session) { _ in
                ActionNotice.reason(forRule: rule, on: page)
            }
        } catch let ActionError.fieldsChanged(current, typed) {
            // The form again, with what was typed, a message by each field someone else changed,
            // and their values as the new starting point, so saving again replaces them knowingly.
            let messages = current.mapValues { "Someone else changed this to “\($0.isEmpty ? "nothing" : $0)” while you were editing. The field holds your value; save again to use it." }
            let fresh = try await locate(segments)
            guard var sheet = Sheets(site: site, page: fresh, csrf: session.csrf).detail(typed: typed, errors: messages) else {
                throw ActionError.fieldsChanged(current, typed: typed)
            }
            // The sheet shows each message by its field and the notice above them (not the
            // summary of fields to correct: nothing typed was wrong); a JSON twin has the notice.
            let changed = sheet.fields.compactMap { field in current[field.name].map { field.label + " to “" + ($0.isEmpty ? "nothing" : $0) + "”" } }
            let notice = "Your changes were not saved: someone else changed " + NumberWords.series(changed)
                + " while you were editing. Save again to use your values."
            sheet.errorSummary = notice
            return try await pageResponse(fresh, state: ViewState(), request: request, session: session, status: .conflict, notice: notice, sheet: sheet)
        } catch let conflict as SaveConflict {
            return try await conflictPage(segments, form: form, shown: page, request: request, session: session) { now in
                ActionNotice.reason(for: conflict, on: now)
            }
        } catch StoreError.outcomeUnknown {
            throw ServerError.outcomeUnknown(title: page.title, upPath: segments)
        } catch let ActionError.invalidFields(messages, typed) {
            // The sheet again, with what was typed and a message by each refused field. An Add
            // was tried on the scene without its rows: the answer (a JSON twin shows the rows,
            // and its snapshot is kept for the page) is made from the page read whole.
            let shown = action == .add ? try await locate(segments) : page
            let sheets = Sheets(site: site, page: shown, csrf: session.csrf)
            let posted = (originals: Self.detailFields(of: form).originals, revision: revision)
            guard let sheet = action == .add ? sheets.add(typed: typed, errors: messages)
                                             : sheets.detail(typed: typed, errors: messages, startingFrom: posted) else {
                throw ActionError.invalidFields(messages, typed: typed)
            }
            let notice = (action == .add ? "Nothing was added: " : "Your changes were not saved: ")
                + sheet.fields.compactMap(\.error).joined(separator: " ")
            return try await pageResponse(shown, state: ViewState(), request: request, session: session, status: .unprocessableContent,
                                          notice: notice, sheet: sheet)
        }
    }

    /// The list as it is now, 409, with the notice that the change was not applied and why:
    /// `reason` words it on that page.
    private func conflictPage(_ segments: [String], form: FormBody, shown page: SitePage, request: Request, session: Session,
                              reason: (SitePage) -> String) async throws -> Response {
        let now = try await locate(segments)
        // From a page ahead of the list, whatever the rule found is told as the data being older.
        let why = now.scene?.isBehind(form["revision"] ?? "") == true ? ResolvedScene.revisionAheadReason : reason(now)
        return try await pageResponse(now, state: refusedState(form, page: page, request: request, session: session), request: request,
                                      session: session, status: .conflict, notice: ActionNotice.notApplied(why, on: now))
    }

    /// Whether a table rule's refusal may come from others' changes since the page was shown: a
    /// control the rows around a row decide, on a list that changed since; never a move on a
    /// table that moves no rows at all.
    static func othersMayHaveCaused(_ rule: TableKitError, on page: SitePage, since revision: String) -> Bool {
        guard rule.rowOthersMayHaveChanged != nil, hasChanged(page, since: revision) else { return false }
        if case .rowNotMovable = rule { return page.controller.movesRows }
        return true
    }

    /// Whether others may have changed the lists `page` shows since a form's revision token was
    /// read: they did (`hasChanged`), or the controller keeps no revision to tell.
    static func othersMayHaveChanged(_ page: SitePage, since revision: String) -> Bool {
        hasChanged(page, since: revision) || page.controller.revisionToken.isEmpty
    }

    /// Whether the lists `page` shows changed since a form's revision token was read: for an app
    /// file's scene, compared list by list (the parts' order is no change); for another
    /// controller, as text (one whose token is empty never tells a change).
    static func hasChanged(_ page: SitePage, since revision: String) -> Bool {
        guard let scene = page.scene else { return revision != page.controller.revisionToken }
        return (try? ResolvedScene.parse(revision)) != scene.revisions
    }

    /// The page an action is carried out on: for an Add form on an app file's scene, the scene
    /// without its rows (`AppRuntime.resolveForAdding`), so an add costs the same however long
    /// the list; otherwise the page as shown.
    private func actionPage(_ segments: [String], for action: PageAction) async throws -> SitePage {
        guard action == .add, let runtime = site.appRuntime else { return try await locate(segments) }
        return SitePage(scene: try await runtime.resolveForAdding(segments))
    }

    /// How many times an action is tried when other writes keep landing between its read and its save.
    static let attempts = 8

    /// Carries out one action on `page` as read now: a table action through its controller, an
    /// app file's form or batch through its scene editor.
    private func perform(_ action: PageAction, form: FormBody, on page: SitePage, revision: String) async throws -> ActionOutcome {
        if let tableAction = try Self.tableAction(action, form: form) {
            // One place up or down from where, if the post does not say (a script's, or a page
            // from before the buttons named it)? From the list as the page showed it only.
            switch tableAction {
            case .moveUp(_, nil), .moveDown(_, nil): if Self.hasChanged(page, since: revision) { throw Self.unanchoredStep }
            default: break
            }
            var controller = page.controller
            let result = try await controller.perform(tableAction, basedOn: revision)
            // Already past its neighbour on the very list the post was made from: no page showed
            // that, so the post is forged, not a second click (a controller keeping no revision cannot tell).
            if result.wasAlreadyPast, !Self.othersMayHaveChanged(page, since: revision) {
                switch tableAction {
                case let .moveUp(key, past?), let .moveDown(key, past?): throw TableActionError.notBeside(key: key, past: past, table: controller.title)
                default: break
                }
            }
            return ActionNotice.outcome(of: tableAction, result: result, on: controller)
        }
        guard let scene = page.scene, let runtime = site.appRuntime else {
            throw ServerError.notFound("\"\(page.title)\" has no action \"\(action.rawValue)\"", upPath: page.path)
        }
        return try await SceneEditor(runtime: runtime, scene: scene).perform(try Self.sceneAction(action, form: form), revisionToken: revision)
    }

    /// A Move up or Move down without the row it passes, from a page the list has changed since.
    static let unanchoredStep = SaveConflict(
        "the list changed since this page was shown, and a Move up or Move down that does not name the row it passes (past) "
            + "is made only on the list as the page showed it")

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
        case .select: return .setChecked(key: try form.required("key"), isChecked: true, isEditing: form["editing"] == "1")
        case .deselect: return .setChecked(key: try form.required("key"), isChecked: false, isEditing: form["editing"] == "1")
        case .toggle:
            // An unticked checkbox sends nothing: off.
            let key = try form.required("key"), text = form[FormBody.switchValue(of: key)] ?? ""
            guard let isOn = FieldDefinition.switchValue(text) else {
                throw .badRequest("the switch value \"\(DocumentText.shortened(text, to: 40))\" is neither on nor off")
            }
            return .toggle(key: key, isOn: isOn)
        case .slider:
            let key = try form.required("key")
            let text = try form.required(FormBody.sliderValue(of: key))
            let shown = "the slider value \"\(DocumentText.shortened(text, to: 40))\""
            switch DecimalNumber.read(text) {
            case let .value(value): return .slide(key: key, value: value)
            case .notANumber: throw .badRequest("\(shown) is not a number")
            case let .refused(why): throw .unprocessable("\(shown) \(why)")
            }
        case .delete: return .delete(key: try form.required("key"), isEditing: form["editing"] == "1")
        case .insert: return .insert(key: try form.required("key"), isEditing: form["editing"] == "1")
        case .moveUp, .moveDown:
            let key = try form.required("key"), past = try shownNeighbour(in: form)
            if case .row(key)? = past { throw .badRequest("the form names the row \"\(DocumentText.shortened(key, to: 60))\" as the row it passes; a row cannot pass itself") }
            return action == .moveUp ? .moveUp(key: key, past: past) : .moveDown(key: key, past: past)
        case .move:
            // Where to, by the rows around it (`before` or `after` a key, which survive other
            // people's changes), or by an index path in the list as it is when the move is made.
            let key = try form.required("key")
            let named = ["before", "after", "to"].filter { form[$0] != nil }
            guard named.count <= 1 else {
                throw .badRequest("the form names where the row goes more than once (\(named.map { "\"\($0)\"" }.joined(separator: ", "))); send one")
            }
            if let neighbour = form["before"] { return .move(key: key, to: .before(key: neighbour)) }
            if let neighbour = form["after"] { return .move(key: key, to: .after(key: neighbour)) }
            let to = try form.required("to")
            if to == Sheets.whereItIs { return .move(key: key, to: .whereItIs) }
            if to.hasPrefix("before:") { return .move(key: key, to: .before(key: String(to.dropFirst(7)))) }
            if to.hasPrefix("after:") { return .move(key: key, to: .after(key: String(to.dropFirst(6)))) }
            guard let proposed = IndexPath(to) else {
                throw .badRequest("the destination \"\(to)\" is not a row (expected section.row such as 0.2, before:KEY, after:KEY or \(Sheets.whereItIs))")
            }
            return .move(key: key, to: .indexPath(proposed))
        case .update: throw .badRequest("the form was sent without choosing an action; use one of the row's buttons")
        case .add, .save, .runBatch, .batch: return nil
        }
    }

    /// The neighbour a Move up or down passes as the page showed it (`MoveNeighbourFields`).
    static func shownNeighbour(in form: FormBody) throws(ServerError) -> MoveNeighbour? {
        do {
            return try MoveNeighbourFields.neighbour { form[$0] }
        } catch {
            throw .badRequest(error.reason)
        }
    }

    /// The state a refused post's list is shown in: still in editing mode when the post came from
    /// it, so the person goes on where they were.
    private func refusedState(_ form: FormBody, page: SitePage, request: Request, session: Session) -> ViewState {
        form["editing"] == "1" && page.controller.showsEditButton ? .editing : viewState(of: request, session: session)
    }

    /// A detail form's values by attribute, and the values it showed (its `original-` fields).
    private static func detailFields(of form: FormBody) -> (fields: [String: String], originals: [String: String]) {
        let fields = form.fields.filter { !FieldDefinition.formControls.contains($0.key) && !$0.key.hasPrefix(FieldDefinition.originalPrefix) }
        let originals = Dictionary(uniqueKeysWithValues: form.fields.filter { $0.key.hasPrefix(FieldDefinition.originalPrefix) }
            .map { (String($0.key.dropFirst(FieldDefinition.originalPrefix.count)), $0.value) })
        return (fields, originals)
    }

    /// The answer to a detail form saved after its item left the list (someone deleted or moved
    /// it): the list as it is now, 409, saying that nothing was saved and repeating what the
    /// person changed, so that it is not lost. `nil` when `error` means something else: a path
    /// under no list, a list whose rows open no form, an item the list still has, a post that
    /// does not say what its form showed (not a browser's form).
    private func goneItemResponse(to error: SiteError, segments: [String], form: FormBody, request: Request,
                                  session: Session) async throws -> Response? {
        guard case let .notFound(_, upPath, _) = error, let key = segments.last, upPath == Array(segments.dropLast()),
              form.fields.keys.contains(where: { $0.hasPrefix(FieldDefinition.originalPrefix) }), let runtime = site.appRuntime else { return nil }
        let list = try await locate(upPath)
        guard let detail = list.scene?.pushedDetailForm, try await runtime.store.item(key, in: detail.list) == nil else { return nil }
        let (fields, originals) = Self.detailFields(of: form)
        let changed = detail.fields.filter { $0.isChanged(in: fields, originals: originals) }.map { field in
            let typed = fields[field.attribute] ?? ""
            // Whole up to a long paragraph, so that what was typed is not lost.
            let value = field.kind == .toggle ? (typed.isEmpty ? "off" : "on") : DocumentText.cleaned(DocumentText.shortened(typed, to: 500))
            return field.label + " “" + value + "”"
        }
        let notice = "Your changes were not saved: the item is no longer in this list; someone else deleted or moved it."
            + (changed.isEmpty ? "" : " What you changed: " + changed.joined(separator: ", ") + ".")
        return try await pageResponse(list, state: viewState(of: request, session: session), request: request, session: session,
                                      status: .conflict, notice: notice)
    }

    /// An app file's form or named batch action.
    static func sceneAction(_ action: PageAction, form: FormBody) throws(ServerError) -> SceneAction {
        switch action {
        case .add: return .add(fields: form.fields.filter { !FieldDefinition.formControls.contains($0.key) })
        case .save:
            let (fields, originals) = detailFields(of: form)
            return .saveDetail(fields: fields, originals: originals)
        case .runBatch: return .runBatch(name: try form.required("batch"))
        default: throw .notFound("there is no form action \"\(action.rawValue)\"", upPath: [])
        }
    }

    // MARK: The JSON batch endpoint

    /// `POST …/_/batch` with `{"csrf", "revision", "operations": [...]}`: UIKit's batch rules in one transaction.
    func jsonBatch(_ segments: [String], text: String, request: Request, session: Session) async throws -> Response {
        let batch = try BatchRequest.read(text)
        guard session.accepts(batch.csrf ?? request.headers.value(of: .csrfToken)) else {
            throw ServerError.forbidden("The batch's security token is missing or does not belong to this session; nothing was changed.")
        }
        let script = try batch.script()
        let page = try await locate(segments)
        guard let scene = page.scene, let runtime = site.appRuntime else {
            throw ServerError.unprocessable("\"\(page.title)\" does not take batch updates")
        }
        let outcome = try await SceneEditor(runtime: runtime, scene: scene)
            .perform(.batch(script), revisionToken: batch.revision)
        let fresh = try await locate(segments)
        var json = SceneJSON(page: fresh, snapshot: try fresh.controller.snapshot(isEditing: false), templates: site.renderer.templates)
        if let notice = outcome.notice { json.tell(notice) }
        return respond(bytes: Array(json.encoded()), type: "application/json; charset=utf-8", status: .ok,
                       request: request, session: session, etag: nil)
    }
}
