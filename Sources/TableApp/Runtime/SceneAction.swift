import Foundation
import TableKit
import TableStore

/// What an app file's scene offers beyond the table's own actions (which go through
/// `TableAction`): its forms and its batch updates.
public enum SceneAction: Sendable {
    /// Save the Add sheet.
    case add(fields: [String: String])
    /// Save the detail scene's fields.
    /// `originals` holds the values the form showed when it was opened: a field whose value
    /// someone else changed since is not saved over, and fields the person left alone are not
    /// written at all, so two people editing different fields of one item both keep theirs.
    case saveDetail(fields: [String: String], originals: [String: String] = [:])
    /// Run a named batch of the app.
    case runBatch(name: String)
    /// Run a batch a client sent: operations with what they insert and reload.
    case batch(BatchScript)
}

/// What an action did, for the redirect that follows it.
public struct ActionOutcome: Sendable, Hashable {
    /// The row to land on and highlight (just added or moved).
    public var highlightKey: String?
    /// What happened, in words ("Moved to row 2 of Morning").
    public var notice: String?

    public init(highlightKey: String? = nil, notice: String? = nil) {
        self.highlightKey = highlightKey
        self.notice = notice
    }
}

/// Why an action was refused.
public enum ActionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request cannot be understood: unknown row, bad number, missing field (400).
    case badRequest(String)
    /// The request is understood but the rules refuse it (422).
    case refused(String)
    /// Fields failed validation; messages by field, with what was typed (422).
    case invalidFields([String: String], typed: [String: String])
    /// Fields the person changed that someone else changed first: their values now, by field,
    /// with what was typed (409).
    case fieldsChanged([String: String], typed: [String: String])

    public var description: String {
        switch self {
        case let .badRequest(message), let .refused(message): message
        case let .invalidFields(messages, _): messages.sorted { $0.key < $1.key }.map(\.value).joined(separator: " ")
        case let .fieldsChanged(current, _):
            "Someone else changed " + current.keys.sorted().joined(separator: ", ") + " while you were editing."
        }
    }
}
