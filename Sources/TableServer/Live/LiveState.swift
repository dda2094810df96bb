import Foundation
import TableKit
import TableRender
import TableStore

/// One revision of a live page as its subscribers hold it: the frame, each section's row keys in
/// order, and each row's HTML and name. A row's HTML is a part of its section's rendered text,
/// shared with the renderer's row cache (and with the states of revisions that left the section
/// as it was): a state holds at most its page's text once, and its weight counts its rows.
final class LiveState: Sendable {
    struct Row: Sendable {
        let html: Substring
        let cell: Cell
    }

    let revision: String
    /// The last commit the feed had applied when the page was read: the state holds it and
    /// every commit before it.
    let sequence: Int
    /// The item the page shows its list for: its title or header can change while the list's
    /// revision does not.
    let item: StoredItem?
    /// The lists the page shows (whose commits change it).
    let lists: Set<ListID>
    let frame: String
    let keys: [[String]]
    /// Each section's header title, which the page's sections are matched by.
    let sectionTitles: [String?]
    /// The page's title in its navigation bar and in the browser.
    let title: String
    let documentTitle: String
    /// The back button's title (the page above's).
    let backTitle: String?
    let rows: [String: Row]

    /// Whether the page can still be followed: every row has a key of its own (rows are matched
    /// by key) and the list is short enough to be sent whole.
    let isFollowable: Bool

    init(_ table: LiveTable, item: StoredItem?, sequence: Int, lists: Set<ListID>, isShort: Bool) {
        revision = table.revision
        self.sequence = sequence
        self.lists = lists
        self.item = item
        frame = table.frame
        keys = table.sections.map { $0.map(\.key) }
        sectionTitles = table.sectionTitles
        title = table.title
        documentTitle = table.documentTitle
        backTitle = table.backTitle
        var rows: [String: Row] = [:]
        rows.reserveCapacity(keys.reduce(0) { $0 + $1.count })
        for section in table.sections {
            for row in section { rows[row.key] = Row(html: row.markup, cell: row.cell) }
        }
        self.rows = rows
        isFollowable = isShort && table.hasDistinctKeys
    }

    /// What the state weighs in the hub's budget: its rows, and its frame as one more.
    var weight: Int { rows.count + 1 }

    /// Whether the row `key` reads the same here as in `other`, once its index path (which the
    /// page renumbers itself) is set aside.
    func rowIsUnchanged(_ key: String, in other: LiveState) -> Bool {
        guard let mine = rows[key]?.html, let theirs = other.rows[key]?.html else { return false }
        if mine == theirs { return true }
        let (myHead, myTail) = Self.aroundIndexPath(mine), (theirHead, theirTail) = Self.aroundIndexPath(theirs)
        return myHead == theirHead && myTail == theirTail
    }

    private static let indexPathAttribute = " data-index-path=\""

    /// A row's HTML before and after its `data-index-path` value (all of it and nothing, for a
    /// row without one).
    private static func aroundIndexPath(_ html: Substring) -> (Substring, Substring) {
        guard let start = html.range(of: indexPathAttribute),
              let end = html[start.upperBound...].firstIndex(of: "\"") else { return (html, ""[...]) }
        return (html[..<start.upperBound], html[end...])
    }
}
