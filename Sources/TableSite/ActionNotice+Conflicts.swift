import Foundation
import TableApp
import TableKit
import TableStore

/// What a 409 says when a change was not applied because of someone else's: rows named by their
/// text as the list shows them now, which the keys and index paths of the post do not say.
extension ActionNotice {
    /// The notice of a change refused with `page` as it is now (a list, or an item's details), given why.
    public static func notApplied(_ reason: String, on page: SitePage) -> String {
        let shown = if let scene = page.scene, case .detail = scene.scene.content { "item" } else { "list" }
        return "Your change was not applied: \(reason). This is the \(shown) as it is now."
    }

    /// Why a `SaveConflict` refused a change, as `page` (the list now) names it: the item someone
    /// else changed by its row's text, or on the item's own page by its title; a conflict over
    /// no item in particular says what it says.
    public static func reason(for conflict: SaveConflict, on page: SitePage) -> String {
        guard let key = conflict.itemKey else { return conflict.description }
        let name = rowName(withKey: key, on: page) ?? (page.scene?.item?.key == key ? quoted(page.title) : quoted(key))
        return "someone else changed \(name) since this page was shown"
    }

    /// A link's row (its Delete button, its Move to… sheet) is not in the list as it is now.
    public static let rowNotInList = "That row is not in this list now: someone else may have deleted or moved it. Here is the list as it is."

    /// Why a post was refused when a row it names is gone: the row it acts on (`isActedOn`), or
    /// the one a move was to go next to. Not named: its text went with it, and its key is no word
    /// the person ever saw.
    public static func reasonRowGone(isActedOn: Bool) -> String {
        (isActedOn ? "that row" : "the row named as the place to move to") + " is no longer in this list (someone else deleted or moved it)"
    }

    /// Why a table rule refused a post from a page shown before others changed the rows around
    /// the row (`TableKitError.rowOthersMayHaveChanged`), as the list stands now.
    public static func reason(forRule rule: TableKitError, on page: SitePage) -> String {
        guard let path = rule.rowOthersMayHaveChanged, let row = rowName(at: path, on: page) else { return rule.description }
        let now: String = switch rule {
        case let .editingStyleNotOffered(style, _, _): "\(row) no longer has \(style == .insert ? "an insert" : "a delete") control"
        case .rowNotMovable: "\(row) can no longer be moved"
        case let .noFurtherPlace(_, upward): "\(row) cannot move further \(upward ? "up" : "down")"
        default: "\(row) cannot move to that section"
        }
        return "the list changed since this page was shown, and " + now
    }

    /// Why a Move up or down was refused when the row no longer stands beside the neighbour the
    /// page showed (`TableActionError.notBeside`), as `page` (the list now) names them.
    public static func reasonNotBeside(_ key: String, past: MoveNeighbour, upward: Bool, on page: SitePage) -> String {
        let name = { (key: String) in rowName(withKey: key, on: page) ?? quoted(key) }
        let listed = { (key: String) in page.controller.indexPath(forRowWithKey: key) != nil }
        let end = upward ? "first" : "last"
        // A row gone from the list is not named: its text went with it, and its key is no word the person ever saw.
        switch past {
        case let .row(neighbour) where !listed(neighbour):
            return "the list changed since this page was shown, and the row shown next to \(name(key)) is no longer in the list"
        case let .sectionEnd(otherSide) where !listed(otherSide):
            return "the list changed since this page was shown, and the row shown beside \(name(key)) in its section is no longer in the list"
        default: break
        }
        let place = switch past {
        case let .row(neighbour): "next to \(name(neighbour))"
        // The row named tells the section: it may be the one that left.
        case let .sectionEnd(otherSide): "\(end) in the section of \(name(otherSide))"
        case let .alone(title?): "alone in \(quoted(title))"
        case .alone(nil): "alone in its section"
        }
        return "the list changed since this page was shown, and \(name(key)) is no longer \(place)"
    }

    /// The text of the row `key`, quoted and shortened, when the page has that row and it has text.
    static func rowName(withKey key: String, on page: SitePage) -> String? {
        page.controller.indexPath(forRowWithKey: key).flatMap { rowName(at: $0, on: page) }
    }

    /// The text of the row at `path`, quoted and shortened, when the page has that row and it has text.
    static func rowName(at path: IndexPath, on page: SitePage) -> String? {
        let counts = page.controller.rowCounts
        guard counts.indices.contains(path.section), path.row >= 0, path.row < counts[path.section] else { return nil }
        let text = page.controller.cell(at: path).text
        return text.isEmpty ? nil : quoted(text)
    }

    /// `text` in curly quotes, made safe for a page and shortened.
    static func quoted(_ text: String) -> String { "“" + DocumentText.cleaned(DocumentText.shortened(text, to: 60)) + "”" }
}
