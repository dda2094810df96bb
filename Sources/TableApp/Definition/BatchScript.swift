import Foundation
import TableKit

/// A batch as a client or an app file writes it: UIKit's operations, with the text attributes
/// of the rows and sections it inserts and the new values of what it reloads. Index paths and
/// section numbers address the table as the page shows it, without placeholder rows.
public struct BatchScript: Sendable, Hashable {
    /// A section the batch inserts: its header's item (a nested list's parent item, or the
    /// grouping attribute's value) and its rows.
    public struct SectionContent: Sendable, Hashable {
        public var header: [String: String]
        public var rows: [[String: String]]

        /// Makes a section's content.
        public init(header: [String: String], rows: [[String: String]] = []) {
            self.header = header
            self.rows = rows
        }
    }

    public var update: BatchUpdate
    /// The attributes of each inserted row, by its index path after the batch.
    public var insertedRows: [IndexPath: [String: String]]
    /// The new attributes of each reloaded row (those given), by its index path before the batch.
    public var reloadedRows: [IndexPath: [String: String]]
    /// Each inserted section, by its number after the batch.
    public var insertedSections: [Int: SectionContent]
    /// New header attributes of reloaded sections, by their number before the batch; a reloaded
    /// section left out keeps its header.
    public var reloadedSections: [Int: [String: String]]

    /// Makes a batch script.
    public init(_ update: BatchUpdate, insertedRows: [IndexPath: [String: String]] = [:], reloadedRows: [IndexPath: [String: String]] = [:],
                insertedSections: [Int: SectionContent] = [:], reloadedSections: [Int: [String: String]] = [:]) {
        self.update = update
        self.insertedRows = insertedRows
        self.reloadedRows = reloadedRows
        self.insertedSections = insertedSections
        self.reloadedSections = reloadedSections
    }

    /// How many rows and sections the batch names and carries, to hold one batch to a size.
    public var size: Int {
        update.operations.reduce(0) { total, operation in
            switch operation {
            case let .insertRows(paths), let .deleteRows(paths), let .reloadRows(paths): total + paths.count
            case let .insertSections(sections), let .deleteSections(sections), let .reloadSections(sections): total + sections.count
            case .moveRow, .moveSection: total + 1
            }
        } + insertedSections.values.reduce(0) { $0 + $1.rows.count }
    }
}

/// An item a restore puts back: its attributes and, in a nested list, its rows.
public struct RestoreItem: Sendable, Hashable {
    public var attributes: [String: String]
    public var rows: [[String: String]]

    /// Makes an item to restore.
    public init(attributes: [String: String], rows: [[String: String]] = []) {
        self.attributes = attributes
        self.rows = rows
    }
}
