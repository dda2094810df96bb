import Foundation
import TableKit

/// What a live page receives when the list it shows changes: the batch update from the state it
/// has to the state now, as UIKit would animate it. Rows come as the markup the server renders;
/// only rows the page does not have as they now read are sent.
struct LiveEvent: Encodable {
    /// The revision token the page's forms carry from now on (also the event's id).
    var revision: String
    /// Every section's row keys in order, after the update.
    var sections: [[String]]
    /// The HTML of each row that is new to the page or reads differently now.
    var rows: [String: String]
    /// The `<main>` element with markers for the rows, when anything outside the rows changed
    /// (a section's header, the index, the empty-list message).
    var frame: String?
    /// The page's title in its navigation bar and in the browser, when they changed (an item
    /// renamed) or the page is brought up to date whole.
    var title: String?
    var documentTitle: String?
    /// The back button's title, when the page above was renamed (or the page is brought up to date whole).
    var backTitle: String?
    var inserted: [String]
    var deleted: [String]
    var moved: [String]
    var reloaded: [String]
    /// Whether the page's rows are all replaced: the server no longer knew what the page had.
    var replacesAll: Bool
    /// What happened, in words, for a screen reader's polite live region.
    var announcement: String
    /// Whether the event changes nothing the page shows and only moves its revision on (a
    /// commit changed an attribute of a row the page does not show, say). It is sent all the
    /// same, so that the page's next edit is not refused for a change it could not see; the page
    /// takes it at once, even in the middle of something.
    var revisionOnly: Bool

    /// The update from `old` (nil: unknown, so everything is sent) to `new`; `movedKeys` names
    /// the rows the commits in between moved (so that of two swapped rows, the one the editor
    /// moved is the one that moves).
    init(from old: LiveState?, to new: LiveState, movedKeys: Set<String> = []) {
        revision = new.revision
        sections = new.keys
        guard let old else {
            rows = new.rows.mapValues { String($0.html) }
            frame = new.frame
            title = new.title
            documentTitle = new.documentTitle
            backTitle = new.backTitle
            inserted = []; deleted = []; moved = []; reloaded = []
            replacesAll = true
            announcement = "The list was brought up to date."
            revisionOnly = false
            return
        }
        replacesAll = false
        frame = old.frame == new.frame ? nil : new.frame
        title = old.title == new.title ? nil : new.title
        documentTitle = old.documentTitle == new.documentTitle ? nil : new.documentTitle
        backTitle = old.backTitle == new.backTitle ? nil : new.backTitle
        // Rows whose content changed are reloaded; rows whose markup changed only with their
        // place (the first row loses its Move up) are sent again without being announced.
        var changed: Set<String> = [], resent: Set<String> = []
        for (key, row) in new.rows {
            guard let before = old.rows[key] else { continue }
            if before.cell != row.cell { changed.insert(key) }
            if !new.rowIsUnchanged(key, in: old) { resent.insert(key) }
        }
        let update = BatchUpdate.difference(from: old.keys, to: new.keys, sections: (old.sectionTitles, new.sectionTitles),
                                            changed: changed, moved: movedKeys)
        var inserted: [String] = [], deleted: [String] = [], moved: [String] = [], reloaded: [String] = []
        func key(_ path: IndexPath, in keys: [[String]]) -> String { keys[path.section][path.row] }
        for operation in update.operations {
            switch operation {
            case let .insertRows(paths): inserted += paths.map { key($0, in: new.keys) }
            case let .deleteRows(paths): deleted += paths.map { key($0, in: old.keys) }
            case let .reloadRows(paths): reloaded += paths.map { key($0, in: old.keys) }
            case let .moveRow(from, _): moved.append(key(from, in: old.keys))
            case let .insertSections(numbers): inserted += numbers.flatMap { new.keys[$0] }
            case let .deleteSections(numbers): deleted += numbers.flatMap { old.keys[$0] }
            case .reloadSections, .moveSection: break
            }
        }
        // A row that went from a section the table keeps to one it inserts (or back) is, to the
        // page, a row that moved: its element stays.
        let crossed = Set(inserted).intersection(deleted)
        if !crossed.isEmpty {
            inserted.removeAll(where: crossed.contains)
            deleted.removeAll(where: crossed.contains)
            moved += crossed.sorted()
        }
        var rows: [String: String] = [:]
        for key in inserted + reloaded + resent { rows[key] = new.rows[key].map { String($0.html) } }
        self.rows = rows
        self.inserted = inserted
        self.deleted = deleted
        self.moved = moved
        self.reloaded = reloaded
        func names(_ keys: [String], in state: LiveState) -> [String] { keys.compactMap { state.rows[$0].map { Self.name(of: $0.cell) } } }
        announcement = Self.announcement(inserted: names(inserted, in: new), deleted: names(deleted, in: old),
                                         moved: names(moved, in: new), reloaded: names(reloaded, in: new))
        if announcement.isEmpty, frame != nil || title != nil { announcement = "The list changed." }
        revisionOnly = frame == nil && title == nil && documentTitle == nil && backTitle == nil && rows.isEmpty
            && inserted.isEmpty && deleted.isEmpty && moved.isEmpty && reloaded.isEmpty
    }

    /// What a row is called in an announcement: its accessibility label, or its text.
    static func name(of cell: Cell) -> String {
        cell.accessibilityLabel ?? (cell.text.isEmpty ? cell.accessibleName : cell.text)
    }

    /// "Alaska added", "2 rows removed", joined into sentences.
    static func announcement(inserted: [String], deleted: [String], moved: [String], reloaded: [String]) -> String {
        func phrase(_ names: [String], _ verb: String) -> String? {
            switch names.count {
            case 0: nil
            case 1: "\(names[0]) \(verb)."
            default: "\(names.count) rows \(verb)."
            }
        }
        return [phrase(inserted, "added"), phrase(deleted, "removed"), phrase(moved, "moved"), phrase(reloaded, "changed")]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// The event as Server-Sent Events text: its id, its type and its data on one line.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        // JSON puts no raw line break in a string, so the data is one line.
        let id = revision.filter { !$0.isNewline }
        return "id: \(id)\nevent: update\ndata: \(data)\n\n"
    }
}
