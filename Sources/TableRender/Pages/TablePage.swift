import Foundation

import TableKit

/// Everything a table page shows: the snapshot and the page around it.
public struct TablePage: Sendable {
    public var documentTitle: String
    public var language: String
    /// The prefix of asset URLs, from `URLBuilder.assets(from:)`.
    public var assets: String
    public var navigationBar: NavigationBarContext?
    /// What the page is called: its navigation bar's title, or its document title without a bar.
    public var title: String { navigationBar?.title ?? documentTitle }
    public var snapshot: TableSnapshot
    /// The revisions of the lists the page shows, carried by every form.
    public var revision: String
    /// The forms of an editable page; `nil` renders a read-only page (an export).
    public var actions: PageActions?
    /// Set when the table is a selection list.
    public var selectionMode: SelectionList.Mode?
    /// The role of a selection list's row buttons where they post a choice: `radio` in an
    /// exclusive list, `checkbox` in an inclusive one; `nil` on other pages and read-only ones.
    public var choiceRole: String? {
        guard let selectionMode, actions != nil else { return nil }
        return selectionMode == .exclusive ? "radio" : "checkbox"
    }
    public var notice: String?
    public var exportNote: String?
    public var emptyMessage: String
    /// Where each row's link and detail button lead.
    public var links: any RowLinker
    /// Buttons below the table that post an action of the page (a named batch update).
    public var commands: [CommandContext]
    /// The URL of the page's live stream (`data-live`); `nil` where the page is not followed live.
    public var live: String?

    /// Makes a page.
    public init(documentTitle: String, language: String = "en", assets: String, navigationBar: NavigationBarContext?,
                snapshot: TableSnapshot, revision: String, actions: PageActions? = nil,
                selectionMode: SelectionList.Mode? = nil, notice: String? = nil,
                exportNote: String? = nil, emptyMessage: String = "No Items", links: any RowLinker,
                commands: [CommandContext] = []) {
        self.documentTitle = documentTitle
        self.language = language
        self.assets = assets
        self.navigationBar = navigationBar
        self.snapshot = snapshot
        self.revision = revision
        self.actions = actions
        self.selectionMode = selectionMode
        self.notice = notice
        self.exportNote = exportNote
        self.emptyMessage = emptyMessage
        self.links = links
        self.commands = commands
    }
}

/// What selecting a row does on a page.
public enum RowLink: Sendable, Hashable {
    /// Opens the page at this address.
    case page(String)
    /// Toggles the row's checkmark (a selection list): a post of the page's form.
    case choice
    /// Nothing: the row is shown, not a control.
    case none
}

/// Where a row's main link and its detail disclosure button lead; the server and the export
/// answer it from the controller's delegate and the URL builder. Two equal linkers give equal
/// rows the same links (rendered rows are reused on that promise).
public protocol RowLinker: Sendable, Hashable {
    /// What selecting the row does.
    func selection(for row: TableRow) -> RowLink
    /// The page the row's detail disclosure button opens.
    func detailLink(for row: TableRow) -> String?
}

/// A linker for tables whose rows lead nowhere.
public struct NoRowLinks: RowLinker {
    /// Makes the linker.
    public init() {}
    public func selection(for row: TableRow) -> RowLink { .none }
    public func detailLink(for row: TableRow) -> String? { nil }
}

/// The forms of an editable page: the token and revision every post carries, and where each
/// action posts. Per-row links (the delete confirmation, the Move to… page) come from here too.
public struct PageActions: Sendable, Hashable {
    public var urls: URLBuilder
    /// The navigation path of the page.
    public var keys: [String]
    public var csrf: String
    /// The row whose Delete button is showing (the confirmation step), if any.
    public var confirmingDeleteKey: String?

    /// Makes the actions of the page at `keys`.
    public init(urls: URLBuilder, keys: [String], csrf: String, confirmingDeleteKey: String? = nil) {
        self.urls = urls
        self.keys = keys
        self.csrf = csrf
        self.confirmingDeleteKey = confirmingDeleteKey
    }

    /// Where `action` posts.
    public func action(_ action: PageAction) -> String { urls.action(action, on: keys) }

    /// Where a row's Move up or Move down posts: with what the page shows beside it on that side,
    /// so the move is made only from there (a second click changes nothing).
    public func move(_ action: PageAction, past: MoveNeighbour) -> String {
        urls.action(action, on: keys, query: MoveNeighbourFields.fields(for: past))
    }

    /// The page in editing mode with the Delete button of `key` showing.
    public func confirmDeleteHref(for key: String) -> String { urls.deleteConfirmation(keys, key: key) }

    /// The page in editing mode without a pending deletion, back at `row`: where cancelling a
    /// deletion leads (the keyboard and a long list's scroll stay at the row).
    public func editingHref(row: String) -> String { urls.editing(keys, row: row) }

    /// The page out of editing mode, back at `row`: where cancelling a swiped deletion leads.
    public func pageHref(row: String) -> String { urls.page(keys, from: keys, row: row) }

    /// The page that offers every place a row may be moved to.
    public func moveToHref(for key: String) -> String { urls.moveSheet(keys, key: key) }
}

/// The id of a row's element, made from its item key so that links to it survive reordering.
public enum RowAnchor {
    /// `row-` and the key, with every character outside letters, digits, `-` and `_` spelt in hex.
    public static func id(for key: String) -> String {
        // Nearly every key is already made of those characters (item keys must be).
        if key.utf8.allSatisfy(isKept) { return "row-" + key }
        var id = "row-"
        for scalar in key.unicodeScalars {
            if scalar.isASCII, isKept(UInt8(scalar.value)) {
                id.unicodeScalars.append(scalar)
            } else {
                id += "." + String(scalar.value, radix: 16) + "."
            }
        }
        return id
    }

    /// Whether an ASCII character stands in an id as it is: a letter, a digit, `-` or `_`.
    private static func isKept(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
