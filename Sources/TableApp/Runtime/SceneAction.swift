import Foundation
import TableKit
import TableStore

/// Something a person asks of a scene through a form (or the batch endpoint).
public enum SceneAction: Sendable {
    /// Choose a row of a selection list.
    case select(key: String)
    /// Set a switch in a fixed row.
    case toggle(key: String, isOn: Bool)
    /// Set a slider in a fixed row (the posted text).
    case slide(key: String, value: String)
    /// Delete a row: in editing mode, or by swiping outside it.
    case delete(key: String, isEditing: Bool)
    /// Commit the insert control of a row.
    case insert(key: String)
    /// Move a row to a proposed place; the scene's retarget rule decides where it lands.
    case move(key: String, proposed: IndexPath)
    case moveUp(key: String)
    case moveDown(key: String)
    /// Save the Add sheet.
    case add(fields: [String: String])
    /// Save the detail scene's fields.
    case saveDetail(fields: [String: String])
    /// Run a named batch of the app.
    case runBatch(name: String)
    /// Run a batch given as operations with the items it inserts and the new values of reloaded rows.
    case batch(BatchUpdate, insertedItems: [IndexPath: [String: String]], reloadedItems: [IndexPath: [String: String]] = [:])
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
    /// The list changed since the page was shown (409).
    case stale(String)
    /// The request cannot be understood: unknown row, bad number, missing field (400).
    case badRequest(String)
    /// The request is understood but the rules refuse it (422).
    case refused(String)
    /// Fields failed validation; messages by field, with what was typed (422).
    case invalidFields([String: String], typed: [String: String])

    public var description: String {
        switch self {
        case let .stale(message), let .badRequest(message), let .refused(message): message
        case let .invalidFields(messages, _): messages.sorted { $0.key < $1.key }.map(\.value).joined(separator: " ")
        }
    }
}
